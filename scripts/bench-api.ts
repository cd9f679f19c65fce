/**
 * `npm run bench:api`: seed time and database size at 5,000 and 50,000 articles, and
 * p50/p95/p99 latency of 1,000 mixed search requests (text and filters) and 1,000 category
 * listing pages, at both sizes. Search is measured twice: in the engine (what the search
 * targets are about) and through the HTTP route (parsing, engine, serialising the page of
 * articles, JSON). Prints figures; asserts nothing. `--sizes 5000` runs one size.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../server/app.ts';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { TestClient } from '../server/http/test-client.ts';
import {
  latencyPercentiles,
  runSearchBenchmark,
  searchRequestMix,
} from '../server/search/benchmark.ts';
import { rebuildSearchIndex } from '../server/search/indexer.ts';
import { createPrng } from '../server/seed/prng.ts';
import { seedDatabase } from '../server/seed/seed.ts';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '5000,50000' } } });
const sizes = values.sizes.split(',').map(Number);
const requests = 1000;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const line = (label: string, l: { p50: number; p95: number; p99: number }) =>
  console.log(`  ${label.padEnd(34)} p50 ${fmt(l.p50)}  p95 ${fmt(l.p95)}  p99 ${fmt(l.p99)}`);

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

    console.log(`\n${articles.toLocaleString('nb-NO')} articles`);
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
    db.close();
  }
  console.log('\nTargets: seed 5,000 < 5 s; search p95 < 10 ms at 5,000 and < 40 ms at 50,000.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
