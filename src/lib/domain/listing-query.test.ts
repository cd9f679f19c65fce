import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countSelected,
  defaultQuery,
  EMPTY_FILTERS,
  lastPage,
  listingQueryString,
  pageHref,
  parseListingQuery,
  replaceListingParams,
  sameQuery,
  type ListingQuery,
  type SortKey,
} from './listing-query.ts';
import { apiSort, toSearchFilter } from './listing-search.ts';

const range = { min: 100, max: 6000 };

describe('listing URL query', () => {
  it('writes nothing for the default state, so a listing keeps its bare URL', () => {
    expect(listingQueryString(defaultQuery('name'), 'name')).toBe('');
    expect(pageHref(defaultQuery('name'), 1, 'name')).toBe('?');
  });

  it('writes filters, sort, reverse and page in a fixed order', () => {
    const query: ListingQuery = {
      filters: { ...EMPTY_FILTERS, genders: [2, 1], colors: [3], price: { min: 200, max: 900 } },
      sort: 'price',
      reverse: true,
      page: 3,
    };
    expect(listingQueryString(query, 'name')).toBe(
      '?sortering=pris&omvendt=1&kjonn=1,2&farge=3&pris=200-900&side=3',
    );
    expect(pageHref(query, 4, 'name')).toContain('side=4');
  });

  it('reads what it writes', () => {
    const sorts: SortKey[] = ['name', 'price', 'bestseller', 'relevance'];
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 4 });
    fc.assert(
      fc.property(
        fc.record({
          genders: ids,
          colors: ids,
          brands: ids,
          shops: ids,
          productLines: ids,
          sort: fc.constantFrom(...sorts),
          reverse: fc.boolean(),
          page: fc.integer({ min: 1, max: 60 }),
          defaultSort: fc.constantFrom(...sorts),
        }),
        (r) => {
          const sorted = (xs: number[]) => xs.toSorted((a, b) => a - b);
          const query: ListingQuery = {
            filters: {
              genders: sorted(r.genders),
              colors: sorted(r.colors),
              brands: sorted(r.brands),
              shops: sorted(r.shops),
              productLines: sorted(r.productLines),
              price: null,
            },
            sort: r.sort,
            reverse: r.sort === 'relevance' ? false : r.reverse,
            page: r.page,
          };
          const back = parseListingQuery(
            listingQueryString(query, r.defaultSort),
            r.defaultSort,
            range,
          );
          expect(back).toEqual(query);
        },
      ),
    );
  });

  it('ignores malformed values and restores prices outside the range to its ends', () => {
    const q = parseListingQuery(
      '?kjonn=1,x,2.5,-3,4&side=abc&sortering=tull&pris=50-700',
      'name',
      range,
    );
    expect(q.filters.genders).toEqual([1, 4]);
    expect(q.page).toBe(1);
    expect(q.sort).toBe('name');
    expect(q.filters.price).toEqual({ min: 100, max: 700 });
    expect(parseListingQuery('?pris=1-99999', 'name', range).filters.price).toBeNull();
    expect(parseListingQuery('?pris=300-200', 'name', range).filters.price).toBeNull();
  });

  it('never reverses relevance', () => {
    expect(parseListingQuery('?omvendt=1', 'relevance', null).reverse).toBe(false);
    expect(apiSort('relevance', true)).toBeUndefined();
    expect(apiSort('price', true)).toBe('price:desc');
    expect(apiSort('name', false)).toBe('name:asc');
  });

  it('keeps foreign parameters such as a search q when replacing listing ones', () => {
    const query = { ...defaultQuery('relevance'), page: 2 };
    expect(replaceListingParams('?q=jakke&side=5&kjonn=1', query, 'relevance')).toBe(
      '?q=jakke&side=2',
    );
    expect(replaceListingParams('?side=3', defaultQuery('name'), 'name')).toBe('');
  });

  it('compares states regardless of list order', () => {
    const a: ListingQuery = {
      ...defaultQuery('name'),
      filters: { ...EMPTY_FILTERS, colors: [2, 1] },
    };
    const b: ListingQuery = {
      ...defaultQuery('name'),
      filters: { ...EMPTY_FILTERS, colors: [1, 2] },
    };
    expect(sameQuery(a, b)).toBe(true);
    expect(sameQuery(a, defaultQuery('name'))).toBe(false);
    expect(sameQuery(defaultQuery('name'), defaultQuery('price'))).toBe(false);
  });
});

describe('countSelected', () => {
  it('counts every value and a price range once', () => {
    expect(countSelected(EMPTY_FILTERS)).toBe(0);
    expect(
      countSelected({
        ...EMPTY_FILTERS,
        genders: [1, 2],
        colors: [5],
        shops: [55],
        price: { min: 1, max: 2 },
      }),
    ).toBe(5);
  });
});

describe('toSearchFilter', () => {
  it('keeps the scope and narrows its genders to chosen ones inside it', () => {
    const scope = { genders: [4, 11], group3: [101, 102] };
    expect(toSearchFilter(scope, EMPTY_FILTERS)).toMatchObject({
      genders: [4, 11],
      group3: [101, 102],
    });
    expect(toSearchFilter(scope, { ...EMPTY_FILTERS, genders: [11, 1] }).genders).toEqual([11]);
    expect(toSearchFilter(scope, { ...EMPTY_FILTERS, genders: [1] }).genders).toEqual([4, 11]);
    expect(toSearchFilter({}, { ...EMPTY_FILTERS, genders: [1], brands: [7] })).toMatchObject({
      genders: [1],
      brands: [7],
      group3: [],
    });
  });
});

describe('lastPage', () => {
  it('is at least 1 and rounds up', () => {
    expect(lastPage(0, 20)).toBe(1);
    expect(lastPage(20, 20)).toBe(1);
    expect(lastPage(21, 20)).toBe(2);
  });
});
