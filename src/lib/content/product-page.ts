import { cacheDir } from 'astro:config/server';
import type { ProductEntry } from '../../content/loaders/products.ts';
import { productDetailsDir, readProductDetail, type ProductArticle } from './product-details.ts';

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
