import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasSchema, openDatabase, schemaVersion } from './database.ts';

describe('openDatabase', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'db-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the schema with its version', () => {
    const db = openDatabase(join(dir, 'a.sqlite'));
    expect(hasSchema(db)).toBe(true);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: schemaVersion });
    db.close();
  });

  it('makes a database of another schema version anew', () => {
    const file = join(dir, 'old.sqlite');
    const old = new DatabaseSync(file);
    old.exec(
      "CREATE TABLE articles (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO articles VALUES (1, 'x');",
    );
    old.close();
    const db = openDatabase(file);
    expect(db.prepare('SELECT count(*) AS n FROM articles').get()).toEqual({ n: 0 });
    expect(
      db
        .prepare("SELECT count(*) AS n FROM pragma_table_info('articles') WHERE name = 'name_sort'")
        .get(),
    ).toEqual({ n: 1 });
    db.close();
  });
});
