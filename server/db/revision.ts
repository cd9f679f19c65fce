import { createHash, randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { ApiArticleChanges } from '../../contract/index.ts';

/**
 * Tables whose rows no built page shows: sessions, accounts, carts' reservations and orders
 * with their withdrawals and shipments, the mail outbox, poll answers (results load in the browser), the
 * social feed (loaded in the browser) and promo codes (the checkout's). Every other table, and every table added
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
  'withdrawal_tokens',
  'withdrawals',
  'withdrawal_lines',
  'shipments',
  'shipment_lines',
  'idempotency_keys',
  'data_revision',
  'article_changes',
]);

const ownColumn = (row: 'NEW' | 'OLD') => `SELECT ${row}.article_id AS article_id`;

/**
 * The articles a written row changes the detail of (`GET articles/{id}`), as a SELECT of
 * article ids over the trigger's `NEW` or `OLD` row, per table that holds per-article data.
 */
const articlesOfRow: Record<string, (row: 'NEW' | 'OLD') => string> = {
  articles: (row) => `SELECT ${row}.id AS article_id`,
  variants: ownColumn,
  stock: (row) => `SELECT article_id FROM variants WHERE id = ${row}.variant_id`,
  article_color_groups: ownColumn,
  article_shops: ownColumn,
  reviews: ownColumn,
  bestsellers: ownColumn,
  campaign_items: ownColumn,
  campaigns: (row) => `SELECT article_id FROM campaign_items WHERE campaign_id = ${row}.id`,
};

/**
 * Build tables that no article detail reads. A write to any other table that
 * {@link articlesOfRow} does not name (brands, categories, colours, sizes, shops, and every
 * table added later) may change every article's detail, so the change feed then answers
 * "all": forgetting a table here costs a full reload, never a stale page.
 */
const notInArticleDetails = new Set([
  'blog_categories',
  'blog_posts',
  'blog_post_categories',
  'blog_post_articles',
  'polls',
  'poll_questions',
  'poll_options',
  'tenants',
  'shipping_methods',
  'postal_codes',
]);

/**
 * Counts every write to the tables a build reads: one row, bumped by a trigger per table and
 * kind of write. The same triggers keep the change feed ({@link articleChanges}): the count
 * at which each article's detail last changed, and the count at which a write last changed
 * data that every article shows. Installed with the schema (server/db/database.ts).
 */
export function installRevisionTriggers(db: DatabaseSync): void {
  // The database's own id keeps two databases with equal counters (two fresh seeds) apart.
  db.exec(`CREATE TABLE data_revision (db TEXT NOT NULL, n INTEGER NOT NULL, shared INTEGER NOT NULL);
           CREATE TABLE article_changes (article_id INTEGER PRIMARY KEY, n INTEGER NOT NULL);`);
  db.prepare('INSERT INTO data_revision VALUES (?, 0, 0)').run(randomUUID());
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'",
    )
    .all() as Array<{ name: string }>;
  for (const { name } of tables) {
    if (runtimeTables.has(name) || name.includes('_fts')) continue;
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      const articles = articlesOfRow[name];
      const rows = { INSERT: ['NEW'], UPDATE: ['OLD', 'NEW'], DELETE: ['OLD'] }[event] as Array<
        'NEW' | 'OLD'
      >;
      // The counter first, so a change is marked with a count above any cursor taken before it.
      const marks = articles
        ? `INSERT INTO article_changes (article_id, n)
             SELECT article_id, (SELECT n FROM data_revision)
             FROM (${rows.map(articles).join(' UNION ')})
             WHERE article_id IS NOT NULL
           ON CONFLICT (article_id) DO UPDATE SET n = excluded.n;`
        : notInArticleDetails.has(name)
          ? ''
          : 'UPDATE data_revision SET shared = n;';
      db.exec(
        `CREATE TRIGGER revision_${name}_${event.toLowerCase()} AFTER ${event} ON ${name}
         BEGIN UPDATE data_revision SET n = n + 1; ${marks} END`,
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

/**
 * The change feed: the articles whose detail (`GET articles/{id}`) may differ from what it
 * was at `since`, a cursor an earlier answer gave, or null for "all of them" (no cursor, a
 * cursor of another database, or a write since then to data every article shows). Besides
 * the writes, the clock changes an article's price and labels when one of its campaigns
 * starts or ends. The answer's cursor is taken before the caller reads any detail, so a
 * change made meanwhile is answered again next time, never missed.
 */
export function articleChanges(db: DatabaseSync, now: Date, since?: string): ApiArticleChanges {
  const row = db.prepare('SELECT db, n, shared FROM data_revision').get() as {
    db: string;
    n: number;
    shared: number;
  };
  const cursor = `${row.db}.${row.n}.${now.getTime()}`;
  const [sinceDb, sinceN, sinceTime] = (since ?? '').split('.');
  const n = Number(sinceN);
  const time = Number(sinceTime);
  if (
    sinceDb !== row.db ||
    !Number.isSafeInteger(n) ||
    !Number.isSafeInteger(time) ||
    n > row.n ||
    time > now.getTime() ||
    row.shared > n
  ) {
    return { cursor, articleIds: null };
  }
  const from = new Date(time).toISOString();
  const to = now.toISOString();
  const ids = db
    .prepare(
      `SELECT article_id FROM article_changes WHERE n > ?
       UNION
       SELECT ci.article_id FROM campaign_items ci JOIN campaigns c ON c.id = ci.campaign_id
       WHERE (c.start > ? AND c.start <= ?) OR (c.end > ? AND c.end <= ?)
       ORDER BY 1`,
    )
    .all(n, from, to, from, to) as Array<{ article_id: number }>;
  return { cursor, articleIds: ids.map((r) => r.article_id) };
}
