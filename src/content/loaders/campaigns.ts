/**
 * The `campaigns` collection: the brand's running and coming campaigns
 * (`campaigns/combined/articles`), each with the ids of its articles in the brand's
 * assortment, for the home page's newspaper and campaign slots. The articles themselves are
 * not kept; a slot links to them through the bundle page.
 */

import type { Loader } from 'astro/loaders';
import { getCampaignsWithArticles } from '../../lib/api/catalogue.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import type { CampaignEntry } from '../../lib/content/home.ts';

/** The loader; `client` makes a build-time client scoped to the brand. */
export function campaignsLoader(client: () => ApiClient): Loader {
  return {
    name: 'campaigns',
    load: async ({ store }) => {
      const campaigns = await getCampaignsWithArticles(client());
      store.clear();
      for (const { items, articles, ...campaign } of campaigns) {
        const shown = new Set(articles.map((a) => a.id));
        const articleIds = [...new Set(items.map((i) => i.articleId))].filter((id) =>
          shown.has(id),
        );
        const entry: CampaignEntry = { ...campaign, articleIds };
        store.set({ id: String(campaign.id), data: { ...entry } as Record<string, unknown> });
      }
    },
  };
}
