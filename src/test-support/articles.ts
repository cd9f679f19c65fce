/**
 * Articles for unit tests of what lists them (cards, listings, search, bundles), so each
 * test names only the fields it is about.
 */

import type { ListingArticle } from '../lib/domain/listing-facets.ts';
import type { Article } from '../lib/types.ts';

/** A listing article: a 999 kr jacket by Bergtind in no colour group, unless overridden. */
export function listingArticle(
  id: number,
  overrides: Partial<ListingArticle> = {},
): ListingArticle {
  return {
    id,
    name: `Vinterjakke ${String(id)}`,
    brand: 'Bergtind',
    brandId: 3,
    price: 99900,
    priorPrice: null,
    image: `/images/${String(id)}.svg`,
    customLabel: null,
    campaigns: [],
    colorGroups: [],
    available: [],
    productLineId: null,
    ...overrides,
  };
}

/**
 * The same as a mapped {@link Article}, for code that takes one but reads only the fields a
 * listing article has.
 */
export function mappedArticle(id: number, overrides: Partial<ListingArticle> = {}): Article {
  return listingArticle(id, overrides) as unknown as Article;
}
