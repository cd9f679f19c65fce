import { describe, expect, it } from 'vitest';
import type { ApiHomeSlot } from '../../../contract/index.ts';
import { homeArticleIds } from './home-articles.ts';

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
