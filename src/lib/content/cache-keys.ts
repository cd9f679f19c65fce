import { createHash } from 'node:crypto';
import type { Category } from '../types.ts';
import { buildMenu } from '../routes/menu.ts';
import { currentBrand } from '../site.ts';
import { buildSlot } from '../build-channel.ts';
import type { ProductEntry } from './product-details.ts';
import { builtProductPaths } from './product-paths.ts';
import { currentTenant, startupList } from './collections.ts';

/**
 * The incremental build (builder/storefront-build.ts, `experimental.incrementalBuild`) reuses a page's
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
 * the menu as Base.astro builds it, and the footer's year, which turns at New Year without
 * any data changing. The menu, not the categories it is made from: their article counts and
 * price ranges move with every price, and no layout shows them.
 */
function layoutKey(): Promise<string> {
  layout ??= (async () =>
    cacheKey(
      await currentTenant(),
      buildMenu(currentBrand(), await startupList('genders'), await startupList('categories')),
      new Date().getFullYear(),
    ))();
  return layout;
}

/** The names and ids of categories, their subcategories and groups: what paths are made of. */
function categoryNames(categories: readonly Category[]) {
  return categories.map((c) => ({
    id: c.id,
    name: c.name,
    subcategories: (c.subcategories ?? []).map((s) => ({
      id: s.ArticleGroup2ID,
      name: s.Name,
      groups: (s.groups ?? []).map((g) => [g.articleGroup3ID, g.name]),
    })),
  }));
}

let product: Promise<string> | undefined;
/**
 * The shared part of a product page's key: the layout, and the shops (stock per shop names
 * them) and the category names and ids (the trail's links) that ProductView.astro reads.
 */
export function productSharedKey(): Promise<string> {
  product ??= (async () =>
    cacheKey(
      await layoutKey(),
      await startupList('shops'),
      categoryNames(await startupList('categories')),
    ))();
  return product;
}

/** A product page's key as the last build made it, with the entry's fields it was made from. */
interface KeptKey {
  name: string;
  slug: string;
  digest: string;
  key: string;
}

/** Each product page's key by its article's id, for the next build: see {@link productKeys}. */
const productKeysMade = buildSlot<{ shared: string; keys: ReadonlyMap<number, KeptKey> }>(
  'productKeys',
  { shared: '', keys: new Map() },
);

/**
 * Each product page's entry with its key ({@link cacheKey} of the shared part and the entry),
 * in the order of `entries`. A warm build process keeps the keys of its last build while the
 * shared part is the same, each with its entry's every field, and makes only the changed ones
 * anew: at 50,000 articles hashing every entry took 0.15 s of every campaign. Kept by the
 * article's id and compared field by field: a string of the fields as the map's key took 70 to
 * 130 ms for 50,000 entries freshly parsed, the comparison 20 ms. In the build's channel, which
 * outlives the bundle's copy of this module.
 */
export function productKeys(
  shared: string,
  entries: readonly ProductEntry[],
): Array<{ entry: ProductEntry; key: string }> {
  const last = productKeysMade.value;
  const kept = last.shared === shared ? last.keys : new Map<number, KeptKey>();
  const keys = new Map<number, KeptKey>();
  const made = entries.map((entry) => {
    const { article, slug, digest } = entry;
    const was = kept.get(article.id);
    const key =
      was !== undefined && was.name === article.name && was.slug === slug && was.digest === digest
        ? was.key
        : cacheKey(shared, entry);
    keys.set(article.id, { name: article.name, slug, digest, key });
    return { entry, key };
  });
  productKeysMade.value = { shared, keys };
  return made;
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
