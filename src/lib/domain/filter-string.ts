/**
 * The Meilisearch-syntax filter string that `POST articles/search` takes (docs/spec.md §7):
 * one part per active filter, joined with ` AND `, in this fixed order:
 *
 *   GenderID IN [..] AND colorGroups.ColorGroupID IN [..] AND BrandID IN [..]
 *   AND ProductLineID IN [..] AND available.ShopID IN [..] AND GrossPrice a TO b
 *   AND ArticleGroup3ID IN [..] AND ArticleID NOT IN [..]
 *
 * Only integers get in (docs/spec.md §5: numeric comparisons accept only numbers): anything else is
 * dropped, lists are de-duplicated and sorted, so the string is never malformed and equal
 * filters give equal strings (good for caching).
 */

import { kronerToOre } from '../format/money.ts';

/** The shopper's filter choices, as ids; price in kroner, inclusive at both ends. */
export interface SearchFilter {
  genders?: readonly number[];
  colorGroups?: readonly number[];
  brands?: readonly number[];
  productLines?: readonly number[];
  shops?: readonly number[];
  price?: { min: number; max: number } | null;
  group3?: readonly number[];
  excludeArticleIds?: readonly number[];
}

const LIST_FIELDS = [
  ['genders', 'GenderID'],
  ['colorGroups', 'colorGroups.ColorGroupID'],
  ['brands', 'BrandID'],
  ['productLines', 'ProductLineID'],
  ['shops', 'available.ShopID'],
] as const;

function integers(values: readonly number[] | undefined): number[] {
  return [...new Set((values ?? []).filter(Number.isSafeInteger))].sort((a, b) => a - b);
}

function inList(field: string, values: readonly number[] | undefined, not = false): string[] {
  const ids = integers(values);
  return ids.length ? [`${field} ${not ? 'NOT IN' : 'IN'} [${ids.join(', ')}]`] : [];
}

function priceRange(price: SearchFilter['price']): string[] {
  if (!price) return [];
  const min = kronerToOre(price.min);
  const max = kronerToOre(price.max);
  // kronerToOre rounds, so check the kroner too: only whole numbers are accepted.
  if (![price.min, price.max, min, max].every(Number.isSafeInteger)) return [];
  return [`GrossPrice ${Math.min(min, max)} TO ${Math.max(min, max)}`];
}

/**
 * Builds the filter string, e.g.
 * `GenderID IN [1, 2] AND GrossPrice 10000 TO 50000 AND ArticleID NOT IN [7]`.
 * No active filter gives ''.
 */
export function buildFilterString(filter: SearchFilter): string {
  return [
    ...LIST_FIELDS.flatMap(([key, field]) => inList(field, filter[key])),
    ...priceRange(filter.price),
    ...inList('ArticleGroup3ID', filter.group3),
    ...inList('ArticleID', filter.excludeArticleIds, true),
  ].join(' AND ');
}
