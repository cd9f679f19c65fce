/**
 * The `campaigns` collection: the brand's running and coming campaigns, each with the ids of
 * its articles in the brand's assortment (getCampaignsWithArticleIds), for the home page's
 * newspaper and campaign slots. The articles themselves are not kept; a slot links to them
 * through the bundle page.
 */

import type { Loader } from 'astro/loaders';
import { getCampaignsWithArticleIds } from '../../lib/api/catalogue.ts';
import type { ApiClient } from '../../lib/api/client.ts';

/** The loader; `client` makes a build-time client scoped to the brand. */
export function campaignsLoader(client: () => ApiClient): Loader {
  return {
    name: 'campaigns',
    load: async ({ store }) => {
      const campaigns = await getCampaignsWithArticleIds(client());
      store.clear();
      for (const campaign of campaigns) {
        store.set({ id: String(campaign.id), data: { ...campaign } as Record<string, unknown> });
      }
    },
  };
}
