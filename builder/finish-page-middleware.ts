/**
 * Finishes each page's HTML while a production build pre-renders it (builder/finish-page.ts),
 * so the body Astro writes and keeps in its incremental build cache is already finished, and
 * a page restored from that cache needs no pass of its own. Registered by the build's
 * integration (builder/storefront-build.ts), which hands it the build's options
 * (provideFinishingOptions). The client
 * build has written its chunks by then; their graph is read once per build, at the first
 * page. Counts every file Astro renders, for the build's report (builder/astro-output.ts).
 */

import { defineMiddleware } from 'astro:middleware';
import { chunkImports, countRendered, finishingOptions } from './astro-output.ts';
import { finishPage } from './finish-page.ts';

let importsOf: ((src: string) => string[]) | undefined;

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!import.meta.env.PROD || !context.isPrerendered) return response;
  countRendered();
  const options = finishingOptions();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  try {
    importsOf ??= chunkImports(options.outDir);
    return new Response(finishPage(await response.text(), importsOf), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    throw new Error(
      `Finishing page ${context.url.pathname} of brand "${options.brand}" failed: ${String(error)}`,
      { cause: error },
    );
  }
});
