import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGE_SIZE } from '../lib/api/catalogue.ts';
import { defaultQuery } from '../lib/domain/listing-query.ts';
import { $alerts } from './alerts.ts';
import { $results, LISTING_PAGE_SIZE, loadResults, setupListing } from './listing.ts';

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
    // Node has no API at the browser base URL: a request would fail and raise an alert.
    await loadResults(defaultQuery('name'));
    expect($results.get()).toMatchObject({ status: 'initial', total: 42 });
    expect($alerts.get()).toEqual([]);
  });
});
