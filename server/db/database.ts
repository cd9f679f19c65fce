import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { registerPreviewMoment } from './preview-moment.ts';
import { installRevisionTriggers } from './revision.ts';

const schema = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

/**
 * Version of schema.sql and of what the seed stores. A database made from another version
 * holds the generated reference catalogue and what development and tests made on top of it
 * (accounts, reservations), so it is dropped and made anew rather than migrated; raise this
 * whenever schema.sql changes, or the seed's stored values do in a way the routes rely on
 * (10: picture paths became `.jpg` photographs, and the `.svg` routes went; 12: the final
 * price view reads the preview clock; 14: orders' shipments, partial withdrawals and the
 * confirmation's record; 15: the field measurement's vitals).
 */
export const schemaVersion = 15;

/** Where `npm run api` and `npm start` keep the database unless `DATABASE_PATH` says otherwise. */
export const defaultDatabasePath = new URL('../../.data/shop.sqlite', import.meta.url).pathname;

/**
 * Opens (creating when missing) the database. `':memory:'` gives a private in-memory
 * database for tests. The schema is applied only to an empty database.
 */
export function openDatabase(path: string = defaultDatabasePath): DatabaseSync {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db = new DatabaseSync(path);
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number })
    .user_version;
  if (path !== ':memory:' && hasSchema(db) && version !== schemaVersion) {
    console.warn(`${path} has schema version ${version}, not ${schemaVersion}: making it anew.`);
    db.close();
    removeDatabase(path);
    db = new DatabaseSync(path);
  }
  // WAL lets the build read while a shopper's reservation writes; NORMAL is durable enough
  // for a reference backend and keeps seeding fast.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY;');
  registerPreviewMoment(db);
  if (!hasSchema(db)) {
    db.exec(schema);
    installRevisionTriggers(db);
    db.exec(`PRAGMA user_version = ${schemaVersion}`);
  }
  return db;
}

/** Removes the database file at `path` with its write-ahead log, if any. */
export function removeDatabase(path: string): void {
  // A log left beside a new database makes it "malformed".
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

/** Whether the schema has been applied. */
export function hasSchema(db: DatabaseSync): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'articles'").get() !==
    undefined
  );
}

/** Whether the catalogue has been seeded. */
export function isSeeded(db: DatabaseSync): boolean {
  return db.prepare('SELECT 1 FROM articles LIMIT 1').get() !== undefined;
}

/** Runs `fn` in one transaction, rolling back if it throws. */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
