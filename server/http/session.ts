import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env.ts';
import { ApiHttpError } from './errors.ts';

/** Name of the session cookie (HttpOnly). */
export const SESSION_COOKIE = 'storefront_session';
/** Name of the anti-forgery cookie that scripts read and echo in {@link XSRF_HEADER}. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Header that must carry the session's anti-forgery token on unsafe methods. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** Idle lifetime of a session, as Laravel's default `SESSION_LIFETIME` of 120 minutes. */
export const SESSION_LIFETIME_MS = 120 * 60 * 1000;

// Refreshing last_seen on every request would turn each catalogue read into a write.
const TOUCH_AFTER_MS = 60 * 1000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Callers that cannot hold a session token: the checkout providers' push and webhook (each
// authenticated its own way: the push only makes the shop read the order from the provider,
// the webhook is HMAC-signed) and the simulated providers, which stand for outside services
// (Basic auth, access tokens) and whose payment page forms a shopper posts.
const CSRF_EXEMPT_PATHS = new Set([
  '/api/v1/checkout/first/push',
  '/api/v1/checkout/second/webhook',
]);
const CSRF_EXEMPT_PREFIX = '/providers/';
// Laravel's "Page Expired" is not a registered status, so Hono's status union lacks it.
const PAGE_EXPIRED = 419 as ContentfulStatusCode;

interface SessionRow {
  id: string;
  xsrf_token: string;
  last_seen: string;
}

/** Creates a session row and returns its id and token. */
function createSession(db: DatabaseSync, now: Date): SessionRow {
  // Sessions idle past their lifetime are dead anyway; purging here keeps the table small
  // without a timer.
  const cutoff = new Date(now.getTime() - SESSION_LIFETIME_MS).toISOString();
  db.prepare('DELETE FROM sessions WHERE last_seen < ?').run(cutoff);
  const row: SessionRow = {
    id: randomBytes(30).toString('base64url'),
    // Standard base64 on purpose: like Laravel's encrypted token it holds characters that a
    // cookie carries percent-encoded, so clients must URL-decode it before echoing it.
    xsrf_token: randomBytes(30).toString('base64'),
    last_seen: now.toISOString(),
  };
  db.prepare('INSERT INTO sessions (id, xsrf_token, last_seen) VALUES (?, ?, ?)').run(
    row.id,
    row.xsrf_token,
    row.last_seen,
  );
  return row;
}

function findSession(db: DatabaseSync, id: string | undefined, now: Date): SessionRow | null {
  if (id === undefined || id === '') return null;
  const row = db.prepare('SELECT id, xsrf_token, last_seen FROM sessions WHERE id = ?').get(id) as
    SessionRow | undefined;
  if (row === undefined) return null;
  const idle = now.getTime() - Date.parse(row.last_seen);
  if (idle > SESSION_LIFETIME_MS) return null;
  if (idle > TOUCH_AFTER_MS) {
    db.prepare('UPDATE sessions SET last_seen = ? WHERE id = ?').run(now.toISOString(), id);
  }
  return row;
}

/** The anti-forgery token of a session, or null when the session does not exist. */
export function sessionXsrfToken(db: DatabaseSync, sessionId: string): string | null {
  const row = db.prepare('SELECT xsrf_token FROM sessions WHERE id = ?').get(sessionId) as
    { xsrf_token: string } | undefined;
  return row?.xsrf_token ?? null;
}

/**
 * Laravel-like session: resolves the session cookie (creating a session when it is missing,
 * unknown or expired) into the `sessionId` variable, and issues the session and
 * `XSRF-TOKEN` cookies on the response. A route that rotates the session (login, logout)
 * sets `sessionId` to the new id; the cookies then name the new session.
 *
 * Responses that a route marked `public` are shared-cacheable, so they carry no
 * `Set-Cookie` when the client already holds a valid session (a shared cache would hand one
 * shopper's session to the next); when a session had to be issued they are downgraded to
 * `private`. Anything without a `Cache-Control` of its own is session-bound: `no-store`.
 */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const db = c.get('db');
  const now = c.get('now')();
  const existing = findSession(db, getCookie(c, SESSION_COOKIE), now);
  const session = existing ?? createSession(db, now);
  c.set('sessionId', session.id);
  await next();

  const cacheControl = c.res.headers.get('Cache-Control');
  if (cacheControl === null) c.header('Cache-Control', 'no-store');
  const isPublic = cacheControl?.startsWith('public') === true;
  if (isPublic && existing !== null) return;
  if (isPublic) c.header('Cache-Control', cacheControl.replace(/^public/, 'private'));

  const finalId = c.get('sessionId');
  const token = finalId === session.id ? session.xsrf_token : sessionXsrfToken(db, finalId);
  const secure = new URL(c.req.url).protocol === 'https:';
  setCookie(c, SESSION_COOKIE, finalId, { path: '/', httpOnly: true, sameSite: 'Lax', secure });
  if (token !== null) {
    setCookie(c, XSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'Lax', secure });
  }
});

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Rejects unsafe methods whose `X-XSRF-TOKEN` header is not the session's token with 419
 * `{"message":"CSRF token mismatch."}`, as Laravel's VerifyCsrfToken does. The header
 * carries the cookie value URL-decoded (what `decodeURIComponent(cookie)` gives); a still
 * encoded copy is accepted too, since the raw token never contains `%`. The providers'
 * push and webhook and the provider simulators are exempt: they carry no session.
 */
export const csrfMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (CSRF_EXEMPT_PATHS.has(c.req.path) || c.req.path.startsWith(CSRF_EXEMPT_PREFIX)) {
    return next();
  }
  const header = c.req.header(XSRF_HEADER) ?? '';
  const expected = sessionXsrfToken(c.get('db'), c.get('sessionId'));
  let given = header;
  if (header.includes('%')) {
    try {
      given = decodeURIComponent(header);
    } catch {
      // A broken escape cannot match a token; compare it as it came.
    }
  }
  if (expected === null || !sameToken(given, expected)) {
    throw new ApiHttpError(PAGE_EXPIRED, { message: 'CSRF token mismatch.' });
  }
  return next();
});
