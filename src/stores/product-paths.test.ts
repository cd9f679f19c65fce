import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadProductPaths } from './product-paths.ts';

describe('loadProductPaths', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the file once, and after a failure tries again', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response('nope', { status: 503 }))
      .mockResolvedValueOnce(Response.json({ '2': 'jakke--2' }));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await loadProductPaths()).size).toBe(0);
    expect([...(await loadProductPaths())]).toEqual([[2, 'jakke--2']]);
    await loadProductPaths();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
