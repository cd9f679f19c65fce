import type { Loader } from 'astro/loaders';
import { getArticle, searchArticleIds } from '../../lib/api/catalogue.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import {
  productDetailsDir,
  resetProductDetails,
  writeProductDetail,
} from '../../lib/content/product-details.ts';
import { uniqueSlugs, type Nameable } from '../../lib/domain/slug.ts';

/** Detail requests in flight at once: enough to keep the API busy, few enough to be polite. */
export const PRODUCT_FETCH_CONCURRENCY = 12;

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

/**
 * Runs `task` over `items` with at most `limit` running at once; answers in item order.
 */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < items.length; i = next++) {
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Every visible article of the brand's assortment, for the pre-rendered product pages: ids
 * from `POST articles/searchids` (the client is scoped to the brand), then `articles/{id}`
 * for each with a bounded concurrency, each detail written to disk as it arrives. Articles
 * that fail to map or are not visible are left out; a failed request fails the build,
 * naming the article.
 */
export function productsLoader(client: () => ApiClient): Loader {
  return {
    name: 'products',
    load: async ({ store, logger, config, generateDigest }) => {
      const api = client();
      const started = performance.now();
      const dir = productDetailsDir(config.cacheDir);
      await resetProductDetails(dir);
      const { ids } = await searchArticleIds({ query: '' }, api);
      const found = await mapWithLimit(ids, PRODUCT_FETCH_CONCURRENCY, async (id) => {
        let detail;
        try {
          detail = await getArticle(id, api);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`Could not load article ${id} for its product page: ${reason}`, {
            cause: error,
          });
        }
        if (detail === null || !detail.visible) return null;
        // The page fetches live stock after load; the built copy of it would only add weight.
        const { availability, ...article } = detail;
        void availability;
        const json = await writeProductDetail(dir, article);
        return { id: article.id, name: article.name, digest: generateDigest(json) };
      });
      const articles = found.filter((a) => a !== null);
      // Names are unique in the chain's data; a clash is warned of and settled by id.
      const slugs = uniqueSlugs(articles, 'article');
      store.clear();
      for (const { id, name, digest } of articles) {
        const entry: ProductEntry = {
          article: { id, name },
          slug: slugs.get(id) ?? String(id),
          digest,
        };
        store.set({ id: String(id), data: { ...entry } as Record<string, unknown> });
      }
      logger.info(
        `${articles.length} product pages' data in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}
