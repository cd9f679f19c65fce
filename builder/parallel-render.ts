/**
 * Rendering on both cores: a build's pages are rendered by Astro's own renderer in the build
 * process's thread and by a second renderer in a worker thread (parallel-render-worker.ts),
 * which loads the same server bundle. A static build's render is JavaScript on one thread, and
 * the machine's other core waited through it (16 s of a 25 s build at 5,000 articles). Astro
 * takes it as its prerenderer (`setPrerenderer` in `astro:build:start`): the paths, what is
 * reused, where each file goes and the incremental cache stay Astro's; only `render()` is
 * shared out. The worker starts as soon as a build is known to render at least {@link
 * ParallelRenderOptions.pages} pages: it takes most of a second to load the bundle, in which
 * the build's thread renders 100 to 250 pages, so a smaller campaign never pays for it. Its
 * pages come with the props the build's `getStaticPaths` gave their paths, so that it does not
 * call every route's `getStaticPaths` again (1 s of CPU at 50,000 articles).
 */
import type { AstroPrerenderer } from 'astro';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BuildPreview } from '../src/lib/api/preview.ts';
import { countMissing } from '../src/lib/mappers/common.ts';
import type { PictureSettings } from '../src/lib/picture-settings.ts';
import { countRendered } from './astro-output.ts';

/** What the worker starts with (its `workerData`). */
export interface RendererStart {
  entryUrl: string;
  prerenderModule: string;
  scopeModule: string;
  pages: Array<[string, { styles: unknown }]>;
  bundles: Array<[string, string]>;
  scripts: Array<{ stage: string; content: string }>;
  pictures: PictureSettings | null;
  preview: BuildPreview | null;
  /** The build's cache folder (its URL), whose product details the pages read. */
  cacheDir: string;
  /** A preview's release's cache folder (its URL), or null (product-details.ts). */
  baseCacheDir: string | null;
}

/** One page for the worker to render. */
export interface RenderJob {
  id: number;
  url: string;
  route: string;
  component: string;
  collectMetadata: boolean;
  /** The page's file (its URL), which the worker writes when the page renders: see `written`. */
  writeTo: string | null;
  /** The page's path item from the build's own `getStaticPaths`. */
  item: PathItem;
}

/** One path of a route as its `getStaticPaths` returned it: what the page's props come from. */
export interface PathItem {
  params: Record<string, string | undefined>;
  props?: Record<string, unknown> | undefined;
}

/** The worker's answer to a {@link RenderJob}. */
export type RenderAnswer =
  | {
      id: number;
      status: number;
      statusText: string;
      headers: Array<[string, string]>;
      body: ArrayBuffer | null;
      metadata: unknown;
      /** Files the page finishing counted in the worker (builder/astro-output.ts). */
      counted: number;
      /** Whether the worker wrote the page to its `writeTo`, which Astro then does not. */
      written: boolean;
    }
  | { id: number; error: string };

/** How the renderers share a build. */
export interface ParallelRenderOptions {
  /**
   * Pages a build must render for the worker to start: told by Astro before the render
   * (`willRender`, patches/astro+*.patch), or else counted as they render.
   */
  pages: number;
  pictures: PictureSettings | null;
  preview: BuildPreview | null;
  /** The build's cache folder, and a preview's release's (src/lib/content/product-details.ts). */
  cacheDir: URL;
  baseCacheDir: URL | null;
}

/** Pages in the worker's hands at once: one rendering, two waiting (Astro generates six). */
const WORKER_PAGES = 3;

