import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as catalogue from '../lib/api/catalogue.ts';
import { CATEGORY_PAGE_SIZE, searchArticles } from '../lib/api/catalogue.ts';
import { defaultQuery, LISTING_PAGE_SIZE } from '../lib/domain/listing-query.ts';
import { mappedArticle } from '../test-support/articles.ts';
import { $alerts, removeAlert } from './alerts.ts';
import {
  $firstPage,
  $results,
  LOAD_ERROR,
  loadFirstSearchPage,
  loadResults,
  setupListing,
} from './listing.ts';

vi.mock('./product-paths.ts', () => ({ loadProductPaths: async () => new Map() }));
vi.mock('../lib/api/catalogue.ts', async (original) => ({
  ...(await original<typeof catalogue>()),
  searchArticles: vi.fn(),
}));
const search = vi.mocked(searchArticles);

afterEach(() => {
  search.mockReset();
  for (const alert of $alerts.get()) removeAlert(alert.uid);
  $firstPage.set(null);
});

describe('listing results', () => {
  it('pages like the API does', () => {
    expect(LISTING_PAGE_SIZE).toBe(CATEGORY_PAGE_SIZE);
  });

  it('shows the pre-rendered page for the default state without a request', async () => {
    const facets = { colors: [], brands: [], shops: [] };
    setupListing({
      scope: {},
      text: '',
      defaultSort: 'name',
      prerendered: true,
      total: 42,
      facets,
    });
    await loadResults(defaultQuery('name'));
    expect($results.get()).toMatchObject({ status: 'initial', total: 42 });
    expect(search).not.toHaveBeenCalled();
    expect($alerts.get()).toEqual([]);
  });

  describe('a query asked again', () => {
    const facets = { colors: [], brands: [], shops: [] };
    const byPrice = { ...defaultQuery('name'), sort: 'price' as const };
    const start = () =>
      setupListing({
        scope: {},
        text: 'jakke',
        defaultSort: 'name',
        prerendered: false,
        total: 0,
        facets,
      });

    it('while it loads or once shown is the same load, not a second request', async () => {
      start();
      search.mockResolvedValue({ total: 1, articles: [mappedArticle(7)] });
      const first = loadResults(byPrice);
      // What a replayed choice asks, in the same state.
      const again = loadResults({ ...byPrice, filters: { ...byPrice.filters } });
      expect(again).toBe(first);
      await Promise.all([first, again]);
      await loadResults(byPrice);
      expect(search).toHaveBeenCalledTimes(1);
      expect($results.get()).toMatchObject({ status: 'ready', total: 1 });
      await loadResults(defaultQuery('name'));
      await loadResults(byPrice);
      expect(search).toHaveBeenCalledTimes(3);
    });

    it('after a failure is asked anew', async () => {
      start();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      search.mockRejectedValueOnce(new Error('offline'));
      await loadResults(byPrice);
      expect($alerts.get().map((a) => a.message)).toEqual([LOAD_ERROR]);
      search.mockResolvedValue({ total: 2, articles: [mappedArticle(7)] });
      await loadResults(byPrice);
      expect(search).toHaveBeenCalledTimes(2);
      expect($results.get()).toMatchObject({ status: 'ready', total: 2 });
    });
  });
});

describe('loadFirstSearchPage', () => {
  it('asks for page one in relevance order with no filter and keeps it', async () => {
    search.mockResolvedValue({
      total: 31,
      articles: [mappedArticle(7, { name: 'Vinterjakke', available: [5] })],
    });
    await loadFirstSearchPage('jakke');
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toMatchObject({
      query: 'jakke',
      take: LISTING_PAGE_SIZE,
      page: 0,
      filters: { genders: [], colorGroups: [], brands: [], price: null, group3: [] },
    });
    expect(search.mock.calls[0]?.[0]).not.toHaveProperty('sort');
    const first = $firstPage.get();
    expect(first).toMatchObject({ text: 'jakke', total: 31 });
    // Its one card, drawn with the request, and the filter values the island takes over.
    expect(first?.html.match(/<article /g)).toHaveLength(1);
    expect(first?.html).toContain('Vinterjakke');
    expect(first?.facets.brands.map((b) => b.name)).toEqual(['Bergtind']);
    expect(first?.facets.shops).toEqual([5]);
  });

  it('shows the Norwegian alert and keeps nothing when the search fails', async () => {
    search.mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await loadFirstSearchPage('jakke');
    expect($firstPage.get()).toBeNull();
    expect($alerts.get().map((a) => a.message)).toEqual([LOAD_ERROR]);
  });
});
