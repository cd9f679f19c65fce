import { uniqueSlugs } from '../domain/slug.ts';
import { sortBy } from '../domain/sort.ts';
import { shopPath } from '../routes/shops.ts';
import type { Shop } from '../types.ts';
import { startupList } from './collections.ts';

/** A shop with the path segment and path of its page. */
export interface ShopEntry {
  shop: Shop;
  slug: string;
  path: string;
}

/**
 * Every shop of the build's start-up set with its page's path (`/butikker/{slug}`, slugs
 * from `uniqueSlugs`), by nb-NO name; the web shop is among them (`shop.isWebShop`).
 */
export async function shopEntries(): Promise<ShopEntry[]> {
  const shops = await startupList('shops');
  const slugs = uniqueSlugs(shops, 'shop');
  return sortBy(shops, 'name').map((shop) => {
    const slug = slugs.get(shop.id) ?? String(shop.id);
    return { shop, slug, path: shopPath(slug) };
  });
}