/** Astro's internals the default prerenderer keeps after its setup (patches/astro+*.patch). */
export interface DefaultPrerenderer extends AstroPrerenderer {
  /** The server bundle's app, whose route cache holds every path of the build with its props. */
  app?: { routeCache?: BundleRouteCache };
  entryUrl?: string;
  internals?: {
    pagesByKeys: Map<string, { styles: unknown }>;
    entrySpecifierToBundleMap: Map<string, string>;
    /** The files of the pages Astro reused where they were in its out folder (`(cached)`), each once. */
    leftInPlace?: string[];
    /**
     * The files Astro found in its out folder before rendering (paths relative to it) that no
     * reused page claimed; null when it did not look.
     */
    unclaimedFiles?: Set<string> | null;
  };
  settings?: { scripts: Array<{ stage: string; content: string }> };
}

/** Astro's route cache in a server bundle (`app.routeCache`), as far as the renderers use it. */
export interface BundleRouteCache {
  get: (route: unknown) => { staticPaths?: { keyed: Map<string, PathItem> } } | undefined;
  set: (route: unknown, entry: { mod: unknown; staticPaths: unknown }) => void;
  clearAll: () => void;
}

const astroDir = pathToFileURL(createRequire(import.meta.url).resolve('astro/package.json'));

/** Astro's prerenderer `fallback`, its `render()` shared with a worker thread. */
export function parallelPrerenderer(
  fallback: DefaultPrerenderer,
  options: ParallelRenderOptions,
): AstroPrerenderer & { willRender: (count: number) => void } {
  let worker: Worker | null = null;
  let ready = false;
  let inWorker = 0;
  let calls = 0;
  let nextId = 0;
  let writtenThere = 0;
  const waiting = new Map<number, (answer: RenderAnswer) => void>();
  let failed: Error | null = null;

  const start = () => {
    const { entryUrl, internals, settings } = fallback;
    if (!entryUrl || !internals || !settings) {
      throw new Error("Astro's prerenderer does not tell its bundle (patches/astro+*.patch).");
    }
    const data: RendererStart = {
      entryUrl,
      prerenderModule: new URL('dist/core/app/prerender.js', astroDir).href,
      scopeModule: new URL('dist/core/render-scope/node-scope.js', astroDir).href,
      pages: [...internals.pagesByKeys].map(([key, page]) => [key, { styles: page.styles }]),
      bundles: [...internals.entrySpecifierToBundleMap],
      scripts: settings.scripts.map(({ stage, content }) => ({ stage, content })),
      pictures: options.pictures,
      preview: options.preview,
      cacheDir: options.cacheDir.href,
      baseCacheDir: options.baseCacheDir?.href ?? null,
    };
    worker = new Worker(new URL('./parallel-render-worker.ts', import.meta.url), {
      workerData: data,
    });
    worker.on('message', (message: RenderAnswer | { ready: true } | { skipped: object }) => {
      if ('ready' in message) ready = true;
      else if ('id' in message) waiting.get(message.id)?.(message);
    });
    const fail = (error: Error) => {
      failed ??= error;
      for (const answer of waiting.values()) answer({ id: -1, error: String(error) });
    };
    worker.on('error', fail);
    // Ended other than by teardown's terminate(): its pages and tallies would never come.
    worker.on('exit', (code) => fail(new Error(`The render worker ended (exit ${String(code)}).`)));
  };

  /**
   * The path's item from the route cache this thread's `getStaticPaths` filled, or undefined
   * and the page renders here: not found, or a route of one page (the home page, the JSON
   * files), whose data is made here anyway for the other pages (the worker made the product
   * paths of the whole catalogue again for `product-paths.json`: 0.5 s at 50,000 articles).
   */
  const pathItem = (routeData: { pathname?: string | undefined }, pathname?: string) => {
    if (routeData.pathname || pathname === undefined) return undefined;
    return fallback.app?.routeCache?.get(routeData)?.staticPaths?.keyed.get(pathname);
  };

  /** The page rendered in the worker, or null when its props cannot be sent there. */
  const renderInWorker = async (
    request: Request,
    routeData: { route: string; component: string },
    collectMetadata: boolean,
    writeTo: URL | undefined,
    item: PathItem,
  ) => {
    const id = nextId;
    try {
      worker?.postMessage({
        id,
        url: request.url,
        route: routeData.route,
        component: routeData.component,
        collectMetadata,
        writeTo: writeTo?.href ?? null,
        item: { params: item.params, props: item.props },
      } satisfies RenderJob);
    } catch (error) {
      // Props a thread cannot be sent (a function, a class's instance): rendered here.
      if (error instanceof DOMException && error.name === 'DataCloneError') return null;
      throw error;
    }
    nextId++;
    inWorker++;
    // Its answer comes through the event loop, so it cannot come before it is waited for.
    const answer = await new Promise<RenderAnswer>((resolve) => waiting.set(id, resolve));
    waiting.delete(id);
    inWorker--;
    if ('error' in answer)
      throw new Error(`Rendering ${request.url} in the worker: ${answer.error}`);
    for (let i = 0; i < answer.counted; i++) countRendered();
    const response = new Response(answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
    // `written` is the patched Astro's (patches/astro+*.patch): it then creates no file of its
    // own for the page, which on a slow disk cost its thread as much as rendering one.
    if (answer.written) writtenThere++;
    const rendered = { response, written: answer.written };
    return collectMetadata && answer.metadata !== undefined
      ? { ...rendered, metadata: answer.metadata as never }
      : rendered;
  };

  return {
    name: 'storefront:parallel-render',
    setup: () => fallback.setup?.() ?? Promise.resolve(),
    getStaticPaths: () => fallback.getStaticPaths(),
    // The patched Astro's: the pages of the batch it is about to render.
    willRender: (count: number) => {
      if (worker === null && count >= options.pages) start();
    },
    render: async (request, renderOptions) => {
      const { routeData, collectMetadata = false } = renderOptions;
      // Both the patched Astro's (patches/astro+*.patch).
      const { writeTo, pathname } = renderOptions as { writeTo?: URL; pathname?: string };
      if (failed) throw failed;
      calls++;
      if (worker === null && calls >= options.pages) start();
      // The worker's messages (that it is ready, its answers) come through the event loop, and
      // a page rendered on this thread may never let it run: its detail is read and its file
      // written synchronously. So the messages are let in first, else the worker waits for
      // the whole render (it did, 17 of 20 s, once the details were read from SQLite).
      if (worker !== null) await new Promise((resolve) => setImmediate(resolve));
      if (ready && inWorker < WORKER_PAGES) {
        const item = pathItem(routeData, pathname);
        const rendered =
          item === undefined
            ? null
            : await renderInWorker(request, routeData, collectMetadata, writeTo, item);
        if (rendered) return rendered;
      }
      return fallback.render(request, { routeData, collectMetadata });
    },
    teardown: async () => {
      // On stdout, which the builders keep as the build's output (builder/build-brands.ts).
      console.log(
        `Pages rendered on a second thread: ${String(nextId)} of ${String(calls)}, ${String(writtenThere)} written there.`,
      );
      const running = worker as Worker | null;
      if (running !== null) {
        // A worker that failed answers nothing more; the build fails with its error already.
        if (ready && !failed) {
          // What the worker's pages skipped as 'Missing data', into this build's tally.
          const skipped = await new Promise<object>((resolve) => {
            running.once('message', (message: { skipped: object }) => resolve(message.skipped));
            running.postMessage('tallies');
          });
          for (const [kind, n] of Object.entries(skipped)) {
            for (let i = 0; i < (n as number); i++) countMissing(kind);
          }
        }
        running.removeAllListeners('exit');
        await running.terminate();
      }
      await fallback.teardown?.();
      // A warm build process keeps every bundle it imported (builder/astro-child.ts), and with
      // it this one's route cache: every path of the build and its props, which no later build
      // reads (with the list of product pages, about 40 MB a campaign at 50,000 articles).
      fallback.app?.routeCache?.clearAll();
    },
  };
}
