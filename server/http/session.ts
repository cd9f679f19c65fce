import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { cachedStatement } from '../db/statement-cache.ts';
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
const PROVIDER_PATHS = new Set(['/api/v1/checkout/first/push', '/api/v1/checkout/second/webhook']);
const PROVIDER_PREFIX = '/providers/';
// Marketing's administration authenticates every call with a bearer token, which a browser
// never sends by itself, so a forged cross-site request cannot carry it: no XSRF token needed.
const BEARER_PREFIX = '/api/v1/admin/';
// Laravel's "Page Expired" is not a registered status, so Hono's status union lacks it.
const PAGE_EXPIRED = 419 as ContentfulStatusCode;

interface SessionRow {
  id: string;
  xsrf_token: string;
  last_seen: string;
}

/** Whether `method` is GET, HEAD or OPTIONS: the methods that need no XSRF token. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

/**
 * Whether `path` is called by the checkout providers' servers: their push and webhook and
 * the provider simulators.
 */
export function isProviderPath(path: string): boolean {
  return PROVIDER_PATHS.has(path) || path.startsWith(PROVIDER_PREFIX);
}

/**
 * Whether `path` is called by clients that cannot hold a session: the providers
 * ({@link isProviderPath}) and marketing's bearer-token administration. They need no XSRF
 * token and start no session.
 */
export function isSessionlessPath(path: string): boolean {
  return isProviderPath(path) || path.startsWith(BEARER_PREFIX);
}

/** Creates a session row and returns its id and token. */
function createSession(db: DatabaseSync, now: Date): SessionRow {
  const row: SessionRow = {
    id: randomBytes(30).toString('base64url'),
    // Standard base64 on purpose: like Laravel's encrypted token it holds characters that a
    // cookie carries percent-encoded, so clients must URL-decode it before echoing it.
    xsrf_token: randomBytes(30).toString('base64'),
    last_seen: now.toISOString(),
  };
  cachedStatement(db, 'INSERT INTO sessions (id, xsrf_token, last_seen) VALUES (?, ?, ?)').run(
    row.id,
    row.xsrf_token,
    row.last_seen,
  );
  return row;
}

function findSession(db: DatabaseSync, id: string | undefined, now: Date): SessionRow | null {
  if (id === undefined || id === '') return null;
  const row = cachedStatement(
    db,
    'SELECT id, xsrf_token, last_seen FROM sessions WHERE id = ?',
  ).get(id) as SessionRow | undefined;
  if (row === undefined) return null;
  const idle = now.getTime() - Date.parse(row.last_seen);
  if (idle > SESSION_LIFETIME_MS) return null;
  if (idle > TOUCH_AFTER_MS) {
    cachedStatement(db, 'UPDATE sessions SET last_seen = ? WHERE id = ?').run(
      now.toISOString(),
      id,
    );
  }
  return row;
}

/** The anti-forgery token of a session, or null when the session does not exist. */
export function sessionXsrfToken(db: DatabaseSync, sessionId: string): string | null {
  const row = cachedStatement(db, 'SELECT xsrf_token FROM sessions WHERE id = ?').get(sessionId) as
    { xsrf_token: string } | undefined;
  return row?.xsrf_token ?? null;
}

/**
 * Deletes sessions idle past {@link SESSION_LIFETIME_MS} (by the `sessions_last_seen`
 * index); the server runs it on a schedule. Returns how many went.
 */
export function purgeExpiredSessions(db: DatabaseSync, now: Date): number {
  const cutoff = new Date(now.getTime() - SESSION_LIFETIME_MS).toISOString();
  return Number(db.prepare('DELETE FROM sessions WHERE last_seen < ?').run(cutoff).changes);
}

/**
 * The request's session id, starting a session when the request has none. Routes that
 * keep something per shopper (an account call, a poll answer, an idempotent request) call
 * it; the session middleware then issues the cookies with the answer.
 */
export function ensureSession(c: Context<AppEnv>): string {
  const id = c.get('sessionId');
  if (id !== null) return id;
  const session = createSession(c.get('db'), c.get('now')());
  c.set('sessionId', session.id);
  return session.id;
}

/**
 * Laravel-like session: resolves the session cookie into the `sessionId` variable (null
 * when it is missing, unknown or expired) and issues the session and `XSRF-TOKEN` cookies
 * on the response. A session is started only when the request needs one: every unsafe
 * request (so that its 419 already carries fresh cookies) and whatever route calls
 * {@link ensureSession}. A crawler or a flood of cookieless catalogue and image reads
 * therefore writes nothing and gets the answer's public caching unchanged. A route that
 * rotates the session (login, logout) sets `sessionId` to the new id; the cookies then name
 * the new session.
 *
 * Responses that a route marked `public` are shared-cacheable, so they carry no
 * `Set-Cookie` when the client already holds a valid session (a shared cache would hand one
 * shopper's session to the next); when a session had to be issued they are downgraded to
 * `private`. Anything without a `Cache-Control` of its own is session-bound: `no-store`.
 * The cookies are `Secure` when the request came over HTTPS (`https`, see client-address.ts).
 */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const db = c.get('db');
  const existing = findSession(db, getCookie(c, SESSION_COOKIE), c.get('now')());
  c.set('sessionId', existing?.id ?? null);
  if (existing === null && !isSafeMethod(c.req.method) && !isSessionlessPath(c.req.path)) {
    ensureSession(c);
  }
  await next();

  const cacheControl = c.res.headers.get('Cache-Control');
  if (cacheControl === null) c.header('Cache-Control', 'no-store');
  const finalId = c.get('sessionId');
  if (finalId === null) return;
  const isPublic = cacheControl?.startsWith('public') === true;
  if (isPublic && finalId === existing?.id) return;
  if (isPublic) c.header('Cache-Control', cacheControl.replace(/^public/, 'private'));

  const token = finalId === existing?.id ? existing.xsrf_token : sessionXsrfToken(db, finalId);
  const secure = c.get('https');
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
 * push and webhook, the provider simulators and the bearer-token administration are exempt:
 * they carry no session.
 */
export const csrfMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  if (isSafeMethod(c.req.method) || isSessionlessPath(c.req.path)) return next();
  const header = c.req.header(XSRF_HEADER) ?? '';
  const sessionId = c.get('sessionId');
  const expected = sessionId === null ? null : sessionXsrfToken(c.get('db'), sessionId);
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
