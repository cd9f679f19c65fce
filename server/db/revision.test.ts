import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { dataRevision } from './revision.ts';

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
