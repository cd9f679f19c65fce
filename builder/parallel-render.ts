/**
 * Rendering on both cores: a build's pages are rendered by Astro's own renderer in the build
 * process's thread and by a second renderer in a worker thread (parallel-render-worker.ts),
 * which loads the same server bundle. A static build's render is JavaScript on one thread, and
 * the machine's other core waited through it (16 s of a 25 s build at 5,000 articles). Astro
 * takes it as its prerenderer (`setPrerenderer` in `astro:build:start`): the paths, what is
 * reused, where each file goes and the incremental cache stay Astro's; only `render()` is
 * shared out. The worker starts as soon as Astro has loaded the build's bundle (its `setup`) and
 * the products loader has written the list of product pages and their details, which its pages
 * read: while Astro's thread reads the incremental manifest, calls every `getStaticPaths` and
 * finds the pages it reuses (a second at 50,000 articles), the worker loads. A warm build
 * process keeps its worker between builds: a new one spent half a second on Node's start and
 * Astro's runtime, and rendered its first pages with code V8 had not compiled yet (React's
 * server renderer above all), a third as many pages as Astro's thread in a campaign. Each page
 * goes with the props the build's `getStaticPaths` gave its path, so that the worker does not
 * call every route's `getStaticPaths` again (1 s of CPU at 50,000 articles).
 */
import type { AstroPrerenderer } from 'astro';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { BuildPreview } from '../src/lib/api/preview.ts';
import { productDetailsLoaded } from '../src/lib/content/product-details.ts';
import { countMissing } from '../src/lib/mappers/common.ts';
import type { PictureSettings } from '../src/lib/picture-settings.ts';
import { countRendered } from './astro-output.ts';
import { pageResponse } from './page-bytes.ts';

/** What a worker loads before it is given a build: Astro's runtime (its `workerData`). */
export interface RendererModules {
  prerenderModule: string;
  scopeModule: string;
}

