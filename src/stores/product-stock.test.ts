import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $liveStock, loadLiveStock } from './product-stock.ts';

const fetchMock = vi.fn<typeof fetch>();
const answer = (articleId: number) =>
  Response.json({ articleId, variants: [{ id: 7, ean: '1', availability: 2, shops: [] }] });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

describe('loadLiveStock', () => {
  it('asks once for the page script and the buy box alike', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(101)));
    const first = loadLiveStock(101);
    expect($liveStock.get()).toEqual({ state: 'loading' });
    await Promise.all([first, loadLiveStock(101)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('articles/availability/101');
    expect($liveStock.get()).toEqual({
      state: 'ready',
      variants: [{ id: 7, ean: '1', availability: 2, shops: [] }],
    });
  });

  it('shows a failure, and tries again on the next ask', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await loadLiveStock(102);
    expect($liveStock.get()).toEqual({ state: 'error' });
    fetchMock.mockResolvedValueOnce(answer(102));
    await loadLiveStock(102);
    expect($liveStock.get()).toMatchObject({ state: 'ready' });
  });
});
