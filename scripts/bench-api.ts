/**
 * `npm run bench:api`: seed time and database size at 5,000 and 50,000 articles, and
 * p50/p95/p99 latency of 1,000 mixed search requests (text and filters) and 1,000 category
 * listing pages, at both sizes. Search is measured twice: in the engine (what the search
 * targets are about) and through the HTTP route (parsing, engine, serialising the page of
 * articles, JSON). Then, hostile traffic: 20,000 cookieless catalogue and image requests
 * from 50 concurrent clients to the server on a loopback port, with the session rows they
 * created (target 0) and the p95 of the first and the last 2,000 answers (target: no
 * growth). Prints figures; asserts nothing. `--sizes 5000` runs one size.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { createApp } from '../server/app.ts';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { TestClient } from '../server/test-support/client.ts';
import { startApiServer } from '../server/main.ts';
import {
  latencyPercentiles,
  runSearchBenchmark,
  searchRequestMix,
} from '../server/search/benchmark.ts';
import { rebuildSearchIndex } from '../server/search/indexer.ts';
import type { Prng } from '../server/seed/prng.ts';
import { createPrng } from '../server/seed/prng.ts';
import { articlePicturePath, PICTURE_VIEWS } from '../server/seed/picture-paths.ts';
import { seedDatabase } from '../server/seed/seed.ts';
import { formatNumber } from '../src/lib/format/number.ts';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '5000,50000' } } });
const sizes = values.sizes.split(',').map(Number);
const requests = 1000;
const floodRequests = 20_000;
const floodClients = 50;
// The p95 of this many answers at the start and at the end of the flood.
const floodWindow = 2000;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const line = (label: string, l: { p50: number; p95: number; p99: number }) =>
  console.log(`  ${label.padEnd(34)} p50 ${fmt(l.p50)}  p95 ${fmt(l.p95)}  p99 ${fmt(l.p99)}`);

const ids = (db: DatabaseSync, sql: string): number[] =>
  db
    .prepare(sql)
    .all()
    .map((r) => Number(r['id']));

/** A catalogue or image path a crawler or a scraper might ask for, without a cookie. */
function cookielessPaths(db: DatabaseSync): (prng: Prng) => string {
  const articles = ids(db, 'SELECT id FROM articles WHERE visible = 1');
  // Each visible article's photographs, by its colours (the cache makes all but the first cheap).
  const pictures = (
    db
      .prepare(
        `SELECT DISTINCT v.article_id AS article, v.color_id AS color FROM variants v
         JOIN articles a ON a.id = v.article_id WHERE a.visible = 1`,
      )
      .all() as Array<{ article: number; color: number }>
  ).map((p) => [p.article, p.color] as const);
  const categories = ids(db, 'SELECT id FROM main_groups');
  return (prng) => {
    const article = String(prng.pick(articles));
    return prng.pick([
      `/api/v1/articles/${article}`,
      `/api/v1/categories/${String(prng.pick(categories))}/articles?page=${String(1 + prng.int(0, 9))}`,
      `/api/v1/articles/bundle?articles=${article},${String(prng.pick(articles))}`,
      '/api/v1/categories',
      '/api/v1/shops',
      articlePicturePath(...prng.pick(pictures), prng.pick(PICTURE_VIEWS)),
    ]);
  };
}

/**
 * {@link floodRequests} cookieless GETs from {@link floodClients} concurrent clients to the
 * backend on a loopback port, with its request limits as `npm run api` has them.
 */
async function cookielessFlood(db: DatabaseSync): Promise<void> {
  const sessions = () =>
    (db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
  const before = sessions();
  const server = await startApiServer({ port: 0, db });
  const pathOf = cookielessPaths(db);
  const timings: number[] = Array.from({ length: floodRequests });
  const failures = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: floodClients }, async (_, client) => {
      const prng = createPrng(500 + client);
      while (next < floodRequests) {
        const index = next++;
        const t = performance.now();
        const res = await fetch(`${server.origin}${pathOf(prng)}`);
        await res.arrayBuffer();
        timings[index] = performance.now() - t;
        if (res.status !== 200) failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await server.close();
  const first = latencyPercentiles(timings.slice(0, floodWindow));
  const last = latencyPercentiles(timings.slice(-floodWindow));
  const other = [...failures].map(([status, n]) => `${String(n)} × ${String(status)}`).join(', ');
  console.log(
    `  cookieless flood: ${formatNumber(floodRequests)} GETs, ${String(floodClients)} clients, ${seconds.toFixed(1)} s (${formatNumber(Math.round(floodRequests / seconds))}/s)${other === '' ? '' : `, not 200: ${other}`}`,
  );
  console.log(`  session rows created              ${String(sessions() - before)}`);
  console.log(
    `  p95 first / last ${formatNumber(floodWindow)}              ${fmt(first.p95)} / ${fmt(last.p95)}`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
try {
  for (const articles of sizes) {
    const file = join(dir, `shop-${articles}.sqlite`);
    const db = openDatabase(file);
    let started = performance.now();
    seedDatabase(db, { articles, now: new Date() });
    const seedSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    rebuildSearchIndex(db);
    const indexSeconds = (performance.now() - started) / 1000;
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const mib = statSync(file).size / 1024 / 1024;

    console.log(`\n${formatNumber(articles)} articles`);
    console.log(
      `  seed ${seedSeconds.toFixed(2)} s, search index ${indexSeconds.toFixed(2)} s, database ${mib.toFixed(1)} MiB`,
    );
    line('search (engine, 1,000 mixed)', runSearchBenchmark(db, { requests, seed: 7 }));

    // One in-process client sends every request: no request limits to measure instead.
    const client = new TestClient(createApp({ db, rateLimits: NO_RATE_LIMITS }));
    await client.request('/sanctum/csrf-cookie');
    const searchTimings: number[] = [];
    for (const body of searchRequestMix(db, { requests, seed: 7 })) {
      const t = performance.now();
      const res = await client.request('/api/v1/articles/search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      searchTimings.push(performance.now() - t);
    }
    line('search (HTTP route, same mix)', latencyPercentiles(searchTimings));

    const categories = db
      .prepare('SELECT id FROM main_groups')
      .all()
      .map((r) => Number(r['id']));
    const prng = createPrng(11);
    const listingTimings: number[] = [];
    for (let i = 0; i < requests; i++) {
      const id = prng.pick(categories);
      const orderBy = prng.pick(['Name', 'Price', 'Bestseller', 'DateCreated']);
      const order = prng.pick(['asc', 'desc']);
      const page = 1 + prng.int(0, 9);
      const t = performance.now();
      const res = await client.request(
        `/api/v1/categories/${id}/articles?page=${page}&per_page=20&orderBy=${orderBy}&order=${order}`,
      );
      await res.arrayBuffer();
      listingTimings.push(performance.now() - t);
    }
    line('category listing (HTTP, 20/page)', latencyPercentiles(listingTimings));
    await cookielessFlood(db);
    db.close();
  }
  console.log(
    '\nTargets: seed 5,000 < 5 s; search p95 < 10 ms at 5,000 and < 40 ms at 50,000;' +
      ' cookieless flood: 0 session rows, last p95 no higher than first.',
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
