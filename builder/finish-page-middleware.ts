/**
 * Finishes each page's HTML while a production build pre-renders it (builder/finish-page.ts),
 * so the body Astro writes and keeps in its incremental build cache is already finished, and
 * a page restored from that cache needs no pass of its own. Registered by the build's
 * integration (builder/storefront-build.ts). The client build has written its chunks into the
 * out dir by then; their graph is read once per build, at the first page. The out dir comes
 * from Astro's own `astro:config/server`, whose values Astro writes into the bundle's manifest
 * after bundling: in a module of the build (a virtual module did so at first) it was part of
 * every page's dependency hash, as every page's module graph holds the middleware's, and a new
 * out dir per release made Astro render pages again that it should have reused. Counts every
 * file Astro renders, for the build's report (builder/astro-output.ts).
 */

import { outDir } from 'astro:config/server';
import { defineMiddleware } from 'astro:middleware';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { chunkImports, countRendered } from './astro-output.ts';
import { finishPage } from './finish-page.ts';
import { pageHtml, pageResponse } from './page-bytes.ts';
import { currentBrand } from '../src/lib/site.ts';

let importsOf: ((src: string) => string[]) | undefined;

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!import.meta.env.PROD || !context.isPrerendered) return response;
  countRendered();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  try {
    importsOf ??= chunkImports(fileURLToPath(outDir));
    // Bytes, not the string: a string body is first copied whole to make it well-formed, a
    // pass over every page that at 50,000 articles, with a heap of 1.5 GB to mark as it
    // allocates, cost 0.2 s of a campaign of 379 pages. Node's encoding gives the same bytes.
    const bytes = Buffer.from(finishPage(await pageHtml(response), importsOf));
    return pageResponse(bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    throw new Error(
      `Finishing page ${context.url.pathname} of brand "${currentBrand().id}" failed: ${String(error)}`,
      { cause: error },
    );
  }
});
