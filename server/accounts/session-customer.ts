import type { Context } from 'hono';
import { cachedStatement } from '../db/statement-cache.ts';
import type { AppEnv } from '../http/env.ts';
import { ensureSession } from '../http/session.ts';

/** The id of the customer logged in on the request's session, or null. */
export function sessionCustomerId(c: Context<AppEnv>): number | null {
  const sessionId = c.get('sessionId');
  if (sessionId === null) return null;
  const row = cachedStatement(c.get('db'), 'SELECT customer_id FROM sessions WHERE id = ?').get(
    sessionId,
  ) as { customer_id: number | null } | undefined;
  return row?.customer_id ?? null;
}

/**
 * Replaces the request's session with a new one (new id and XSRF token), logged in as
 * `customerId` or anonymous with null, and deletes the old one: login, logout, registration
 * and password reset call it, so a session id seen before a login is worth nothing after it
 * (session fixation). The session middleware issues the new cookies with the answer.
 */
export function rotateSession(c: Context<AppEnv>, customerId: number | null): void {
  const db = c.get('db');
  const old = c.get('sessionId');
  if (old !== null) cachedStatement(db, 'DELETE FROM sessions WHERE id = ?').run(old);
  c.set('sessionId', null);
  const id = ensureSession(c);
  if (customerId !== null) {
    cachedStatement(db, 'UPDATE sessions SET customer_id = ? WHERE id = ?').run(customerId, id);
  }
}
