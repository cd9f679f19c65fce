/**
 * `npm run bench:checkout`: reservations under contention. Starts the backend on a free
 * loopback port over a fresh seeded database in a temporary folder, then 50 clients (each
 * its own session and XSRF token) send `POST /api/v1/reservations` for a small pool of EANs
 * until `--requests` are done or `--seconds` have passed. Prints reservations per second,
 * p50/p95/p99 latency and the counts of 201, 409 and other answers, then checks the stock
 * invariant: no stock below 0, and the units held by reservations equal what stock lost.
 * Asserts nothing else.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
import { seedDatabase, webShopId } from '../server/seed/seed.ts';
import { benchSession } from './lib/bench-session.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    requests: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '30' },
    articles: { type: 'string', default: '2000' },
    eans: { type: 'string', default: '100' },
  },
});
const clients = Number(values.clients);
const maxRequests = Number(values.requests);
const deadline = performance.now() + Number(values.seconds) * 1000;

const dir = mkdtempSync(join(tmpdir(), 'bench-checkout-'));
const db = openDatabase(join(dir, 'shop.sqlite'));
seedDatabase(db, { articles: Number(values.articles), now: new Date() });
rebuildSearchIndex(db);

// A small pool of web-shop EANs, so that clients compete for the same units.
const pool = db
  .prepare(
    `SELECT v.ean, min(a.web_purchase_limit, 2) AS max_count
     FROM variants v JOIN articles a ON a.id = v.article_id
     JOIN stock st ON st.variant_id = v.id AND st.shop_id = ?
     WHERE a.visible = 1 AND a.purchasable_on_web = 1 AND a.only_cc = 0 AND st.qty > 0
     ORDER BY v.id LIMIT ?`,
  )
  .all(webShopId, Number(values.eans)) as Array<{ ean: string; max_count: number }>;
const stockSum = () => (db.prepare('SELECT sum(qty) AS n FROM stock').get() as { n: number }).n;
const stockBefore = stockSum();

// 50 clients on one loopback address: the benchmark measures reservations, not the limits.
const server = await startApiServer({ port: 0, db, rateLimits: NO_RATE_LIMITS });
const statuses = new Map<string, number>();
const timings: number[] = [];
let sent = 0;

async function client(id: number): Promise<void> {
  const { cookie, token } = await benchSession(server.origin);
  const rng = createPrng(1000 + id);
  while (sent < maxRequests && performance.now() < deadline) {
    sent++;
    const line = rng.pick(pool);
    const body: ApiReservationRequest = {
      CustomerName: `Benk ${String(id)}`,
      Email: `benk${String(id)}@example.no`,
      Phone: '91234567',
      Delivery: 1,
      Address: 'Storgata 1',
      PostalCode: '0155',
      City: 'Oslo',
      ShopID: webShopId,
      items: [{ EanNo: line.ean, Count: rng.int(1, line.max_count), CampaignArticleID: null }],
      shipping_method_id: 'delivery',
    };
    const started = performance.now();
    const res = await fetch(`${server.url}/reservations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, [XSRF_HEADER]: token },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    timings.push(performance.now() - started);
    const key = res.status === 201 || res.status === 409 ? String(res.status) : 'other';
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
const seconds = (performance.now() - started) / 1000;
await server.close();

const latency = latencyPercentiles(timings);
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
console.log(
  `${String(timings.length)} reservations from ${String(clients)} clients over ${String(pool.length)} EANs in ${seconds.toFixed(2)} s`,
);
console.log(`  ${(timings.length / seconds).toFixed(0)} requests/s`);
console.log(`  p50 ${fmt(latency.p50)}  p95 ${fmt(latency.p95)}  p99 ${fmt(latency.p99)}`);
console.log(
  `  201: ${String(statuses.get('201') ?? 0)}  409: ${String(statuses.get('409') ?? 0)}  other: ${String(statuses.get('other') ?? 0)}`,
);

const negative = (
  db.prepare('SELECT COUNT(*) AS n FROM stock WHERE qty < 0').get() as { n: number }
).n;
const reserved = (
  db.prepare('SELECT coalesce(sum(count), 0) AS n FROM reservation_lines').get() as { n: number }
).n;
const taken = stockBefore - stockSum();
console.log(
  `  stock: ${String(negative)} rows below 0; units reserved ${String(reserved)}, stock decrements ${String(taken)}`,
);
db.close();
rmSync(dir, { recursive: true, force: true });
if (negative > 0 || reserved !== taken) {
  console.error('Stock invariant broken.');
  process.exitCode = 1;
}
