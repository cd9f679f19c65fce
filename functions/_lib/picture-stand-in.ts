/**
 * A stand-in for Cloudflare's image transformations under `wrangler pages dev`, where there is
 * no edge: Cloudflare answers `/cdn-cgi/image/<options>/<source>` itself, before any Pages
 * Function runs, but locally the request reaches the function. With `PICTURE_STAND_IN=on`
 * (set only by the tests' and benchmarks' `wrangler pages dev`, scripts/lib/pages-dev.ts) the
 * function answers the source picture untransformed, so journeys over a deployed release
 * still see every picture load; `npm start`'s host transforms for real
 * (builder/picture-transform.ts). Without it the path is left to the static site (404),
 * as it would reach nothing on Pages either.
 */
import { isApiPath } from '../../contract/proxy.ts';

/** The variable that turns the stand-in on. */
export interface PictureStandInEnv {
  readonly PICTURE_STAND_IN?: string | undefined;
}

const TRANSFORM = /^\/cdn-cgi\/image\/[^/]+\/(.+)$/;

/**
 * The source picture a `/cdn-cgi/image/` request names, as a request of the brand's own
 * origin (a same-site source) or null: not such a request, the stand-in is off, or the source
 * is another site's (the stand-in fetches no other site).
 */
export function standInSource(request: Request, env: PictureStandInEnv): Request | null {
  if (env.PICTURE_STAND_IN !== 'on') return null;
  const url = new URL(request.url);
  const source = TRANSFORM.exec(url.pathname)?.[1];
  if (source === undefined || /^[a-z][a-z\d+.-]*:/i.test(source) || source.startsWith('/')) {
    return null;
  }
  return new Request(`${url.origin}/${source}`, { headers: request.headers });
}

/** Whether a stand-in source is one of the API's pictures (else a static file). */
export function sourceIsApi(source: Request): boolean {
  return isApiPath(new URL(source.url).pathname);
}
