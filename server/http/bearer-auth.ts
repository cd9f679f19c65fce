import { createMiddleware } from 'hono/factory';
import { bearerMatches } from '../../contract/bearer.ts';
import type { AppEnv } from './env.ts';
import { ApiHttpError } from './errors.ts';

/** Message of the 401 that {@link requireBearerToken} answers. */
export const BEARER_REFUSED = 'Ugyldig eller manglende token.';

/**
 * Lets a request through only when its `Authorization` is `Bearer <token>`; otherwise 401
 * `{message}` with `WWW-Authenticate: Bearer`. With no token configured (null or '') every
 * request is refused (contract/bearer.ts, which the build hooks share). Neither the token nor
 * the header is logged or echoed.
 *
 * Not hono/bearer-auth: it answers 400 to a header that is not a bearer one, where this API
 * answers every missing or wrong token alike, in its own JSON error shape.
 */
export function requireBearerToken(token: string | null) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!bearerMatches(c.req.header('Authorization'), token)) {
      throw new ApiHttpError(401, { message: BEARER_REFUSED }, { 'WWW-Authenticate': 'Bearer' });
    }
    await next();
  });
}
