import { createHash, randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';

/**
 * Tables whose rows no built page shows: sessions, accounts, carts' reservations and orders,
 * the mail outbox, poll answers (results load in the browser), the social feed (loaded in
 * the browser) and promo codes (the checkout's). Every other table, and every table added
 * later, counts as build input: forgetting one here costs a rebuild, never a stale page.
 */
const runtimeTables = new Set([
  'poll_answers',
  'social_posts',
  'promo_codes',
  'customers',
  'sessions',
  'customer_tokens',
  'favourites',
  'outbox',
  'reservations',
  'reservation_lines',
  'orders',
  'order_lines',
  'idempotency_keys',
  'data_revision',
]);

/**
 * Counts every write to the tables a build reads: one row, bumped by a trigger per table and
 * kind of write. Installed with the schema (server/db/database.ts).
 */
export function installRevisionTriggers(db: DatabaseSync): void {
  // The database's own id keeps two databases with equal counters (two fresh seeds) apart.
  db.exec('CREATE TABLE data_revision (db TEXT NOT NULL, n INTEGER NOT NULL)');
  db.prepare('INSERT INTO data_revision VALUES (?, 0)').run(randomUUID());
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'",
    )
    .all() as Array<{ name: string }>;
  for (const { name } of tables) {
    if (runtimeTables.has(name) || name.includes('_fts')) continue;
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      db.exec(
        `CREATE TRIGGER revision_${name}_${event.toLowerCase()} AFTER ${event} ON ${name}
         BEGIN UPDATE data_revision SET n = n + 1; END`,
      );
    }
  }
}

/**
 * A value that changes whenever what a build reads may have changed: the database's id and
 * write counter, and
 * what the clock alone changes, namely which campaigns run or are still to come and which blog
 * posts are published at `now`. Equal values mean a build now would read the same answers.
 */
export function dataRevision(db: DatabaseSync, now: Date): string {
  const iso = now.toISOString();
  const row = db.prepare('SELECT db, n FROM data_revision').get() as { db: string; n: number };
  const clock = db
    .prepare(
      `SELECT json_array(
         (SELECT json_group_array(id) FROM campaigns WHERE start <= ? AND end > ?),
         (SELECT json_group_array(id) FROM campaigns WHERE start > ?),
         (SELECT json_group_array(id) FROM blog_posts
            WHERE julianday(published_at) <= julianday(?))) AS clock`,
    )
    .get(iso, iso, iso, iso) as { clock: string };
  const hash = createHash('sha256').update(clock.clock).digest('base64url').slice(0, 16);
  return `${row.db}.${row.n}.${hash}`;
}
