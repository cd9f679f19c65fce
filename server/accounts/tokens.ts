import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { cachedStatement } from '../db/statement-cache.ts';

/** What a token lets its holder do: verify an e-mail address, or set a new password. */
export type TokenPurpose = 'verify' | 'reset';

/** How long a token works: a verification link 24 hours, a reset link 60 minutes. */
export const TOKEN_LIFETIME_MS: Readonly<Record<TokenPurpose, number>> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** The SHA-256 of a link token, the only form of it that is stored. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new random link token: 32 bytes, base64url (43 characters). */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A new random token (32 bytes, base64url) for `customerId`. Only its SHA-256 is stored, and
 * the customer's earlier tokens of the same purpose stop working: only the newest link sent
 * opens anything. Expired tokens of anyone are cleared on the way.
 */
export function issueToken(
  db: DatabaseSync,
  customerId: number,
  purpose: TokenPurpose,
  now: Date,
): string {
  const token = newLinkToken();
  cachedStatement(db, 'DELETE FROM customer_tokens WHERE expires_at <= ?').run(now.toISOString());
  deleteTokens(db, customerId, purpose);
  cachedStatement(
    db,
    'INSERT INTO customer_tokens (token_hash, customer_id, purpose, expires_at) VALUES (?, ?, ?, ?)',
  ).run(
    tokenDigest(token),
    customerId,
    purpose,
    new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
  );
  return token;
}

/**
 * The customer a token of `purpose` was issued to, or null when it is unknown, used, of
 * another purpose or expired. It stays valid until {@link deleteTokens}, which the caller runs
 * in the transaction that acts on it.
 */
export function tokenOwner(
  db: DatabaseSync,
  token: unknown,
  purpose: TokenPurpose,
  now: Date,
): number | null {
  if (typeof token !== 'string' || token === '' || token.length > 200) return null;
  const row = cachedStatement(
    db,
    'SELECT customer_id FROM customer_tokens WHERE token_hash = ? AND purpose = ? AND expires_at > ?',
  ).get(tokenDigest(token), purpose, now.toISOString()) as { customer_id: number } | undefined;
  return row?.customer_id ?? null;
}

/** Ends every token of `purpose` of a customer (all purposes when omitted). */
export function deleteTokens(db: DatabaseSync, customerId: number, purpose?: TokenPurpose): void {
  if (purpose === undefined) {
    cachedStatement(db, 'DELETE FROM customer_tokens WHERE customer_id = ?').run(customerId);
  } else {
    cachedStatement(db, 'DELETE FROM customer_tokens WHERE customer_id = ? AND purpose = ?').run(
      customerId,
      purpose,
    );
  }
}

/**
 * A new token for the withdrawal link of `orderId`'s confirmation. It works while the order
 * can be withdrawn (the period is checked when it is used) and for as long as it was used
 * (a withdrawal sent twice answers the same); only its SHA-256 is stored, and a new one
 * replaces the order's earlier one.
 */
export function issueWithdrawalToken(db: DatabaseSync, orderId: number): string {
  const token = newLinkToken();
  cachedStatement(
    db,
    'INSERT OR REPLACE INTO withdrawal_tokens (token_hash, order_id) VALUES (?, ?)',
  ).run(tokenDigest(token), orderId);
  return token;
}

/** Whether `token` is the withdrawal link token of `orderId`. */
export function isWithdrawalToken(db: DatabaseSync, orderId: number, token: unknown): boolean {
  if (typeof token !== 'string' || token === '' || token.length > 200) return false;
  const row = cachedStatement(
    db,
    'SELECT order_id FROM withdrawal_tokens WHERE token_hash = ?',
  ).get(tokenDigest(token)) as { order_id: number } | undefined;
  return row?.order_id === orderId;
}
