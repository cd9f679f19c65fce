import type { DatabaseSync } from 'node:sqlite';
import { isSeeded } from '../db/database.ts';
import { rebuildSearchIndex } from '../search/indexer.ts';
import { seedDatabase } from './seed.ts';

/** Articles a fresh database gets (issue: default catalogue of 5,000 articles). */
export const defaultArticleCount = 5000;

/**
 * Seeds an empty database (and builds its search index); leaves a seeded one alone.
 * Answers a fingerprint of the catalogue, so a build made from other data counts as stale.
 */
export function ensureSeeded(db: DatabaseSync, articles = defaultArticleCount): string {
  if (!isSeeded(db)) {
    const started = performance.now();
    seedDatabase(db, { articles, now: new Date(), orders: true });
    rebuildSearchIndex(db);
    console.log(
      `Database seeded with ${articles} articles in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
  const row = db
    .prepare(
      `SELECT (SELECT count(*) FROM articles) || ':' || (SELECT total(price) FROM articles) || ':' ||
              (SELECT group_concat(start || end, ',') FROM campaigns) AS fingerprint`,
    )
    .get() as { fingerprint: string };
  return row.fingerprint;
}
