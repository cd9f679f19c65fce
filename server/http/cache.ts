import type { Context } from 'hono';

/** Catalogue reads: shared caches may keep them for a minute. */
export const CATALOGUE_CACHE = 'public, max-age=60';
/** Generated images: their content never changes for a URL. */
export const IMAGE_CACHE = 'public, max-age=86400, immutable';
/** Anything bound to a session or live stock. */
export const NO_STORE = 'no-store';

/**
 * JSON with a `Cache-Control` policy. Set at the moment of answering, so an error thrown
 * earlier in the route never inherits a public policy.
 */
export function jsonWithCache(c: Context, body: unknown, policy: string): Response {
  c.header('Cache-Control', policy);
  return c.json(body as object);
}
