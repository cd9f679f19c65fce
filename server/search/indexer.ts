/**
 * Builds what search reads besides `articles`: the FTS5 table `article_search` over folded
 * text of every visible article, and the derived tables `article_color_groups` and
 * `article_shops` that the `colorGroups.ColorGroupID` and `available.ShopID` filters read.
 */
import { nbSortKey } from '../db/nb-sort.ts';
import type { DatabaseSync } from 'node:sqlite';
import { foldText } from './normalize.ts';
import { cachedStatement, clearStatementCache } from '../db/statement-cache.ts';

/** Name of the FTS5 table; its rowid is the article id. */
export const searchTable = 'article_search';
/** Name of the narrow copy of the visible articles that search filters and sorts. */
export const documentsTable = 'search_documents';

// The trigram tokenizer indexes every 3-character substring, so a query word matches inside
// Norwegian compounds (`jakke` in `vinterjakke`, `sko` in `joggesko`) without a dictionary.
// Text is folded before it gets here. Contentless (content=''): search reads no text back
// from FTS, the folded name and labels for ranking live in the documents table.
const createSearchTable = `
  CREATE VIRTUAL TABLE ${searchTable} USING fts5(
    name, labels, description,
    tokenize = 'trigram', content = '', columnsize = 0
  )`;

// Search filters and sorts this narrow table, not `articles`, whose long texts make every
// scan of 50,000 rows read megabytes. Its columns keep the names of `articles`, so a filter
// fragment over `a` reads either. `default_rank` orders by bestseller, then name: the
// tie-break of every ranking, precomputed so an index can serve it.
const createDocumentsTable = `
  CREATE TABLE ${documentsTable} (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    folded_name TEXT NOT NULL,
    folded_labels TEXT NOT NULL,
    price REAL NOT NULL,
    brand_id INTEGER NOT NULL,
    gender_id INTEGER NOT NULL,
    main_group_id INTEGER NOT NULL,
    group2_id INTEGER NOT NULL,
    group3_id INTEGER NOT NULL,
    product_line_id INTEGER,
    only_cc INTEGER NOT NULL,
    featured INTEGER NOT NULL,
    date_created TEXT NOT NULL,
    bestseller_rank INTEGER,
    default_rank INTEGER NOT NULL
  )`;

const fillDocumentsTable = `
  INSERT INTO ${documentsTable}
  SELECT a.id, a.name,
         search_fold(a.name),
         search_fold(concat_ws(' ', b.name, m.name, g2.name, g3.name)),
         a.price, a.brand_id, a.gender_id, a.main_group_id, a.group2_id, a.group3_id,
         a.product_line_id, a.only_cc, a.featured, a.date_created, bs.qty_rank,
         row_number() OVER (ORDER BY bs.qty_rank IS NULL, bs.qty_rank, a.name COLLATE NOCASE, a.id)
  FROM articles a
  LEFT JOIN bestsellers bs ON bs.article_id = a.id
  LEFT JOIN brands b ON b.id = a.brand_id
  LEFT JOIN main_groups m ON m.id = a.main_group_id
  LEFT JOIN groups2 g2 ON g2.id = a.group2_id
  LEFT JOIN groups3 g3 ON g3.id = a.group3_id
  WHERE a.visible = 1`;

// A listing's first page (group 3 ids, perhaps a gender, by name) is read from the listing
// index alone, count and page: without it every build's 500 listing pages read some 1,000
// wide rows each (6 ms a listing, 75 ms a main group at 50,000 articles; 0.03–0.3 ms with it).
const indexDocumentsTable = `
  CREATE INDEX ${documentsTable}_rank ON ${documentsTable} (default_rank);
  CREATE INDEX ${documentsTable}_price ON ${documentsTable} (price);
  CREATE INDEX ${documentsTable}_name ON ${documentsTable} (name COLLATE NOCASE);
  CREATE INDEX ${documentsTable}_date ON ${documentsTable} (date_created);
  CREATE INDEX ${documentsTable}_listing
    ON ${documentsTable} (group3_id, gender_id, name COLLATE NOCASE, default_rank);`;

