import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { parallelPrerenderer, type DefaultPrerenderer, type PathItem } from './parallel-render.ts';
import { scratchFolder } from './test-support/scratch-folder.ts';

/**
 * A server bundle for the worker to load: one route with paths, whose page answers with the
 * props Astro's route cache gives it, as Astro's `getProps` reads them (`keyed.get`).
 */
const bundle = `
const cache = new Map();
const mod = { page: true };
export const app = {
  manifest: { routes: [{ routeData: { route: '/vare/[slug]', component: 'vare.astro' } }] },
  setInternals() {},
  setOptions() {},
  routeCache: {
    get: (route) => cache.get(route.route),
    set: (route, entry) => cache.set(route.route, entry),
    clearAll: () => cache.clear(),
  },
  getComponentByRoute: async () => mod,
  async render(request, { routeData }) {
    const entry = cache.get(routeData.route);
    const item = entry?.mod === mod ? entry.staticPaths.keyed.get('any key') : undefined;
    return new Response(JSON.stringify({ thread: 'worker', props: item?.props ?? null }));
  },
};
`;

const routeData = { route: '/vare/[slug]', component: 'vare.astro', type: 'page' } as never;

/** Astro's prerenderer with the bundle above, its route cache holding `items` by pathname. */
function astroWith(items: Map<string, PathItem>): DefaultPrerenderer {
  const entry = pathToFileURL(join(scratchFolder('parallel-render'), 'bundle.mjs'));
  writeFileSync(entry, bundle);
  return {
    name: 'astro:default',
    getStaticPaths: () => Promise.resolve([]),
    render: () => Promise.resolve({ response: new Response('{"thread":"main"}') }),
    teardown: () => Promise.resolve(),
    entryUrl: entry.href,
    internals: { pagesByKeys: new Map(), entrySpecifierToBundleMap: new Map() },
    settings: { scripts: [] },
    app: {
      routeCache: {
        get: () => ({ staticPaths: { keyed: items } }),
        set: () => undefined,
        clearAll: () => undefined,
      },
    },
  };
}

const options = {
  pictures: null,
  preview: null,
  cacheDir: new URL('file:///build-cache/'),
  baseCacheDir: null,
};

describe('parallelPrerenderer', () => {
  it("clears the bundle's route cache at the end, which a warm build process would keep", async () => {
    const clearAll = vi.fn();
    const teardown = vi.fn(() => Promise.resolve());
    const astro: DefaultPrerenderer = {
      name: 'astro:default',
      getStaticPaths: () => Promise.resolve([]),
      render: () => Promise.resolve({ response: new Response('') }),
      teardown,
      app: { routeCache: { get: () => undefined, set: () => undefined, clearAll } },
    };
    const renderer = parallelPrerenderer(astro, { ...options, pages: Number.MAX_SAFE_INTEGER });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await renderer.teardown?.();
    expect(teardown).toHaveBeenCalledOnce();
    expect(clearAll).toHaveBeenCalledOnce();
  });

  it('sends each page the props of its path, and renders here what a thread cannot be sent', async () => {
    const items = new Map<string, PathItem>([
      ['/vare/lue', { params: { slug: 'lue' }, props: { name: 'Lue', sizes: ['S', 'M'] } }],
      ['/vare/sko', { params: { slug: 'sko' }, props: { name: 'Sko', format: () => 'Sko' } }],
    ]);
    // More pages than this test renders: only `willRender` can start the worker.
    const renderer = parallelPrerenderer(astroWith(items), { ...options, pages: 1000 });
    const render = async (pathname: string, route: object = routeData) => {
      const request = new Request(`http://localhost${pathname}`);
      const { response } = (await renderer.render(request, {
        routeData: route,
        pathname,
      } as never)) as { response: Response };
      return (await response.json()) as { thread: string; props?: unknown };
    };
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      // A build of fewer pages starts no worker: for half a second, every page renders here.
      renderer.willRender(999);
      for (let i = 0; i < 50; i++) {
        expect(await render('/vare/lue')).toEqual({ thread: 'main' });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      renderer.willRender(1000);
      // Until the worker has loaded, the pages render here.
      let page = await render('/vare/lue');
      for (let i = 0; page.thread === 'main' && i < 500; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        page = await render('/vare/lue');
      }
      expect(page).toEqual({ thread: 'worker', props: { name: 'Lue', sizes: ['S', 'M'] } });
      // A function cannot be sent to a thread; a path Astro's cache does not hold has no props.
      expect(await render('/vare/sko')).toEqual({ thread: 'main' });
      expect(await render('/vare/votter')).toEqual({ thread: 'main' });
      // A route of one page renders here, where what it shares with the others is made.
      expect(await render('/', { route: '/', component: 'index.astro', pathname: '/' })).toEqual({
        thread: 'main',
      });
    } finally {
      await renderer.teardown?.();
    }
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/: 1 of \d+, /));
  });
});
