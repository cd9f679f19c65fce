import { describe, expect, it } from 'vitest';
import { runSearchBenchmark } from './benchmark.ts';
import {
  insertFixtureArticles,
  openFixtureDatabase,
  syntheticArticles,
} from '../test-support/search-articles.ts';

describe('runSearchBenchmark', () => {
  it('answers ordered latency percentiles for a mix over a synthetic catalogue', () => {
    const db = openFixtureDatabase();
    insertFixtureArticles(db, syntheticArticles(300, 1));
    const latency = runSearchBenchmark(db, { requests: 200, seed: 1 });
    expect(latency.p50).toBeGreaterThan(0);
    expect(latency.p50).toBeLessThanOrEqual(latency.p95);
    expect(latency.p95).toBeLessThanOrEqual(latency.p99);
    expect(Number.isFinite(latency.p99)).toBe(true);
  });
});
