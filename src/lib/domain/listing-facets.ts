/**
 * The articles a listing page carries and the filter values they offer. The build keeps only
 * what a card and the filter panel read, so pre-rendered listings stay small; the panel offers
 * the colours (with a hex), brands and shops that occur among the articles shown (docs/spec.md §2).
 */

import type { Article } from '../types.ts';
import type { CardArticle } from './article-card.ts';

/** An article as a listing keeps it: what its card shows plus what the filters look at. */
export type ListingArticle = CardArticle &
  Pick<Article, 'brandId' | 'available' | 'productLineId'> & {
    colorGroups: Array<{ id: number; name: string; hex: string | null }>;
  };

/** A filter value with a display name; colours carry their hex. */
export interface FacetOption {
  id: number;
  name: string;
  hex?: string;
}

/** Filter values that occur among some articles, each list sorted by name (shops by id). */
export interface Facets {
  colors: FacetOption[];
  brands: FacetOption[];
  /** Shop ids holding stock (`available`). */
  shops: number[];
}

/** Keeps the fields of an article that a listing needs. */
export function toListingArticle(article: Article): ListingArticle {
  return {
    id: article.id,
    name: article.name,
    brand: article.brand,
    brandId: article.brandId,
    price: article.price,
    priorPrice: article.priorPrice,
    image: article.image,
    customLabel: article.customLabel,
    campaigns: article.campaigns.map((c) => ({ price: c.price, labelText: c.labelText })),
    // `label` is the display name (`Blå`); `name` is a key (`bla`).
    colorGroups: article.colorGroups.map((g) => ({
      id: g.id,
      name: g.label || g.name,
      hex: g.hex,
    })),
    available: article.available,
    productLineId: article.productLineId,
  };
}

const byName = (a: FacetOption, b: FacetOption): number => a.name.localeCompare(b.name, 'nb');

/** The facets of some articles: colours only with a hex, brands with a name. */
export function collectFacets(articles: readonly ListingArticle[]): Facets {
  const colors = new Map<number, FacetOption>();
  const brands = new Map<number, FacetOption>();
  const shops = new Set<number>();
  for (const article of articles) {
    for (const group of article.colorGroups) {
      if (group.hex) colors.set(group.id, { id: group.id, name: group.name, hex: group.hex });
    }
    if (article.brandId > 0 && article.brand) {
      brands.set(article.brandId, { id: article.brandId, name: article.brand });
    }
    for (const shop of article.available) shops.add(shop);
  }
  return {
    colors: [...colors.values()].sort(byName),
    brands: [...brands.values()].sort(byName),
    shops: [...shops].sort((a, b) => a - b),
  };
}

/** Both sets of facets together (values seen in either). */
export function mergeFacets(a: Facets, b: Facets): Facets {
  const union = (x: FacetOption[], y: FacetOption[]): FacetOption[] =>
    [...new Map([...x, ...y].map((o) => [o.id, o])).values()].sort(byName);
  return {
    colors: union(a.colors, b.colors),
    brands: union(a.brands, b.brands),
    shops: [...new Set([...a.shops, ...b.shops])].sort((p, q) => p - q),
  };
}
