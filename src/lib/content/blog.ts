/**
 * What the blog's pages read at build time: the posts and categories of the `blogPosts` and
 * `blogCategories` collections (src/content/loaders/blog.ts), a post's body with only the
 * links this build answers, and its articles as cards.
 */

import { getCollection } from 'astro:content';
import { newestFirst } from '../domain/blog.ts';
import { compareValues } from '../domain/sort.ts';
import { sanitizeBody } from '../mappers/blog.ts';
import type { Article, BlogCategory, BlogPost } from '../types.ts';
import { builtLinkCheck, homeArticles } from './home.ts';

/** A post's page: the post and the path segment of `/blogg/{slug}`. */
export interface BlogPostEntry {
  post: BlogPost;
  slug: string;
}

/**
 * A category's pages: the category, with `postsCount` the number of built posts in it (so
 * its navigation count matches its pages), and the segment of `/blogg/kategori/{slug}`.
 */
export interface BlogCategoryEntry {
  category: BlogCategory;
  slug: string;
}

/** Every post of the blog, newest first (none when the brand has no blog). */
export async function blogPosts(): Promise<BlogPostEntry[]> {
  return (await getCollection('blogPosts')).map((e) => e.data).sort(newestFirst);
}

/** Every category of the blog, by name in nb-NO order. */
export async function blogCategories(): Promise<BlogCategoryEntry[]> {
  return (await getCollection('blogCategories'))
    .map((e) => e.data)
    .sort(
      (a, b) => compareValues(a.category.name, b.category.name) || a.category.id - b.category.id,
    );
}

/**
 * A post's body, sanitised again with the one change a build can make: a same-site link to
 * a page this brand's build does not have keeps its text but loses its link.
 */
export async function postBody(post: BlogPost): Promise<string> {
  return sanitizeBody(post.body, await builtLinkCheck());
}

/** Cards of articles, linking to their product pages. */
export type CardArticles = Array<Article & { path?: string }>;

/** A post's main and related articles as cards, only those with a product page here. */
export async function postArticles(
  post: BlogPost,
): Promise<{ main: CardArticles; related: CardArticles }> {
  const [main, related] = await Promise.all([
    homeArticles(post.mainArticle === null ? [] : [post.mainArticle]),
    homeArticles(post.relatedArticles.filter((id) => id !== post.mainArticle)),
  ]);
  return { main, related };
}
