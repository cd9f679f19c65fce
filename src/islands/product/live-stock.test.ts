import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $liveStock } from '../../stores/product-stock.ts';
import { HYDRATE_EVENT } from '../directives/hydrate-event.ts';
import { buyBoxOutdated, readBuiltBuyBox, startLiveStock, type BuiltBuyBox } from './live-stock.ts';

const built: BuiltBuyBox = { articleId: 5, inStock: { '1': true, '2': false }, chosen: false };
const ready = (variants: Array<[number, number]>) =>
  ({
    state: 'ready',
    variants: variants.map(([id, availability]) => ({ id, availability, shops: [] })),
  }) as const;

describe('buyBoxOutdated', () => {
  it('keeps the server HTML while the same variants are in stock', () => {
    expect(
      buyBoxOutdated(
        built,
        ready([
          [1, 3],
          [2, 0],
        ]),
      ),
    ).toBe(false);
    // Variants the build did not know are not in its HTML either.
    expect(
      buyBoxOutdated(
        built,
        ready([
          [1, 1],
          [9, 4],
        ]),
      ),
    ).toBe(false);
    expect(buyBoxOutdated(built, { state: 'loading' })).toBe(false);
    expect(buyBoxOutdated(built, { state: 'error' })).toBe(false);
  });

  it('is out of date when a variant sold out or came back', () => {
    expect(
      buyBoxOutdated(
        built,
        ready([
          [1, 0],
          [2, 0],
        ]),
      ),
    ).toBe(true);
    expect(
      buyBoxOutdated(
        built,
        ready([
          [1, 1],
          [2, 1],
        ]),
      ),
    ).toBe(true);
  });

  it('always is when the HTML shows a chosen variant, whose shops need live figures', () => {
    expect(
      buyBoxOutdated(
        { ...built, chosen: true },
        ready([
          [1, 3],
          [2, 0],
        ]),
      ),
    ).toBe(true);
    expect(buyBoxOutdated({ ...built, chosen: true }, { state: 'error' })).toBe(true);
  });
});

describe('readBuiltBuyBox', () => {
  const box = (dataset: Record<string, string>) => ({ dataset }) as unknown as HTMLElement;

  it('reads the article, the built stock and whether a variant is chosen', () => {
    expect(readBuiltBuyBox(box({ articleId: '5', inStock: '{"1":true,"2":false}' }))).toEqual(
      built,
    );
    expect(readBuiltBuyBox(box({ articleId: '5', chosen: '' }))).toEqual({
      articleId: 5,
      inStock: {},
      chosen: true,
    });
  });

  it('gives up on a wrapper without a usable article or stock', () => {
    expect(readBuiltBuyBox(box({}))).toBeNull();
    expect(readBuiltBuyBox(box({ articleId: '5', inStock: '{' }))).toBeNull();
  });
});

describe('startLiveStock', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const page = (articleId: number, chosen = false) => {
    const island = { dispatchEvent: vi.fn<(event: Event) => boolean>() };
    const box = {
      dataset: {
        articleId: String(articleId),
        inStock: '{"1":true,"2":false}',
        ...(chosen ? { chosen: '' } : {}),
      },
      querySelector: () => island,
    } as unknown as HTMLElement;
    return { box, island };
  };

  it('loads live stock and leaves the island alone when the HTML still holds', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ articleId: 11, variants: [{ id: 1, ean: 'a', availability: 2, shops: [] }] }),
    );
    const { box, island } = page(11);
    await startLiveStock(box);
    expect($liveStock.get()).toMatchObject({ state: 'ready' });
    expect(island.dispatchEvent).not.toHaveBeenCalled();
  });

  it('asks the island to hydrate when a size sold out since the build', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ articleId: 12, variants: [{ id: 1, ean: 'a', availability: 0, shops: [] }] }),
    );
    const { box, island } = page(12);
    await startLiveStock(box);
    expect(island.dispatchEvent).toHaveBeenCalledTimes(1);
    expect(island.dispatchEvent.mock.calls[0]?.[0].type).toBe(HYDRATE_EVENT);
  });

  it('hydrates a box showing a chosen variant at once, without waiting for the answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { box, island } = page(13, true);
    const started = startLiveStock(box);
    expect(island.dispatchEvent).toHaveBeenCalledTimes(1);
    answer(Response.json({ articleId: 13, variants: [] }));
    await started;
    expect(island.dispatchEvent).toHaveBeenCalledTimes(1);
  });
});
