/**
 * `npm run bench:deployed`: what the Cloudflare Pages Function (functions/) adds to the API's
 * answers. Starts the reference backend on a free loopback port over a fresh seeded database
 * and `wrangler pages dev` (workerd, Cloudflare's runtime) with the function forwarding to it,
 * then times three calls from `--clients` (50) concurrent clients, each with its own session:
 * a catalogue GET (a category's first page), a search and a Klikk & Hent reservation. Each
 * call runs `--rounds` (3) times in turn straight to the API and through the function, and
 * the p50 and p95 of each way are printed with what the function added. A static file served
 * by the same `wrangler pages dev` (no function runs for it) shows what the local dev runtime
 * itself costs at that load: its request passes wrangler's own proxy worker and a second
 * workerd, which Cloudflare's edge does not have. Asserts nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ApiReservationRequest } from '../contract/index.ts';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { XSRF_HEADER } from '../server/http/session.ts';
import { startApiServer } from '../server/main.ts';
import { latencyPercentiles } from '../server/search/benchmark.ts';
import { rebuildSearchIndex } from '../server/search/indexer.ts';
import { createPrng } from '../server/seed/prng.ts';
import { seedDatabase } from '../server/seed/seed.ts';
import { routesFile } from '../src/lib/routes/host-files.ts';
import { benchSession, type BenchSession } from './lib/bench-session.ts';
import { startPagesDev } from './lib/pages-dev.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    requests: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    articles: { type: 'string', default: '5000' },
    port: { type: 'string', default: '4490' },
  },
});
const clients = Number(values.clients);
const requestsPerRound = Number(values.requests);
const rounds = Number(values.rounds);
const proxySecret = 'bench-proxy-secret';

const dir = mkdtempSync(join(tmpdir(), 'bench-deployed-'));
const db = openDatabase(join(dir, 'shop.sqlite'));
seedDatabase(db, { articles: Number(values.articles), now: new Date() });
rebuildSearchIndex(db);
// 50 clients on one loopback address: the benchmark measures the proxy, not the limits.
const api = await startApiServer({ port: 0, db, rateLimits: NO_RATE_LIMITS, proxySecret });

// The function answers the API's paths only (`_routes.json`); the release's pages play no
// part in these calls, so a one-page site stands in for it.
const site = join(dir, 'site');
mkdirSync(site);
writeFileSync(join(site, 'index.html'), '<!doctype html><title>Benk</title>');
writeFileSync(join(site, '_routes.json'), routesFile());
const pages = await startPagesDev({
  dir: site,
  port: Number(values.port),
  apiOrigin: api.origin,
  proxySecret,
});

const category = (
  db.prepare('SELECT id FROM main_groups ORDER BY id LIMIT 1').get() as { id: number }
).id;
// Shops hold plenty of stock of these, so reservations keep succeeding round after round.
const pool = db
  .prepare(
    `SELECT v.ean, st.shop_id AS shop FROM variants v
     JOIN articles a ON a.id = v.article_id
     JOIN stock st ON st.variant_id = v.id
     JOIN shops s ON s.id = st.shop_id AND s.is_web_shop = 0
     WHERE a.visible = 1 AND a.purchasable_on_web = 1 AND st.qty > 0
     ORDER BY st.qty DESC LIMIT 200`,
  )
  .all() as Array<{ ean: string; shop: number }>;

type Call = (
  origin: string,
  s: BenchSession,
  rng: ReturnType<typeof createPrng>,
) => Promise<Response>;

const calls: Record<string, Call> = {
  'catalogue GET': (origin, s) =>
    fetch(
      `${origin}/api/v1/categories/${String(category)}/articles?page=1&per_page=20&orderBy=Name&order=asc&tenant=toppfart`,
      { headers: { Cookie: s.cookie } },
    ),
  search: (origin, s, rng) =>
    fetch(`${origin}/api/v1/articles/search?tenant=toppfart`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: s.cookie, [XSRF_HEADER]: s.token },
      body: JSON.stringify({
        query: rng.pick(['jakke', 'bukse', 'sko', 'ull', 'lue']),
        take: 20,
        page: 0,
        filters: '',
      }),
    }),
  reservation: (origin, s, rng) => {
    const line = rng.pick(pool);
    const body: ApiReservationRequest = {
      CustomerName: 'Benk Benksen',
      Email: 'benk@example.no',
      Phone: '91234567',
      Delivery: 0,
      Address: '',
      PostalCode: '',
      City: '',
      ShopID: line.shop,
      items: [{ EanNo: line.ean, Count: 1, CampaignArticleID: null }],
      shipping_method_id: 'pickup',
    };
    return fetch(`${origin}/api/v1/reservations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: s.cookie, [XSRF_HEADER]: s.token },
      body: JSON.stringify(body),
    });
  },
};

/** `requestsPerRound` calls from `clients` clients; the time of each and the statuses. */
async function round(origin: string, call: Call, seed: number) {
  const timings: number[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, id) => {
      const s = await benchSession(origin);
      const rng = createPrng(seed * 1000 + id);
      while (sent < requestsPerRound) {
        sent++;
        const started = performance.now();
        const res = await call(origin, s, rng);
        await res.arrayBuffer();
        timings.push(performance.now() - started);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  return { timings, statuses };
}

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
console.log(
  `${String(clients)} concurrent clients, ${String(requestsPerRound)} requests a round, ${String(rounds)} rounds each way, in turn`,
);
console.log(
  `${'call'.padEnd(15)}${'way'.padEnd(20)}${'requests'.padStart(9)}${'p50'.padStart(9)}${'p95'.padStart(9)}  statuses`,
);
try {
  // One call through the function first: a benchmark of error answers would measure nothing.
  const probe = await fetch(`${pages.origin}/api/v1/genders`);
  if (probe.status !== 200) {
    throw new Error(`The function answered ${String(probe.status)}: ${await probe.text()}`);
  }
  const staticFile = await round(pages.origin, (origin) => fetch(`${origin}/`), 0);
  const floor = latencyPercentiles(staticFile.timings);
  console.log(
    `${'static file'.padEnd(15)}${'wrangler, no function'.padEnd(20)}${String(staticFile.timings.length).padStart(9)}${ms(floor.p50)}${ms(floor.p95)}  the dev runtime alone`,
  );
  for (const [name, call] of Object.entries(calls)) {
    const ways = { 'straight to the API': api.origin, 'through the function': pages.origin };
    const timings: Record<string, number[]> = {};
    const statuses: Record<string, Map<number, number>> = {};
    for (let r = 0; r < rounds; r++) {
      for (const [way, origin] of Object.entries(ways)) {
        const result = await round(origin, call, r);
        (timings[way] ??= []).push(...result.timings);
        const seen = (statuses[way] ??= new Map());
        for (const [status, n] of result.statuses) seen.set(status, (seen.get(status) ?? 0) + n);
      }
    }
    const latency: Record<string, { p50: number; p95: number }> = {};
    for (const way of Object.keys(ways)) {
      const times = timings[way] ?? [];
      latency[way] = latencyPercentiles(times);
      const counts = [...(statuses[way] ?? new Map<number, number>())]
        .map(([status, n]) => `${String(status)}: ${String(n)}`)
        .join(', ');
      console.log(
        `${name.padEnd(15)}${way.padEnd(20)}${String(times.length).padStart(9)}${ms(latency[way].p50)}${ms(latency[way].p95)}  ${counts}`,
      );
    }
    const straight = latency['straight to the API'];
    const proxied = latency['through the function'];
    if (straight && proxied) {
      console.log(
        `${name.padEnd(15)}${'added by the proxy'.padEnd(29)}${ms(proxied.p50 - straight.p50)}${ms(proxied.p95 - straight.p95)}`,
      );
    }
  }
} finally {
  await pages.close();
  await api.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
