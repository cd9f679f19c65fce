import { describe, expect, it, vi } from 'vitest';
import { parallelPrerenderer, type DefaultPrerenderer } from './parallel-render.ts';

describe('parallelPrerenderer', () => {
  it("clears the bundle's route cache at the end, which a warm build process would keep", async () => {
    const clearAll = vi.fn();
    const teardown = vi.fn(() => Promise.resolve());
    const astro: DefaultPrerenderer = {
      name: 'astro:default',
      getStaticPaths: () => Promise.resolve([]),
      render: () => Promise.resolve({ response: new Response('') }),
      teardown,
      app: { routeCache: { clearAll } },
    };
    const renderer = parallelPrerenderer(astro, {
      after: Number.MAX_SAFE_INTEGER,
      pictures: null,
      preview: null,
      cacheDir: new URL('file:///build-cache/'),
      baseCacheDir: null,
    });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await renderer.teardown?.();
    expect(teardown).toHaveBeenCalledOnce();
    expect(clearAll).toHaveBeenCalledOnce();
  });
});
