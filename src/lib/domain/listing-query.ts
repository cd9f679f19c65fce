/**
 * The state of a listing or search result page and its URL query, so a listing can be
 * shared, reloaded and walked back and forward (docs/spec.md §2, docs/spec.md §3 filter state). Parameters are
 * Norwegian and omitted at their defaults, so the first page of a listing keeps its bare URL:
 *
 *   ?side=2&sortering=pris&omvendt=1&kjonn=1,2&farge=3&merke=7&butikk=55&produktlinje=2&pris=100-900
 *
 * Ids are integers; anything else in the URL is ignored. Prices are whole kroner.
 */

import { restorePrice, type PriceRange } from './price-range.ts';

/** Page size of listings and searches (docs/spec.md §9), as src/lib/api's CATEGORY_PAGE_SIZE. */
export const LISTING_PAGE_SIZE = 20;

/** The shopper's filter choices (docs/spec.md §3: genders list, colors list, price) plus more lists. */
export interface FilterState {
  genders: number[];
  /** Colour group ids. */
  colors: number[];
  brands: number[];
  /** Shops holding stock (`available.ShopID`). */
  shops: number[];
  productLines: number[];
  /** Inclusive price range in kroner; null when the whole range is allowed. */
  price: PriceRange | null;
}

/** The list-valued filters, in the order the panel shows them. */
export const FILTER_LISTS = ['genders', 'colors', 'brands', 'shops', 'productLines'] as const;

/** One list-valued filter. */
export type FilterList = (typeof FILTER_LISTS)[number];

/** What a listing can be sorted by; relevance only makes sense for a text search. */
export type SortKey = 'name' | 'price' | 'bestseller' | 'relevance';

/** Everything the URL query of a listing holds. `page` is one-based. */
export interface ListingQuery {
  filters: FilterState;
  sort: SortKey;
  reverse: boolean;
  page: number;
}

/** No filter chosen. */
export const EMPTY_FILTERS: FilterState = {
  genders: [],
  colors: [],
  brands: [],
  shops: [],
  productLines: [],
  price: null,
};

const LIST_PARAMS: Readonly<Record<FilterList, string>> = {
  genders: 'kjonn',
  colors: 'farge',
  brands: 'merke',
  shops: 'butikk',
  productLines: 'produktlinje',
};

const SORT_PARAMS: Readonly<Record<SortKey, string>> = {
  name: 'navn',
  price: 'pris',
  bestseller: 'bestselger',
  relevance: 'relevans',
};

/** The first page of a listing in its default order, with no filter. */
export function defaultQuery(sort: SortKey): ListingQuery {
  return { filters: EMPTY_FILTERS, sort, reverse: false, page: 1 };
}

function ids(raw: string | null): number[] {
  if (!raw) return [];
  const values = raw
    .split(',')
    .filter((part) => /^\d+$/.test(part.trim()))
    .map(Number)
    .filter(Number.isSafeInteger);
  return [...new Set(values)].sort((a, b) => a - b);
}

/**
 * The price of the URL (`pris=100-900`), restored into `range` by docs/spec.md §5's rule (values
 * outside fall back to the ends). The whole range, or no range to restore into, is null.
 */
function price(raw: string | null, range: PriceRange | null): PriceRange | null {
  const match = raw ? /^(\d+)-(\d+)$/.exec(raw) : null;
  if (!match || !range) return null;
  const restored = restorePrice({ min: Number(match[1]), max: Number(match[2]) }, range);
  return restored.min === range.min && restored.max === range.max ? null : restored;
}

/**
 * Reads a listing's state from a URL query string (with or without `?`). Unknown or
 * malformed parameters fall back to the defaults; `defaultSort` is the listing's own order.
 */
export function parseListingQuery(
  search: string,
  defaultSort: SortKey,
  priceRange: PriceRange | null,
): ListingQuery {
  const params = new URLSearchParams(search);
  const sortParam = params.get('sortering');
  const sort =
    (Object.keys(SORT_PARAMS) as SortKey[]).find((key) => SORT_PARAMS[key] === sortParam) ??
    defaultSort;
  const pageParam = params.get('side') ?? '';
  const page = /^\d+$/.test(pageParam) ? Math.max(1, Number(pageParam)) : 1;
  const filters: FilterState = {
    ...EMPTY_FILTERS,
    price: price(params.get('pris'), priceRange),
  };
  for (const list of FILTER_LISTS) filters[list] = ids(params.get(LIST_PARAMS[list]));
  return {
    filters,
    sort,
    reverse: sort !== 'relevance' && params.get('omvendt') === '1',
    page: Number.isSafeInteger(page) ? page : 1,
  };
}

/**
 * Writes a listing's state as a URL query string: '' for the defaults, else `?` and the
 * parameters that differ from them, in a fixed order so equal states give equal URLs.
 */
export function listingQueryString(query: ListingQuery, defaultSort: SortKey): string {
  const params = new URLSearchParams();
  if (query.sort !== defaultSort) params.set('sortering', SORT_PARAMS[query.sort]);
  if (query.reverse && query.sort !== 'relevance') params.set('omvendt', '1');
  for (const list of FILTER_LISTS) {
    const values = [...new Set(query.filters[list])].sort((a, b) => a - b);
    if (values.length) params.set(LIST_PARAMS[list], values.join(','));
  }
  const { price: range } = query.filters;
  if (range) params.set('pris', `${String(range.min)}-${String(range.max)}`);
  if (query.page > 1) params.set('side', String(query.page));
  // Commas are safe in a query and read better than %2C in a shared link.
  const text = params.toString().replaceAll('%2C', ',');
  return text ? `?${text}` : '';
}

/**
 * `search` (a URL query) with its listing parameters replaced by those of `query`; other
 * parameters (a search's `q`, campaign tags) stay in front. Answers '' or `?…`.
 */
export function replaceListingParams(
  search: string,
  query: ListingQuery,
  defaultSort: SortKey,
): string {
  const own = new Set(['side', 'sortering', 'omvendt', 'pris', ...Object.values(LIST_PARAMS)]);
  const kept = [...new URLSearchParams(search)].filter(([key]) => !own.has(key));
  const foreign = new URLSearchParams(kept).toString();
  const listing = listingQueryString(query, defaultSort).slice(1);
  const text = [foreign, listing].filter(Boolean).join('&');
  return text ? `?${text}` : '';
}

/** The URL of page `page` of the same state, as a relative `?…` link (`?` alone for page 1). */
export function pageHref(query: ListingQuery, page: number, defaultSort: SortKey): string {
  return listingQueryString({ ...query, page }, defaultSort) || '?';
}

/** Whether two states are the same (lists compared as sets). */
export function sameQuery(a: ListingQuery, b: ListingQuery): boolean {
  const key = (q: ListingQuery): string => `${q.sort}|${listingQueryString(q, q.sort)}`;
  return key(a) === key(b);
}

/** docs/spec.md §2's n of 'Filter(n)': every selected value counts, a price range counts once. */
export function countSelected(filters: FilterState): number {
  return (
    FILTER_LISTS.reduce((sum, list) => sum + filters[list].length, 0) + (filters.price ? 1 : 0)
  );
}

/** What a listing shows before the shopper filters: its genders and article groups 3. */
export interface ListingScope {
  genders?: number[];
  group3?: number[];
}

/** The last page of `total` results at `perPage` a page; at least 1. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
