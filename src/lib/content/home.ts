import { getCollection, getEntry } from 'astro:content';
import type { CampaignEntry } from '../../content/loaders/campaigns.ts';
import { withProductPaths } from '../domain/slug.ts';
import { linkChecker, sitePaths } from '../routes/site-links.ts';
import { currentBrand } from '../site.ts';
import type { Article } from '../types.ts';
import { allListings } from './listings.ts';
import { builtProductPaths } from './product-paths.ts';

/** The brand's running and coming campaigns (the `campaigns` collection). */
export async function campaignList(): Promise<CampaignEntry[]> {
  return (await getCollection('campaigns')).map((e) => e.data);
}

/**
 * The articles of `ids` that the build fetched for the home slots (`homeArticles`), in the
 * given order, linking to the built product pages; ids the API did not answer are left out.
 */
export async function homeArticles(
  ids: readonly number[],
): Promise<Array<Article & { path?: string }>> {
  const [entries, paths] = await Promise.all([
    Promise.all(ids.map((id) => getEntry('homeArticles', String(id)))),
    builtProductPaths(),
  ]);
  return withProductPaths(
    entries.flatMap((e) => (e ? [e.data] : [])),
    paths,
  );
}

let check: Promise<(href: string) => boolean> | undefined;

/** Whether this build answers an internal link (see lib/routes/site-links.ts). */
export async function builtLinkCheck(): Promise<(href: string) => boolean> {
  check ??= allListings().then((listings) =>
    linkChecker(
      sitePaths(
        currentBrand(),
        listings.map((l) => l.path),
      ),
    ),
  );
  return check;
}
