import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { TOKEN_LIFETIME_MS, deleteTokens, issueToken, tokenOwner } from './tokens.ts';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('tokens', () => {
  let db: DatabaseSync;
  let customer: number;

  beforeEach(() => {
    db = openDatabase(':memory:');
    customer = Number(
      db
        .prepare(
          `INSERT INTO customers (auth_id, first_name, last_name, email, phone, password_hash, created_at)
           VALUES ('a', 'Kari', 'Nordmann', 'kari@example.no', '91234567', 'x', ?)`,
        )
        .run(NOW.toISOString()).lastInsertRowid,
    );
  });
  afterEach(() => {
    db.close();
  });

  it('are 32 random bytes in base64url, stored only as their SHA-256', () => {
    const token = issueToken(db, customer, 'verify', NOW);
    expect(token).toMatch(/^[\w-]{43}$/u);
    const stored = db.prepare('SELECT token_hash FROM customer_tokens').all() as Array<{
      token_hash: string;
    }>;
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(token);
    expect(tokenOwner(db, token, 'verify', NOW)).toBe(customer);
  });

  it('work for their purpose only, until they expire', () => {
    const verify = issueToken(db, customer, 'verify', NOW);
    const reset = issueToken(db, customer, 'reset', NOW);
    expect(tokenOwner(db, verify, 'reset', NOW)).toBeNull();
    expect(tokenOwner(db, reset, 'reset', later(TOKEN_LIFETIME_MS.reset - 1))).toBe(customer);
    expect(tokenOwner(db, reset, 'reset', later(TOKEN_LIFETIME_MS.reset))).toBeNull();
    expect(tokenOwner(db, verify, 'verify', later(TOKEN_LIFETIME_MS.verify - 1))).toBe(customer);
    expect(tokenOwner(db, verify, 'verify', later(TOKEN_LIFETIME_MS.verify))).toBeNull();
    expect(TOKEN_LIFETIME_MS).toEqual({ verify: 24 * 3_600_000, reset: 3_600_000 });
  });

  it('stop working when a newer one of the purpose is issued, or when deleted', () => {
    const first = issueToken(db, customer, 'reset', NOW);
    const second = issueToken(db, customer, 'reset', NOW);
    expect(tokenOwner(db, first, 'reset', NOW)).toBeNull();
    expect(tokenOwner(db, second, 'reset', NOW)).toBe(customer);
    deleteTokens(db, customer, 'reset');
    expect(tokenOwner(db, second, 'reset', NOW)).toBeNull();
  });

  it('refuse what is not a token', () => {
    for (const value of [undefined, null, 42, '', 'x'.repeat(300), {}]) {
      expect(tokenOwner(db, value, 'verify', NOW)).toBeNull();
    }
  });
});
