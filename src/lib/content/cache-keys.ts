import { createHash } from 'node:crypto';
import { builtProductPaths } from './product-paths.ts';
import { currentTenant, startupList } from './collections.ts';

/**
 * The incremental build (astro.config.ts, `experimental.incrementalBuild`) reuses a page's
 * previous output when its `cacheKey` and its code are unchanged. Astro sees the code; the
 * key must see every datum the page shows. A key is a digest of that data: the page's own
 * entry, and the shared lists its layout and components read from the collections.
 */

/** A SHA-256 digest of `parts` as JSON: equal data, equal key. */
export function cacheKey(...parts: readonly unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(JSON.stringify(part) ?? 'undefined').update('\0');
  return hash.digest('base64url');
}

let layout: Promise<string> | undefined;
/**
 * What every page's layout shows: the tenant (organisation data, footer e-mail and company),
 * the menu (genders and categories), and the footer's year, which turns at New Year without
 * any data changing.
 */
function layoutKey(): Promise<string> {
  layout ??= (async () =>
    cacheKey(
      await currentTenant(),
      await startupList('genders'),
      await startupList('categories'),
      new Date().getFullYear(),
    ))();
  return layout;
}

let product: Promise<string> | undefined;
/**
 * The shared part of a product page's key: the layout, and the shops (stock per shop names
 * them) and categories (the trail) that ProductView.astro reads.
 */
export function productSharedKey(): Promise<string> {
  product ??= (async () =>
    cacheKey(await layoutKey(), await startupList('shops'), await startupList('categories')))();
  return product;
}

let listing: Promise<string> | undefined;
/**
 * The shared part of a listing's key: the layout, the filter lists ListingPage.astro reads
 * (genders, colour groups, brands, shops), and the product paths its cards link to.
 */
export function listingSharedKey(): Promise<string> {
  listing ??= (async () =>
    cacheKey(
      await layoutKey(),
      await startupList('genders'),
      await startupList('colorGroups'),
      await startupList('brands'),
      await startupList('shops'),
      [...(await builtProductPaths())],
    ))();
  return listing;
}
