import { cacheDir } from 'astro:config/server';
import type { Nameable } from '../domain/slug.ts';
import { productDetailsDir, readProductDetail, type ProductArticle } from './product-details.ts';

/**
 * A product page in the `products` collection: what routes and links need. The article's
 * detail, which only its own page shows, waits in the build's cache folder
 * (lib/content/product-details.ts) until that page renders.
 */
export interface ProductEntry {
  article: Nameable;
  slug: string;
  /** Digest of the stored detail, so the page's cache key sees every change to it. */
  digest: string;
}

/** What a product page shows: its article's detail and the slug of its route. */
export interface ProductPage {
  article: ProductArticle;
  slug: string;
}

/**
 * A product page's data: its `products` entry with the article detail that the products
 * loader left in this build's cache folder (see lib/content/product-details.ts).
 */
export async function productPage(entry: ProductEntry): Promise<ProductPage> {
  return {
    article: await readProductDetail(productDetailsDir(cacheDir), entry.article.id),
    slug: entry.slug,
  };
}
