import { getCollection } from 'astro:content';
import type { Facets, ListingArticle } from '../domain/listing-facets.ts';
import type { ListingScope } from '../domain/listing-query.ts';
import type { PriceRange } from '../domain/price-slider.ts';
import type { CategoryLink } from '../routes/category-pages.ts';
import type { ProductLine } from '../types.ts';

/** One pre-rendered listing of the `listings` collection (src/content/loaders/listings.ts). */
export interface ListingEntry {
  /** `/klaer/jakker`, `/herre/klaer/jakker`, `/herre`, `/goggles` ... */
  path: string;
  title: string;
  trail: Array<{ name: string; path: string }>;
  scope: ListingScope;
  total: number;
  /** Page one in the spec's default order (Name ascending), at most 20. */
  articles: ListingArticle[];
  /** Filter values among page one. */
  facets: Facets;
  /** Narrower listings that have articles. */
  children: CategoryLink[];
  /** The price slider's range, kroner. */
  priceRange: PriceRange;
  productLines: ProductLine[];
}

/** Every listing the build pre-renders (only those with articles). */
export async function allListings(): Promise<ListingEntry[]> {
  return (await getCollection('listings')).map((entry) => entry.data);
}
