/**
 * Cloudflare Pages Function for every path of a brand's site: the API's paths go to the API
 * (`./_lib/api-proxy.ts`), everything else to the static release. The build's `_routes.json`
 * keeps static pages from reaching it at all; this fallback is for when one does.
 */
import { proxyToApi, type ApiProxyEnv } from './_lib/api-proxy.ts';

/** The part of Cloudflare's `EventContext` the function uses (no workers-types needed). */
interface PagesFunctionContext {
  readonly request: Request;
  readonly env: ApiProxyEnv;
  /** Serves the static asset for the request. */
  next(): Promise<Response>;
}

/** Pages Functions' handler for all methods. */
export const onRequest = async (context: PagesFunctionContext): Promise<Response> =>
  (await proxyToApi(context.request, context.env)) ?? context.next();
