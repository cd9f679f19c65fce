import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Context } from 'hono';
import { cachedStatement } from '../db/statement-cache.ts';
import type { AppEnv } from './env.ts';
import { ApiHttpError, validationError } from './errors.ts';
import { ensureSession } from './session.ts';

/** Header a client sends so that a retried request is answered, not run, again. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Longest key accepted. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;
/** How long a stored answer is kept for retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface StoredAnswer {
  request_hash: string;
  status: number | null;
  body: string | null;
}

function jsonResponse(status: number, body: string, replayed: boolean): Response {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (replayed) headers.set('Idempotent-Replayed', 'true');
  return new Response(body, { status, headers });
}

/**
 * Runs `run` at most once per `Idempotency-Key` within the session and `scope` (a route
 * name): a retry with the same key gets the first answer (status and body) back, a retry
 * while the first is still running 409, the same key with another body 422. Answers of 5xx
 * are not kept, so such a retry runs again. Without the header `run` simply runs.
 */
export async function idempotent(
  c: Context<AppEnv>,
  scope: string,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return run();
  if (!/^[\x21-\x7e]{1,128}$/u.test(key)) {
    throw validationError({
      [IDEMPOTENCY_HEADER]: [
        `Idempotency-Key må være 1 til ${String(MAX_IDEMPOTENCY_KEY_LENGTH)} synlige tegn.`,
      ],
    });
  }
  const db = c.get('db');
  const fullScope = `${ensureSession(c)} ${scope}`;
  const hash = createHash('sha256')
    .update(await c.req.text())
    .digest('base64url');
  const claimed = cachedStatement(
    db,
    `INSERT INTO idempotency_keys (scope, key, request_hash, status, body, created_at)
     VALUES (?, ?, ?, NULL, NULL, ?) ON CONFLICT DO NOTHING`,
  ).run(fullScope, key, hash, c.get('now')().toISOString());
  if (Number(claimed.changes) === 0) {
    const stored = cachedStatement(
      db,
      'SELECT request_hash, status, body FROM idempotency_keys WHERE scope = ? AND key = ?',
    ).get(fullScope, key) as unknown as StoredAnswer;
    if (stored.request_hash !== hash) {
      throw validationError({
        [IDEMPOTENCY_HEADER]: ['Idempotency-Key er alt brukt til en annen forespørsel.'],
      });
    }
    if (stored.status === null || stored.body === null) {
      throw new ApiHttpError(409, { message: 'Forespørselen behandles fortsatt. Prøv igjen.' });
    }
    return jsonResponse(stored.status, stored.body, true);
  }

  const forget = () =>
    cachedStatement(db, 'DELETE FROM idempotency_keys WHERE scope = ? AND key = ?').run(
      fullScope,
      key,
    );
  let res: Response;
  try {
    res = await run();
  } catch (error) {
    if (!(error instanceof ApiHttpError) || error.status >= 500) {
      forget();
      throw error;
    }
    res = jsonResponse(error.status, JSON.stringify(error.body), false);
  }
  if (res.status >= 500) {
    forget();
    return res;
  }
  const body = await res.clone().text();
  cachedStatement(
    db,
    'UPDATE idempotency_keys SET status = ?, body = ? WHERE scope = ? AND key = ?',
  ).run(res.status, body, fullScope, key);
  return res;
}

/** Forgets stored answers older than {@link IDEMPOTENCY_TTL_MS}. */
export function purgeIdempotencyKeys(db: DatabaseSync, now: Date): void {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(cutoff);
}
