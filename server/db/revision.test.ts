import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { rebuildSearchIndex } from '../search/indexer.ts';
import { seedDatabase } from '../seed/seed.ts';
import { articleChanges, dataRevision } from './revision.ts';

describe('dataRevision', () => {
  const db = openDatabase(':memory:');
  const now = new Date('2026-11-24T12:00:00Z');
  db.exec(`INSERT INTO genders (id, name) VALUES (1, 'Herre');`);

  it('stays while nothing a build reads changes, runtime tables included', () => {
    const before = dataRevision(db, now);
    db.exec(`INSERT INTO sessions (id, xsrf_token, last_seen) VALUES ('s1', 't', '2026-11-24')`);
    expect(dataRevision(db, now)).toBe(before);
    expect(dataRevision(db, new Date(now.getTime() + 3_600_000))).toBe(before);
  });

  it('changes with a write to a catalogue table', () => {
    const before = dataRevision(db, now);
    db.exec(`UPDATE genders SET name = 'Menn' WHERE id = 1`);
    expect(dataRevision(db, now)).not.toBe(before);
  });

  it('changes when the clock starts or ends a campaign, without any write', () => {
    db.exec(`INSERT INTO campaigns (name, short_description, description, start, end, label_text)
             VALUES ('Jul', '', '', '2026-12-01T00:00:00.000Z', '2026-12-24T00:00:00.000Z', 'Jul')`);
    const before = dataRevision(db, now);
    const started = dataRevision(db, new Date('2026-12-02T00:00:00Z'));
    const ended = dataRevision(db, new Date('2026-12-25T00:00:00Z'));
    expect(new Set([before, started, ended]).size).toBe(3);
  });
});

describe('articleChanges', () => {
  const db = openDatabase(':memory:');
  const now = new Date('2026-11-24T12:00:00Z');
  seedDatabase(db, { articles: 40, now });
  rebuildSearchIndex(db);
  const cursor = () => articleChanges(db, now).cursor;
  const changedSince = (since: string, at = now) => articleChanges(db, at, since).articleIds;
  const [first, second, third] = (
    db.prepare('SELECT id FROM articles ORDER BY id LIMIT 3').all() as Array<{ id: number }>
  ).map((r) => r.id) as [number, number, number];

  it('answers "all" without a cursor or with one of another database', () => {
    expect(articleChanges(db, now).articleIds).toBeNull();
    const other = openDatabase(':memory:');
    expect(changedSince(articleChanges(other, now).cursor)).toBeNull();
    expect(changedSince('not-a-cursor')).toBeNull();
  });

  it('answers nothing while nothing an article shows changed, runtime writes included', () => {
    const since = cursor();
    db.exec(`INSERT INTO sessions (id, xsrf_token, last_seen) VALUES ('s2', 't', '2026-11-24')`);
    db.exec(`UPDATE blog_posts SET title = title || '!'`);
    expect(changedSince(since)).toEqual([]);
  });

  it('names the article whose own row, stock or review changed, and only it', () => {
    const since = cursor();
    db.prepare('UPDATE articles SET price = price + 100 WHERE id = ?').run(first);
    db.prepare(
      'UPDATE stock SET qty = qty + 1 WHERE variant_id = (SELECT MIN(id) FROM variants WHERE article_id = ?)',
    ).run(second);
    expect(changedSince(since)).toEqual([first, second]);
  });

  it("names a campaign's articles when an item is added or the campaign itself changes", () => {
    db.exec(`INSERT INTO campaigns (id, name, short_description, description, start, end, label_text)
             VALUES (900, 'Jul', '', '', '2030-12-01T00:00:00.000Z', '2030-12-24T00:00:00.000Z', 'Jul')`);
    const since = cursor();
    db.prepare(
      `INSERT INTO campaign_items (campaign_id, article_id, price, label_type, label_data)
       VALUES (900, ?, 9900, 'price', '{}')`,
    ).run(third);
    expect(changedSince(since)).toEqual([third]);
    const later = cursor();
    db.exec(`UPDATE campaigns SET label_text = 'Jul!' WHERE id = 900`);
    expect(changedSince(later)).toEqual([third]);
  });

  it("names a campaign's articles when the clock starts or ends it, without any write", () => {
    // From a day in 2030 where no seeded campaign starts or ends.
    const since = articleChanges(db, new Date('2030-11-29T00:00:00Z')).cursor;
    expect(changedSince(since, new Date('2030-11-30T00:00:00Z'))).toEqual([]);
    expect(changedSince(since, new Date('2030-12-02T00:00:00Z'))).toEqual([third]);
    const started = articleChanges(db, new Date('2030-12-02T00:00:00Z')).cursor;
    expect(changedSince(started, new Date('2030-12-23T00:00:00Z'))).toEqual([]);
    expect(changedSince(started, new Date('2030-12-25T00:00:00Z'))).toEqual([third]);
  });

  it('answers "all" after a write to data every article shows', () => {
    const since = cursor();
    db.exec(`UPDATE brands SET name = name || ' AS' WHERE id = (SELECT MIN(id) FROM brands)`);
    expect(changedSince(since)).toBeNull();
    expect(changedSince(cursor())).toEqual([]);
  });
});
