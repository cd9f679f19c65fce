import { defineMiddleware } from 'astro:middleware';
import { chunkImports, finishHtml } from './lib/build/finish-html.ts';

/** The build's absolute out dir, from the finish-html integration in astro.config.ts. */
declare const __FINISH_HTML_OUT_DIR__: string;

let importsOf: ((src: string) => string[]) | undefined;

/**
 * Finishes each page's HTML while a production build pre-renders it
 * (src/lib/build/finish-html.ts), so the body Astro writes and keeps in its incremental build
 * cache is already finished, and a page restored from that cache needs no pass of its own.
 * The client build has written its chunks by then; their graph is read once per build, at
 * the first page.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (
    !import.meta.env.PROD ||
    !context.isPrerendered ||
    !response.headers.get('content-type')?.startsWith('text/html')
  ) {
    return response;
  }
  importsOf ??= chunkImports(__FINISH_HTML_OUT_DIR__);
  return new Response(finishHtml(await response.text(), importsOf), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
