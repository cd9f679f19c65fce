/**
 * A second renderer of a build's pages, in a worker thread of the build's process (see
 * parallel-render.ts, which starts it and sends it pages): it loads Astro's runtime, then for
 * each build it is given the same server bundle Astro's own renderer uses, with the part of
 * Astro's build state the bundle reads while a page renders (each page's stylesheets, the
 * client scripts' files, the build's scripts), and renders each page it is sent as Astro's
 * does, with the props the build's own `getStaticPaths` gave the page's path. It lives as long
 * as its process, build after build, as Astro's thread does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { provideBuildPreview, type BuildPreview } from '../src/lib/api/preview.ts';
import {
  buildDetailsDir,
  builtProductPages,
  closeProductDetails,
  provideBuildCacheDir,
  setProductDetailsLoad,
} from '../src/lib/content/product-details.ts';
import { resetSkipped, skippedCounts } from '../src/lib/mappers/common.ts';
import { provideBuildPictureSettings, type PictureSettings } from '../src/lib/picture-settings.ts';
import { renderedCount } from './astro-output.ts';
import { pageBytes } from './page-bytes.ts';
import type {
  BuildEnd,
  BundleRouteCache,
  PathItem,
  RenderAnswer,
  RenderJob,
  RendererModules,
  RendererStart,
} from './parallel-render.ts';

interface PrerenderModule {
  renderForPrerender: (
    app: unknown,
    request: Request,
    options: { routeData: unknown; collectMetadata: boolean },
  ) => Promise<{ response: Response; metadata?: unknown }>;
}
interface ScopeModule {
  ensureAsyncRenderScope: () => void;
}
interface BundleApp {
  manifest: { routes: Array<{ routeData: { route: string; component: string } }> };
  setInternals: (internals: unknown) => void;
  setOptions: (options: unknown) => void;
  routeCache: BundleRouteCache;
  getComponentByRoute: (routeData: unknown) => Promise<unknown>;
}

// Astro's runtime, loaded once for every build the thread renders for.
const modules = workerData as RendererModules;
const { renderForPrerender } = (await import(modules.prerenderModule)) as PrerenderModule;
const { ensureAsyncRenderScope } = (await import(modules.scopeModule)) as ScopeModule;

/** The bundle of the build the worker renders for, or null between builds. */
let app: BundleApp | null = null;

/** Takes up the build `start`: its settings into the build's channel, its bundle loaded. */
async function begin(start: RendererStart): Promise<void> {
  provideBuildPictureSettings(start.pictures as PictureSettings | null);
  provideBuildPreview(start.preview as BuildPreview | null);
  provideBuildCacheDir(
    new URL(start.cacheDir),
    start.baseCacheDir === null ? null : new URL(start.baseCacheDir),
  );
  // The details' reading ended before the build was given to the worker (parallel-render.ts).
  // The list of product pages is read anew, not the last build's, and now, while Astro's
  // thread finds the pages to render (at 50,000 articles 7 MB of JSON, 0.2 s that the first
  // page waited for); its failure is the pages' that read it.
  setProductDetailsLoad(Promise.resolve());
  await builtProductPages(buildDetailsDir()).catch(() => undefined);
  folders.clear();
  const loaded = (await import(start.entryUrl)) as { app: BundleApp };
  loaded.app.setInternals({
    pagesByKeys: new Map(start.pages),
    entrySpecifierToBundleMap: new Map(start.bundles),
  });
  loaded.app.setOptions({
    settings: { scripts: start.scripts },
    // Astro's warnings and errors while a page renders, as its own renderer prints them.
    logger: {
      options: {
        destination: {
          write: (event: { level: string; message: string }) => {
            if (event.level === 'warn' || event.level === 'error') console.error(event.message);
            return true;
          },
        },
      },
    },
  });
  app = loaded.app;
}

/**
 * Ends the build: answers with what its pages skipped as 'Missing data', and lets go of what
 * the next build must not find (its tally, its route cache, its open details databases).
 */
