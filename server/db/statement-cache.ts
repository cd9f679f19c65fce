import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** How many prepared statements each connection keeps; the shop sends few distinct shapes. */
export const statementCacheSize = 128;

const caches = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/**
 * The prepared statement for `sql` on `db`, prepared once and kept in a per-connection
 * LRU of {@link statementCacheSize} entries (a Map keeps insertion order, so re-inserting a
 * hit marks it most recent and the first key is the least recent).
 */
export function cachedStatement(db: DatabaseSync, sql: string): StatementSync {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(sql);
  if (hit !== undefined) {
    cache.delete(sql);
    cache.set(sql, hit);
    return hit;
  }
  const statement = db.prepare(sql);
  cache.set(sql, statement);
  if (cache.size > statementCacheSize) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  return statement;
}

/** Forgets the statements of `db`, e.g. after the tables they read were dropped and rebuilt. */
export function clearStatementCache(db: DatabaseSync): void {
  caches.delete(db);
}