const fillSearchTable = `
  INSERT INTO ${searchTable} (rowid, name, labels, description)
  SELECT d.id, d.folded_name, d.folded_labels, search_fold(a.description)
  FROM ${documentsTable} d JOIN articles a ON a.id = d.id`;

const colorGroupsOf = `
  SELECT DISTINCT v.article_id, c.color_group_id
  FROM variants v JOIN colors c ON c.id = v.color_id`;

const shopsOf = `
  SELECT v.article_id, st.shop_id, max(st.qty > 0)
  FROM variants v JOIN stock st ON st.variant_id = v.id`;

/**
 * Runs `fn` under a savepoint: its own transaction when none is open, a nested one when
 * the caller (a seed, a reservation) already holds a transaction.
 */
function atomically(db: DatabaseSync, name: string, fn: () => void): void {
  db.exec(`SAVEPOINT ${name}`);
  try {
    fn();
    db.exec(`RELEASE ${name}`);
  } catch (error) {
    db.exec(`ROLLBACK TO ${name}`);
    db.exec(`RELEASE ${name}`);
    throw error;
  }
}

/**
 * (Re)creates and fills, in one transaction, the FTS5 table over the folded name, brand,
 * category names (main group, group 2, group 3) and description of every visible article,
 * the documents table search filters and sorts, and the derived tables
 * `article_color_groups` and `article_shops`. Call after seeding and after any change to
 * articles, bestsellers, variants or colours.
 */
export function rebuildSearchIndex(db: DatabaseSync): void {
  db.function('search_fold', { deterministic: true }, (text) =>
    foldText(typeof text === 'string' ? text : ''),
  );
  atomically(db, 'rebuild_search_index', () => {
    db.exec(`DROP TABLE IF EXISTS ${searchTable}`);
    db.exec(`DROP TABLE IF EXISTS ${documentsTable}`);
    db.exec(createDocumentsTable);
    db.exec(fillDocumentsTable);
    db.exec(indexDocumentsTable);
    db.exec(createSearchTable);
    db.exec(fillSearchTable);
    // Merging the b-tree segments of the bulk insert into one speeds up every later query.
    db.exec(`INSERT INTO ${searchTable} (${searchTable}) VALUES ('optimize')`);
    db.exec('DELETE FROM article_color_groups');
    db.exec(`INSERT INTO article_color_groups (article_id, color_group_id) ${colorGroupsOf}`);
    // Listings sort by name in nb-NO order on every page view; computing the key once here
    // lets SQLite walk an index instead of sorting every article of a category each time.
    const setSortKey = db.prepare('UPDATE articles SET name_sort = ? WHERE id = ?');
    for (const row of db.prepare('SELECT id, name FROM articles').all()) {
      setSortKey.run(nbSortKey(String(row['name'])), Number(row['id']));
    }
    db.exec('DELETE FROM article_shops');
    db.exec(
      `INSERT INTO article_shops (article_id, shop_id, in_stock) ${shopsOf} GROUP BY v.article_id, st.shop_id`,
    );
  });
  clearStatementCache(db);
  indexed.add(db);
}

// Connections known to hold the index, so that searches skip the schema lookup.
const indexed = new WeakSet<DatabaseSync>();

/** Whether {@link rebuildSearchIndex} has run on this database. */
export function hasSearchIndex(db: DatabaseSync): boolean {
  const row = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(documentsTable);
  return row !== undefined;
}

/** Builds the search index unless it exists, for databases seeded without the seed CLI. */
export function ensureSearchIndex(db: DatabaseSync): void {
  if (indexed.has(db)) return;
  if (hasSearchIndex(db)) indexed.add(db);
  else rebuildSearchIndex(db);
}

/**
 * Recomputes `article_shops` of one article from `stock`, e.g. after a reservation took the
 * last item in a shop, so that `available.ShopID` filters see the change at once.
 */
export function refreshArticleStock(db: DatabaseSync, articleId: number): void {
  atomically(db, 'refresh_article_stock', () => {
    cachedStatement(db, 'DELETE FROM article_shops WHERE article_id = ?').run(articleId);
    cachedStatement(
      db,
      `INSERT INTO article_shops (article_id, shop_id, in_stock) ${shopsOf}
       WHERE v.article_id = ? GROUP BY v.article_id, st.shop_id`,
    ).run(articleId);
  });
}
