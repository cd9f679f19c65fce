import { createHash, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';
import { ApiHttpError } from './errors.ts';

/** Message of the 401 that {@link requireBearerToken} answers. */
export const BEARER_REFUSED = 'Ugyldig eller manglende token.';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Whether `given` is `expected`, in a time that tells nothing about either: both are hashed
 * with SHA-256 first, so `timingSafeEqual` always compares 32 bytes and not even the
 * secret's length leaks.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

const BEARER = /^Bearer +(\S+) *$/iu;

/**
 * Lets a request through only when its `Authorization` is `Bearer <token>`; otherwise 401
 * `{message}` with `WWW-Authenticate: Bearer`. With no token configured (null or '') every
 * request is refused. Neither the token nor the header is logged or echoed.
 *
 * Not hono/bearer-auth: it answers 400 to a header that is not a bearer one, where this API
 * answers every missing or wrong token alike, in its own JSON error shape.
 */
export function requireBearerToken(token: string | null) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const given = BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
    if (token === null || token === '' || given === undefined || !sameSecret(given, token)) {
      throw new ApiHttpError(401, { message: BEARER_REFUSED }, { 'WWW-Authenticate': 'Bearer' });
    }
    await next();
  });
}
