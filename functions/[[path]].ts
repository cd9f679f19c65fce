/**
 * Cloudflare Pages Function for every path of a brand's site: the API's paths go to the API
 * (`./_lib/api-proxy.ts`), a plain search is drawn with its first page
 * (`./_lib/search-page.ts`), everything else goes to the static release. The build's
 * `_routes.json` keeps other static pages from reaching it at all; this fallback is for when
 * one does. Under `wrangler pages dev` it may also stand in for the edge's image service
 * (`./_lib/picture-stand-in.ts`).
 */
import { proxyToApi, type ApiProxyEnv } from './_lib/api-proxy.ts';
import { sourceIsApi, standInSource, type PictureStandInEnv } from './_lib/picture-stand-in.ts';
import { searchPage } from './_lib/search-page.ts';

/** The part of Cloudflare's `EventContext` the function uses (no workers-types needed). */
interface PagesFunctionContext {
  readonly request: Request;
  readonly env: ApiProxyEnv & PictureStandInEnv;
  /** Serves the static asset for the request, or for `input` when given. */
  next(input?: Request): Promise<Response>;
}

/** Pages Functions' handler for all methods. */
export const onRequest = async (context: PagesFunctionContext): Promise<Response> => {
  const source = standInSource(context.request, context.env);
  if (source !== null) {
    return sourceIsApi(source)
      ? ((await proxyToApi(source, context.env)) ?? context.next(source))
      : context.next(source);
  }
  const search = await searchPage(context.request, {
    file: (path) => context.next(new Request(new URL(path, context.request.url))),
    // The drawing asks for API paths only, so the proxy always answers.
    api: async (request) =>
      (await proxyToApi(request, context.env)) ?? new Response(null, { status: 404 }),
  });
  if (search !== null) return search;
  return (await proxyToApi(context.request, context.env)) ?? context.next();
};
