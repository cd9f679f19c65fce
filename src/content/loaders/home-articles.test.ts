import type { LoaderContext } from 'astro/loaders';
import { describe, expect, it, vi } from 'vitest';
import type { ApiHomeSlot } from '../../../contract/index.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import { homeArticleIds, homeArticlesLoader } from './home-articles.ts';

const slot = (type: ApiHomeSlot['type'], ids: number[]): ApiHomeSlot => ({
  type,
  title: '',
  ids,
  link: null,
  image: null,
});

describe('homeArticleIds', () => {
  it('collects the ids of product promo and grid slots of home and previews, once each', () => {
    expect(
      homeArticleIds({
        home: [
          slot('productPromo', [5, 3]),
          slot('campaign', [1]),
          slot('popularCategories', [10]),
          slot('grid', [3, 8]),
        ],
        previews: { jul: [slot('grid', [9, 5])] },
      }),
    ).toEqual([5, 3, 8, 9]);
  });
});

describe('homeArticlesLoader', () => {
  it("fetches the home slots' articles and the other pages' in one go, each id once", async () => {
    const asked: string[] = [];
    const get = vi.fn(async (path: string, query?: Record<string, unknown>) => {
      if (path === 'settings') {
        return { tenant: 'toppfart', home: [slot('grid', [1, 2])], previews: {} };
      }
      asked.push(String(query?.['articles']));
      return String(query?.['articles'])
        .split(',')
        .map((id) => ({ id: Number(id), name: `Artikkel ${id}`, price: 100 }));
    });
    const stored = new Map<string, unknown>();
    const store = {
      clear: () => stored.clear(),
      set: ({ id, data }: { id: string; data: unknown }) => stored.set(id, data),
    };
    const loader = homeArticlesLoader(
      'toppfart',
      () => ({ get }) as unknown as ApiClient,
      async () => [2, 3],
    );
    await loader.load({ store } as unknown as LoaderContext);
    expect(asked).toEqual(['1,2,3']);
    expect([...stored.keys()]).toEqual(['1', '2', '3']);
  });
});
