/**
 * The blog's paths (Norwegian, as the shop's other routes): the post list `/blogg` with its
 * further pages `/blogg/side/{n}`, each post `/blogg/{slug}`, each category
 * `/blogg/kategori/{slug}` (and `/side/{n}`) and the RSS feed `/blogg/rss.xml`. Segments
 * come from src/lib/domain/slug.ts, so they are always safe path segments.
 */

import { lastPage } from '../domain/listing-query.ts';

/** The post list's path. */
export const BLOG_PATH = '/blogg';

/** The RSS feed's path. */
export const BLOG_FEED_PATH = `${BLOG_PATH}/rss.xml`;

/** Posts per page of the post list and of each category. */
export const BLOG_PAGE_SIZE = 9;

/**
 * Segments under `/blogg` that a post may not take bare: the list's and the categories'
 * pages live beside the posts.
 */
export const RESERVED_BLOG_SEGMENTS: ReadonlySet<string> = new Set(['side', 'kategori']);

/** `base` for page 1, `base/side/{n}` after it. */
function paged(base: string, page: number): string {
  return page <= 1 ? base : `${base}/side/${String(page)}`;
}

/** Page `page` of the post list. */
export function blogListPath(page = 1): string {
  return paged(BLOG_PATH, page);
}

/** A post's page, by its path segment. */
export function blogPostPath(slug: string): string {
  return `${BLOG_PATH}/${slug}`;
}

/** Page `page` of a category, by its path segment. */
export function blogCategoryPath(slug: string, page = 1): string {
  return paged(`${BLOG_PATH}/kategori/${slug}`, page);
}

/** How many pages a list of `count` posts takes; an empty list still has its first page. */
export function blogPageCount(count: number): number {
  return lastPage(count, BLOG_PAGE_SIZE);
}

/**
 * Every page the blog builds: the list's pages, each post, each category's pages and the
 * feed. Empty when the brand has no blog.
 */
export function blogPaths(
  enabled: boolean,
  posts: ReadonlyArray<{ slug: string }>,
  categories: ReadonlyArray<{ slug: string; postsCount: number }>,
): string[] {
  if (!enabled) return [];
  const pages = (count: number, path: (page: number) => string) =>
    Array.from({ length: blogPageCount(count) }, (_, i) => path(i + 1));
  return [
    ...pages(posts.length, blogListPath),
    ...posts.map((p) => blogPostPath(p.slug)),
    ...categories.flatMap((c) => pages(c.postsCount, (page) => blogCategoryPath(c.slug, page))),
    BLOG_FEED_PATH,
  ];
}
