import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { AstroPrerenderer } from 'astro';
import { parallelPrerenderer, type DefaultPrerenderer, type PathItem } from './parallel-render.ts';
import { scratchFolder } from './test-support/scratch-folder.ts';

/**
 * A server bundle for the worker to load: one route with paths, whose page answers with the
 * props Astro's route cache gives it, as Astro's `getProps` reads them (`keyed.get`), the
 * bundle's name and its thread's id (a process numbers its threads in the order they start).
 */
const bundle = (name: string) => `
import { threadId } from 'node:worker_threads';
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
    return new Response(JSON.stringify({
      thread: 'worker',
      props: item?.props ?? null,
      bundle: ${JSON.stringify(name)},
      threadId,
    }));
  },
};
`;

const routeData = { route: '/vare/[slug]', component: 'vare.astro', type: 'page' } as never;

/** Astro's prerenderer with the bundle `name`, its route cache holding `items` by pathname. */
function astroWith(items: Map<string, PathItem>, name = 'bundle'): DefaultPrerenderer {
  const entry = pathToFileURL(join(scratchFolder('parallel-render'), `${name}.mjs`));
  writeFileSync(entry, bundle(name));
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

interface Page {
  thread: string;
  props?: unknown;
  bundle?: string;
  threadId?: number;
}

/** Renders `pathname` with `renderer`, as Astro's generate does. */
async function render(
  renderer: AstroPrerenderer,
  pathname: string,
  route: object = routeData,
): Promise<Page> {
  const request = new Request(`http://localhost${pathname}`);
  const { response } = (await renderer.render(request, {
    routeData: route,
    pathname,
  } as never)) as { response: Response };
  return (await response.json()) as Page;
}

/** The first page of `pathname` the worker renders: the pages before render here. */
async function renderInWorker(renderer: AstroPrerenderer, pathname: string): Promise<Page> {
  let page = await render(renderer, pathname);
  for (let i = 0; page.thread === 'main' && i < 500; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    page = await render(renderer, pathname);
  }
  return page;
}

const lue: [string, PathItem] = [
  '/vare/lue',
  { params: { slug: 'lue' }, props: { name: 'Lue', sizes: ['S', 'M'] } },
];

const options = {
  secondThread: true,
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
    const renderer = parallelPrerenderer(astro, { ...options, secondThread: false });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await renderer.teardown?.();
    expect(teardown).toHaveBeenCalledOnce();
    expect(clearAll).toHaveBeenCalledOnce();
  });

  it('sends each page the props of its path, and renders here what a thread cannot be sent', async () => {
    const items = new Map<string, PathItem>([
      lue,
      ['/vare/sko', { params: { slug: 'sko' }, props: { name: 'Sko', format: () => 'Sko' } }],
    ]);
    const renderer = parallelPrerenderer(astroWith(items), options);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      // The worker starts with the build's bundle, no page asked: until it has loaded, the
      // pages render here.
      await renderer.setup?.();
      expect(await renderInWorker(renderer, '/vare/lue')).toMatchObject({
        thread: 'worker',
        props: { name: 'Lue', sizes: ['S', 'M'] },
      });
      // A function cannot be sent to a thread; a path Astro's cache does not hold has no props.
      expect(await render(renderer, '/vare/sko')).toEqual({ thread: 'main' });
      expect(await render(renderer, '/vare/votter')).toEqual({ thread: 'main' });
      // A route of one page renders here, where what it shares with the others is made.
      const home = { route: '/', component: 'index.astro', pathname: '/' };
      expect(await render(renderer, '/', home)).toEqual({ thread: 'main' });
    } finally {
      await renderer.teardown?.();
    }
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/: 1 of \d+, /));
  });

  it('renders every page here when told to', async () => {
    const renderer = parallelPrerenderer(astroWith(new Map([lue])), {
      ...options,
      secondThread: false,
    });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await renderer.setup?.();
      for (let i = 0; i < 50; i++) {
        expect(await render(renderer, '/vare/lue')).toEqual({ thread: 'main' });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await renderer.teardown?.();
    }
  });

  it("keeps its worker for the next build, which renders that build's bundle", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const first = parallelPrerenderer(astroWith(new Map([lue]), 'first'), options);
    await first.setup?.();
    const before = await renderInWorker(first, '/vare/lue');
    expect(before).toMatchObject({ bundle: 'first' });
    await first.teardown?.();

    const next = parallelPrerenderer(astroWith(new Map([lue]), 'next'), options);
    try {
      await next.setup?.();
      const page = await renderInWorker(next, '/vare/lue');
      expect(page).toMatchObject({ thread: 'worker', bundle: 'next' });
      expect(page.threadId).toBe(before.threadId);
    } finally {
      await next.teardown?.();
    }
  });
});