function end({ collect }: BuildEnd): void {
  parentPort?.postMessage({ skipped: skippedCounts() });
  resetSkipped();
  app?.routeCache.clearAll();
  app = null;
  closeProductDetails();
  // What a big build left is collected between builds (COLLECT_AFTER_PAGES).
  if (collect) globalThis.gc?.();
}

/** The path item of the page rendering now (one at a time: see the queue below). */
let current: PathItem | undefined;
/** The page's own item, whatever key Astro asks for: it asks only for the page rendering. */
const currentItem = { get: () => current };

/**
 * Gives a route's entry in the bundle's route cache the page's item alone. Astro would fill it
 * by calling the route's `getStaticPaths` once in this thread too: every path of the catalogue
 * with its cache key, 1 s of CPU at 50,000 articles before the first page, which the build's
 * thread had already spent.
 */
async function provideRoute(app: BundleApp, routeData: unknown): Promise<void> {
  if (app.routeCache.get(routeData)?.staticPaths) return;
  // The very module Astro compares with when it reads the entry (its `mod`).
  const mod = await app.getComponentByRoute(routeData);
  app.routeCache.set(routeData, {
    mod,
    staticPaths: Object.assign([], { keyed: currentItem }),
  });
}

/** The folders this worker made or found in this build, so that each is made once. */
const folders = new Set<string>();

/**
 * The buffer of `bytes` when they are the whole of it (a page's bytes, each in a buffer of its
 * own), which its answer then hands over to Astro's thread; else a copy of them.
 */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
    ? buffer
    : bytes.slice().buffer;
}

/** Writes a page's file, as Astro would: its folder made first. */
function writePage(file: URL, body: ArrayBuffer): void {
  const folder = new URL('./', file);
  if (!folders.has(folder.href)) {
    mkdirSync(folder, { recursive: true });
    folders.add(folder.href);
  }
  writeFileSync(file, new Uint8Array(body));
}

async function render(app: BundleApp, job: RenderJob): Promise<RenderAnswer> {
  const route = app.manifest.routes.find(
    ({ routeData }) => routeData.route === job.route && routeData.component === job.component,
  );
  if (!route) return { id: job.id, error: `No route ${job.route} in the bundle.` };
  const before = renderedCount();
  try {
    await provideRoute(app, route.routeData);
    current = job.item;
    if (job.collectMetadata) ensureAsyncRenderScope();
    const { response, metadata } = await renderForPrerender(app, new Request(job.url), {
      routeData: route.routeData,
      collectMetadata: job.collectMetadata,
    });
    const kept = pageBytes(response);
    const body = kept
      ? ownBuffer(kept)
      : response.body === null
        ? null
        : await response.arrayBuffer();
    // A page Astro writes as it is (no redirect, whose page Astro makes itself) is written here.
    const written = job.writeTo !== null && body !== null && response.ok;
    if (written) writePage(new URL(job.writeTo as string), body);
    return {
      id: job.id,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body,
      metadata,
      counted: renderedCount() - before,
      written,
    };
  } catch (error) {
    return {
      id: job.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  } finally {
    current = undefined;
  }
}

// One message at a time, in the order sent: a build's start, its pages one by one (the page
// finishing's count is then the page's alone, and the route cache's item the page's own), its
// end.
let queue = Promise.resolve();
parentPort?.on('message', (message: { start: RendererStart } | RenderJob | { end: BuildEnd }) => {
  queue = queue.then(async () => {
    if ('end' in message) end(message.end);
    else if ('start' in message) {
      await begin(message.start);
      parentPort?.postMessage({ ready: true });
    } else {
      const answer =
        app === null
          ? { id: message.id, error: 'A page came before its build did.' }
          : await render(app, message);
      parentPort?.postMessage(answer, 'body' in answer && answer.body ? [answer.body] : []);
    }
  });
});
