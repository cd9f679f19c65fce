/**
 * What a listing's state asks `POST articles/search` for: its filter string's parts and its
 * sort. Apart from the state and its URL (listing-query.ts): only the code that loads results
 * uses these (src/stores/listing-page.ts, and the build's listings loader), and the listing
 * island's code, which a listing prefetches before the shopper reaches for it, does not.
 */

import type { SearchFilter } from './filter-string.ts';
import type { FilterState, ListingScope, SortKey } from './listing-query.ts';

/**
 * The search filter for a listing's scope and the shopper's choices. Chosen genders narrow
 * the scope's genders (a chosen gender outside the scope is ignored; none left means the
 * scope's); the rest are the shopper's lists as they are.
 */
export function toSearchFilter(scope: ListingScope, filters: FilterState): SearchFilter {
  const inScope = scope.genders
    ? filters.genders.filter((id) => scope.genders?.includes(id))
    : filters.genders;
  return {
    genders: inScope.length ? inScope : (scope.genders ?? []),
    colorGroups: filters.colors,
    brands: filters.brands,
    shops: filters.shops,
    productLines: filters.productLines,
    price: filters.price,
    group3: scope.group3 ?? [],
  };
}

/** The `sort` of `POST articles/search` (contract README); relevance sends none. */
export function apiSort(sort: SortKey, reverse: boolean): string | undefined {
  if (sort === 'relevance') return undefined;
  const ascending = !reverse;
  return `${sort}:${ascending ? 'asc' : 'desc'}`;
}
