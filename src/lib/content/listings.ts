import { buildCacheDir } from './product-details.ts';
import { readJsonFile, replaceJsonFile } from './written-files.ts';
import type { Facets, ListingArticle } from '../domain/listing-facets.ts';
import type { ListingScope } from '../domain/listing-query.ts';
import type { PriceRange } from '../domain/price-slider.ts';
import type { CategoryLink } from '../routes/category-pages.ts';
import type { ProductLine } from '../types.ts';

/** One pre-rendered listing, as src/content/loaders/listings.ts made it. */
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

/**
 * The listings a build made, in a file of its cache folder ({@link writeListings}), not in
 * Astro's data store, where they were nine tenths of it (2.9 MB for 365 listings): Astro
 * serialises the store with devalue when each content sync ends (0.2 s) and parses it again
 * when the next starts and when each thread's pages load, where JSON takes a tenth of that and
 * a warm build process reads back from memory what it wrote (./written-files.ts).
 */
export interface BuiltListings {
  /** This write's own id; the data store's meta names the write it goes with (the loader). */
  id: string;
  /** The change feed's cursor the first pages were asked after, or null when none is known. */
  basis: string | null;
  /** What decided which listings were asked for, and how. */
  plans: string;
  /** Every listing the build pre-renders (only those with articles). */
  listings: ListingEntry[];
}

/** The file of the listings a build with the cache folder `cacheDir` made. */
export const listingsFile = (cacheDir: URL) => new URL('listings.json', cacheDir);

/** Writes the listings of the build whose cache folder is `cacheDir`, whole or not at all. */
export function writeListings(cacheDir: URL, built: BuiltListings): Promise<void> {
  return replaceJsonFile(listingsFile(cacheDir), built);
}

/** The listings the last build with this cache folder wrote, or null when it wrote none. */
export async function readListings(cacheDir: URL): Promise<BuiltListings | null> {
  try {
    return (await readJsonFile(listingsFile(cacheDir))) as BuiltListings;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Every listing the build pre-renders (only those with articles). */
export async function allListings(): Promise<ListingEntry[]> {
  const built = await readListings(buildCacheDir());
  if (built === null) {
    throw new Error('The build made no listings (src/content/loaders/listings.ts).');
  }
  return built.listings;
}
