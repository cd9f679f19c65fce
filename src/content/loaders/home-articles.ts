/**
 * The `homeArticles` collection: the articles shown as cards outside the listings, that is
 * those the home page and its previews name in their product promo and grid slots and those
 * the blog's posts show (their main and related articles), fetched with `articles/bundle`
 * (at most 100 ids a request) and keyed by id. Ids the API does not answer (not visible, not
 * in the brand's assortment) simply have no entry, and the slot or post leaves them out.
 */

import type { Loader } from 'astro/loaders';
import { getBundle } from '../../lib/api/catalogue.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import { getSettings } from '../../lib/api/content.ts';
import { MAX_BUNDLE_IDS } from '../../lib/domain/bundle-ids.ts';
import type { Settings } from '../../lib/types.ts';

/** Slot types whose ids are article ids. */
export const ARTICLE_SLOT_TYPES: ReadonlySet<string> = new Set(['productPromo', 'grid']);

/** Every article id named by an article slot of the home layout or a preview, each once. */
export function homeArticleIds(settings: Pick<Settings, 'home' | 'previews'>): number[] {
  const slots = [settings.home, ...Object.values(settings.previews)].flat();
  return [...new Set(slots.filter((s) => ARTICLE_SLOT_TYPES.has(s.type)).flatMap((s) => s.ids))];
}

/**
 * The loader for `tenant`; `client` makes a build-time client scoped to the brand, and
 * `moreIds` names the other pages' articles (the blog's).
 */
export function homeArticlesLoader(
  tenant: string,
  client: () => ApiClient,
  moreIds: () => Promise<readonly number[]> = async () => [],
): Loader {
  return {
    name: 'home-articles',
    load: async ({ store }) => {
      const api = client();
      const [settings, others] = await Promise.all([getSettings(tenant, api), moreIds()]);
      const ids = [...new Set([...(settings ? homeArticleIds(settings) : []), ...others])];
      const chunks: number[][] = [];
      for (let i = 0; i < ids.length; i += MAX_BUNDLE_IDS)
        chunks.push(ids.slice(i, i + MAX_BUNDLE_IDS));
      const articles = (await Promise.all(chunks.map((chunk) => getBundle(chunk, api)))).flat();
      store.clear();
      for (const article of articles) {
        store.set({ id: String(article.id), data: { ...article } as Record<string, unknown> });
      }
    },
  };
}
