import { readBuildDetail, type ProductArticle, type ProductEntry } from './product-details.ts';

/** What a product page shows: its article's detail and the slug of its route. */
export interface ProductPage {
  article: ProductArticle;
  slug: string;
}

/**
 * A product page's data: its entry with the article detail that the products loader left in
 * this build's cache folder (see lib/content/product-details.ts), until then out of memory.
 */
export async function productPage(entry: ProductEntry): Promise<ProductPage> {
  return {
    article: await readBuildDetail(entry.article.id),
    slug: entry.slug,
  };
}
