import { describe, expect, it } from 'vitest';
import { collectFacets, mergeFacets, type ListingArticle } from './listing-facets.ts';

const article = (id: number, over: Partial<ListingArticle> = {}): ListingArticle => ({
  id,
  name: `Jakke ${String(id)}`,
  brand: 'Fjellrev',
  brandId: 3,
  price: 100000,
  priorPrice: null,
  image: `/images/articles/${String(id)}.svg`,
  customLabel: null,
  campaigns: [],
  colorGroups: [],
  available: [],
  productLineId: null,
  ...over,
});

describe('collectFacets', () => {
  it('offers only colours with a hex, and each brand and shop once', () => {
    const facets = collectFacets([
      article(1, {
        colorGroups: [
          { id: 4, name: 'Blå', hex: '#1f4fbf' },
          { id: 9, name: 'Mønstret', hex: null },
        ],
        available: [55, 3],
      }),
      article(2, {
        brand: 'Barmark',
        brandId: 1,
        colorGroups: [{ id: 4, name: 'Blå', hex: '#1f4fbf' }],
        available: [3],
      }),
    ]);
    expect(facets.colors).toEqual([{ id: 4, name: 'Blå', hex: '#1f4fbf' }]);
    expect(facets.brands.map((b) => b.name)).toEqual(['Barmark', 'Fjellrev']);
    expect(facets.shops).toEqual([3, 55]);
  });

  it('merges two sets without duplicates', () => {
    const a = collectFacets([article(1, { available: [1] })]);
    const b = collectFacets([article(2, { brandId: 5, brand: 'Amo', available: [1, 2] })]);
    const merged = mergeFacets(a, b);
    expect(merged.brands.map((x) => x.id)).toEqual([5, 3]);
    expect(merged.shops).toEqual([1, 2]);
  });
});