/** The build a worker renders for, which it is sent as `{ start }`. */
export interface RendererStart {
  entryUrl: string;
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

/** A build's end, which a worker is sent as `{ end }`. */
export interface BuildEnd {
  /** Whether it collects what the build left ({@link COLLECT_AFTER_PAGES}). */
  collect: boolean;
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
  /** Whether pages render on a second thread too; else all on Astro's. */
  secondThread: boolean;
  pictures: PictureSettings | null;
  preview: BuildPreview | null;
  /** The build's cache folder, and a preview's release's (src/lib/content/product-details.ts). */
  cacheDir: URL;
  baseCacheDir: URL | null;
}

/**
 * Pages in the worker's hands at once: one rendering, four waiting (Astro generates eight), so
 * that it has work through the stretches in which this thread renders a page of its own.
 */
const WORKER_PAGES = 5;

/**
 * A build that rendered this many pages (a full build, a menu change) leaves its process and
 * worker to collect what it left once it has answered, while the builder makes the release: at
 * 50,000 articles the first campaign after a full build spent 0.7 s in the collector, the next
 * ones 0.2 s. Not after a campaign, whose next build then rendered slower (0.2 s at 5,000
 * articles: the collection costs more than the little it frees).
 */
export const COLLECT_AFTER_PAGES = 5000;

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

const modules: RendererModules = {
  prerenderModule: new URL('dist/core/app/prerender.js', astroDir).href,
  scopeModule: new URL('dist/core/render-scope/node-scope.js', astroDir).href,
};

/** The process's worker between builds, which does not keep the process alive meanwhile. */
let resident: Worker | null = null;

/** The worker the last build left, or a new one. */
function takeRenderer(): Worker {
  // The process's environment itself, not a copy made when the worker started: each build sets
  // its own (builder/astro-child.ts), which the bundle reads (the data store's file, the brand).
  const worker =
    resident ??
    new Worker(new URL('./parallel-render-worker.ts', import.meta.url), {
      workerData: modules,
      env: SHARE_ENV,
    });
  resident = null;
  worker.removeAllListeners();
  worker.ref();
  return worker;
}

/** Keeps `worker`, its build ended, for the next build; a worker that ends meanwhile is lost. */
function keepRenderer(worker: Worker): void {
  worker.removeAllListeners();
  worker.unref();
  const lose = () => {
    if (resident === worker) resident = null;
  };
  worker.once('error', lose);
  worker.once('exit', lose);
  resident = worker;
}

/** Astro's prerenderer `fallback`, its `render()` shared with a worker thread. */
export function parallelPrerenderer(
  fallback: DefaultPrerenderer,
  options: ParallelRenderOptions,
): AstroPrerenderer {
  let worker: Worker | null = null;
  let ready = false;
  let inWorker = 0;
  let calls = 0;
  let nextId = 0;
  let writtenThere = 0;
  const waiting = new Map<number, (answer: RenderAnswer) => void>();
  let failed: Error | null = null;
  let ended = false;

  const start = () => {
    const { entryUrl, internals, settings } = fallback;
    if (!entryUrl || !internals || !settings) {
      throw new Error("Astro's prerenderer does not tell its bundle (patches/astro+*.patch).");
    }
    const data: RendererStart = {
      entryUrl,
      pages: [...internals.pagesByKeys].map(([key, page]) => [key, { styles: page.styles }]),
      bundles: [...internals.entrySpecifierToBundleMap],
      scripts: settings.scripts.map(({ stage, content }) => ({ stage, content })),
      pictures: options.pictures,
      preview: options.preview,
      cacheDir: options.cacheDir.href,
      baseCacheDir: options.baseCacheDir?.href ?? null,
    };
    worker = takeRenderer();
    worker.postMessage({ start: data });
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
    // The page's bytes kept with the response, which Astro's patch writes as they are
    // (page-bytes.ts): a body made of them copied them in only for Astro to copy them out.
    const init = { status: answer.status, statusText: answer.statusText, headers: answer.headers };
    const response = answer.body
      ? pageResponse(new Uint8Array(answer.body), init)
      : new Response(null, init);
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
    setup: async () => {
      await fallback.setup?.();
      if (!options.secondThread) return;
      // Its pages read the list of product pages and the details, which the products loader
      // goes on writing after the content sync; a failed reading fails the build there.
      productDetailsLoaded().then(
        () => {
          if (ended) return;
          try {
            start();
          } catch (error) {
            failed = error instanceof Error ? error : new Error(String(error));
          }
        },
        () => undefined,
      );
    },
    getStaticPaths: () => fallback.getStaticPaths(),
    render: async (request, renderOptions) => {
      const { routeData, collectMetadata = false } = renderOptions;
      // Both the patched Astro's (patches/astro+*.patch).
      const { writeTo, pathname } = renderOptions as { writeTo?: URL; pathname?: string };
      if (failed) throw failed;
      calls++;
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
      ended = true;
      // On stdout, which the builders keep as the build's output (builder/build-brands.ts).
      console.log(
        `Pages rendered on a second thread: ${String(nextId)} of ${String(calls)}, ${String(writtenThere)} written there.`,
      );
      const running = worker as Worker | null;
      if (running !== null && failed) {
        // A worker that failed answers nothing more; the build fails with its error already.
        running.removeAllListeners('exit');
        await running.terminate();
      } else if (running !== null) {
        // The build's end: the worker answers with what its pages skipped as 'Missing data',
        // once the pages before have rendered. One still loading the bundle rendered none.
        const skipped = ready
          ? new Promise<object>((resolve) => {
              running.on('message', (message: RenderAnswer | { skipped?: object }) => {
                if ('skipped' in message && message.skipped) resolve(message.skipped);
              });
            })
          : Promise.resolve({});
        running.postMessage({ end: { collect: calls >= COLLECT_AFTER_PAGES } });
        for (const [kind, n] of Object.entries(await skipped)) {
          for (let i = 0; i < (n as number); i++) countMissing(kind);
        }
        keepRenderer(running);
      }
      await fallback.teardown?.();
      // A warm build process keeps every bundle it imported (builder/astro-child.ts), and with
      // it this one's route cache: every path of the build and its props, which no later build
      // reads (with the list of product pages, about 40 MB a campaign at 50,000 articles).
      fallback.app?.routeCache?.clearAll();
    },
  };
}
