import { createMiddleware } from 'hono/factory';
import { PREVIEW_AT_HEADER, PREVIEW_READ_POSTS } from '../../contract/preview.ts';
import { atPreviewMoment } from '../db/preview-moment.ts';
import { requireBearerToken } from './bearer-auth.ts';
import type { AppEnv } from './env.ts';
import { validationError } from './errors.ts';
import { isInstant } from './params.ts';
import { NO_STORE } from './cache.ts';

/** Whether the request only reads: a GET or HEAD, or one of the catalogue's searches. */
function isRead(method: string, path: string): boolean {
  return (
    method === 'GET' ||
    method === 'HEAD' ||
    (method === 'POST' && PREVIEW_READ_POSTS.includes(path))
  );
}

/**
 * The preview clock: a read carrying `X-Preview-At` and the campaign admin's bearer token
 * (`token`) is answered as of that moment, since every route reads the clock through
 * `c.get('now')`: prices, campaign prices, campaigns, førpris, the data revision and the
 * change feed as they will be then. Without the token it is 401 (a shopper never sees the
 * future), on a write or with a malformed moment 422. Its answers are `no-store`, so no
 * shared cache hands a coming price to a shopper, and name the moment back in the header, so
 * the build knows the API honoured it. Runs after the session middleware, whose
 * sessions keep real time.
 */
export function previewClock(token: string | null) {
  const admin = requireBearerToken(token);
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header(PREVIEW_AT_HEADER);
    if (header === undefined) return next();
    return admin(c, async () => {
      if (!isRead(c.req.method, c.req.path)) {
        throw validationError({
          [PREVIEW_AT_HEADER]: ['Forhåndsvisning gjelder bare lesing, ikke endringer.'],
        });
      }
      const at = new Date(header);
      if (!isInstant(header)) {
        throw validationError({
          [PREVIEW_AT_HEADER]: ['Tidspunktet må være et ISO 8601-tidspunkt med sone.'],
        });
      }
      c.set('now', () => at);
      // The SQL of final prices reads its clock apart (server/db/preview-moment.ts).
      await atPreviewMoment(at, next);
      c.res.headers.set('Cache-Control', NO_STORE);
      c.res.headers.set(PREVIEW_AT_HEADER, at.toISOString());
    });
  });
}
