import { getCollection, getEntry } from 'astro:content';
import { withProductPaths } from '../domain/slug.ts';
import { blogPaths } from '../routes/blog.ts';
import { linkChecker, sitePaths } from '../routes/site-links.ts';
import { currentBrand } from '../site.ts';
import type { Article, CampaignWithArticleIds } from '../types.ts';
import { allListings } from './listings.ts';
import { builtProductIds, builtProductPaths } from './product-paths.ts';

/** The brand's running and coming campaigns (the `campaigns` collection). */
export async function campaignList(): Promise<CampaignWithArticleIds[]> {
  return (await getCollection('campaigns')).map((e) => e.data);
}

/**
 * The articles of `ids` that the build fetched for the home slots and blog posts
 * (`homeArticles`), in the given order, linking to the built product pages; ids the API did
 * not answer, or whose product page this build does not have, are left out.
 */
export async function homeArticles(
  ids: readonly number[],
): Promise<Array<Article & { path?: string }>> {
  const [entries, paths, pages] = await Promise.all([
    Promise.all(ids.map((id) => getEntry('homeArticles', String(id)))),
    builtProductPaths(),
    builtProductIds(),
  ]);
  return withProductPaths(
    entries.flatMap((entry) => (entry && pages.has(entry.data.id) ? [entry.data] : [])),
    paths,
  );
}

let check: Promise<(href: string) => boolean> | undefined;

/** Whether this build answers an internal link (see lib/routes/site-links.ts). */
export async function builtLinkCheck(): Promise<(href: string) => boolean> {
  check ??= Promise.all([
    allListings(),
    getCollection('blogPosts'),
    getCollection('blogCategories'),
  ]).then(([listings, posts, categories]) =>
    linkChecker(
      sitePaths(currentBrand(), [
        ...listings.map((l) => l.path),
        ...blogPaths(
          currentBrand().pages.blog,
          posts.map((e) => e.data),
          categories.map((e) => ({ slug: e.data.slug, postsCount: e.data.category.postsCount })),
        ),
      ]),
    ),
  );
  return check;
}
