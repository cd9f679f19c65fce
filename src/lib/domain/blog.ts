/**
 * The blog's rules over built posts and categories: publication dates, newest first, the
 * pages of a post list and which categories of a post have a page.
 */

import { BLOG_PAGE_SIZE, blogCategoryPath, blogPageCount } from '../routes/blog.ts';
import type { BlogPost } from '../types.ts';

/** A post as the blog's pages hold it (src/content/loaders/blog.ts). */
interface ListedPost {
  post: Pick<BlogPost, 'id' | 'publishedAt' | 'categories'>;
}

/** A category as the blog's pages hold it: with the segment of its pages. */
interface ListedCategory {
  category: { id: number; name: string };
  slug: string;
}

/** A published instant as a `Date`; null when the API's text is not a date. */
export function publishedDate(post: Pick<BlogPost, 'publishedAt'>): Date | null {
  if (post.publishedAt.trim() === '') return null;
  const date = new Date(post.publishedAt);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Orders posts newest first; undated ones last; the higher id first among equals. */
export function newestFirst(a: ListedPost, b: ListedPost): number {
  const time = (entry: ListedPost) => publishedDate(entry.post)?.getTime() ?? -Infinity;
  return time(b) - time(a) || b.post.id - a.post.id;
}

/** The posts of the category `id`. */
export function postsInCategory<T extends ListedPost>(posts: readonly T[], id: number): T[] {
  return posts.filter((p) => p.post.categories.some((c) => c.id === id));
}

/** One page of a post list. */
export interface BlogListPage<T> {
  /** 1-based. */
  page: number;
  lastPage: number;
  posts: T[];
}

/** Every page of `posts`, at least one (an empty list shows its empty state). */
export function blogListPages<T>(posts: readonly T[]): Array<BlogListPage<T>> {
  const lastPage = blogPageCount(posts.length);
  return Array.from({ length: lastPage }, (_, i) => ({
    page: i + 1,
    lastPage,
    posts: posts.slice(i * BLOG_PAGE_SIZE, (i + 1) * BLOG_PAGE_SIZE),
  }));
}

/** A post's categories that have a page, as links, in the post's order. */
export function postCategoryLinks(
  post: Pick<BlogPost, 'categories'>,
  categories: readonly ListedCategory[],
): Array<{ name: string; href: string }> {
  return post.categories.flatMap((ref) => {
    const entry = categories.find((c) => c.category.id === ref.id);
    return entry ? [{ name: entry.category.name, href: blogCategoryPath(entry.slug) }] : [];
  });
}
