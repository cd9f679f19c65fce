import type { Loader } from 'astro/loaders';
import { getArticle, searchArticleIds } from '../../lib/api/catalogue.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import { uniqueSlugs } from '../../lib/domain/slug.ts';
import type { ArticleDetail } from '../../lib/types.ts';

/** Detail requests in flight at once: enough to keep the API busy, few enough to be polite. */
export const PRODUCT_FETCH_CONCURRENCY = 12;

/** A product page's data: the article detail and the slug of its route. */
export interface ProductEntry {
  article: Omit<ArticleDetail, 'availability'>;
  slug: string;
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
 * Every visible article of the brand's assortment with its detail, for the pre-rendered
 * product pages: ids from `POST articles/searchids` (the client is scoped to the brand),
 * then `articles/{id}` for each with a bounded concurrency. Articles that fail to map or
 * are not visible are left out; a failed request fails the build, naming the article.
 */
export function productsLoader(client: () => ApiClient): Loader {
  return {
    name: 'products',
    load: async ({ store, logger }) => {
      const api = client();
      const started = performance.now();
      const { ids } = await searchArticleIds({ query: '' }, api);
      const details = await mapWithLimit(ids, PRODUCT_FETCH_CONCURRENCY, async (id) => {
        try {
          return await getArticle(id, api);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`Could not load article ${id} for its product page: ${reason}`, {
            cause: error,
          });
        }
      });
      const articles = details.filter((a): a is ArticleDetail => a !== null && a.visible);
      // Names are unique in the chain's data; a clash is warned of and settled by id.
      const slugs = uniqueSlugs(articles, 'article');
      store.clear();
      for (const detail of articles) {
        // The page fetches live stock after load; the built copy of it would only add weight.
        const { availability, ...article } = detail;
        void availability;
        const entry: ProductEntry = { article, slug: slugs.get(article.id) ?? String(article.id) };
        store.set({ id: String(article.id), data: { ...entry } as Record<string, unknown> });
      }
      logger.info(
        `${articles.length} product pages' data in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}
