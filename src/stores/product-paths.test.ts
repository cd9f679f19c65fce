import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadProductPaths, parseProductPaths } from './product-paths.ts';

describe('parseProductPaths', () => {
  it('keeps ids with slug segments and drops anything else', () => {
    const parsed = parseProductPaths({
      '2': 'jakke--2',
      '0': 'null--0',
      x: 'jakke',
      '5': '//evil.example',
      '6': '../etc',
      '7': 7,
    });
    expect([...parsed]).toEqual([[2, 'jakke--2']]);
  });

  it('answers none for what is not an object', () => {
    for (const data of [null, [], 'jakke', 3]) expect(parseProductPaths(data).size).toBe(0);
  });
});

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
