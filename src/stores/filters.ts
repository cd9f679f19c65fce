/**
 * The listing's filter, sort and page state (docs/spec.md §3 filter state plus brands, shops and
 * product lines), kept in step with the URL query: every change the shopper makes pushes a
 * history entry and loads results; Back and Forward restore the state from the URL
 * ({@link restoreFromUrl}) without pushing.
 */

import { atom } from 'nanostores';
import {
  EMPTY_FILTERS,
  replaceListingParams,
  parseListingQuery,
  type FilterList,
  type FilterState,
  type ListingQuery,
  type SortKey,
} from '../lib/domain/listing-query.ts';
import type { PriceRange } from '../lib/domain/price-slider.ts';
import { loadResults } from './listing.ts';

/** The shopper's filter choices. */
export const $filters = atom<FilterState>(EMPTY_FILTERS);

/** Sort order and whether it is reversed. */
export const $sorting = atom<{ sort: SortKey; reverse: boolean }>({ sort: 'name', reverse: false });

/** The one-based result page. */
export const $page = atom<number>(1);

let defaultSort: SortKey = 'name';
let priceRange: PriceRange | null = null;

/** The state as one value. */
export function currentQuery(): ListingQuery {
  return { filters: $filters.get(), ...$sorting.get(), page: $page.get() };
}

function setQuery(query: ListingQuery): void {
  $filters.set(query.filters);
  $sorting.set({ sort: query.sort, reverse: query.reverse });
  $page.set(query.page);
}

/** Pushes the state to the URL (a new history entry) and loads its results. */
function commit(): Promise<void> {
  const query = currentQuery();
  const search = replaceListingParams(location.search, query, defaultSort);
  const url = `${location.pathname}${search}${location.hash}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) {
    history.pushState(null, '', url);
  }
  return loadResults(query);
}

/**
 * Reads the state from a URL query without adding history (page load, Back, Forward) and
 * loads its results. `sort` and `range` are the listing's default order and price range.
 */
export function restoreFromUrl(
  search: string,
  options?: { defaultSort: SortKey; priceRange: PriceRange | null },
): Promise<void> {
  if (options) {
    defaultSort = options.defaultSort;
    priceRange = options.priceRange;
  }
  const query = parseListingQuery(search, defaultSort, priceRange);
  setQuery(query);
  return loadResults(query);
}

/** Adds or removes one value of a list filter; back to page 1. */
export function toggleFilterValue(list: FilterList, id: number): Promise<void> {
  const filters = $filters.get();
  const values = filters[list].includes(id)
    ? filters[list].filter((v) => v !== id)
    : [...filters[list], id].sort((a, b) => a - b);
  $filters.set({ ...filters, [list]: values });
  $page.set(1);
  return commit();
}

/** Sets the price range in kroner (null or the whole range: no price filter); page 1. */
export function setPriceFilter(price: PriceRange | null): Promise<void> {
  const whole = price && priceRange && price.min <= priceRange.min && price.max >= priceRange.max;
  $filters.set({ ...$filters.get(), price: whole ? null : price });
  $page.set(1);
  return commit();
}

/** Clears every filter (sort stays); page 1. */
export function clearFilters(): Promise<void> {
  $filters.set(EMPTY_FILTERS);
  $page.set(1);
  return commit();
}

/** Sorts by `sort`, keeping the reverse toggle (relevance cannot be reversed); page 1. */
export function setSort(sort: SortKey): Promise<void> {
  $sorting.set({ sort, reverse: sort === 'relevance' ? false : $sorting.get().reverse });
  $page.set(1);
  return commit();
}

/** Flips the order; page 1. */
export function toggleReverse(): Promise<void> {
  const { sort, reverse } = $sorting.get();
  $sorting.set({ sort, reverse: sort === 'relevance' ? false : !reverse });
  $page.set(1);
  return commit();
}

/** Shows result page `page` (one-based). */
export function goToPage(page: number): Promise<void> {
  $page.set(Math.max(1, Math.floor(page)));
  return commit();
}
