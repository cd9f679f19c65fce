/**
 * The blog reads of docs/spec.md §7 that the build makes: every post (`GET blog/posts`, page by page)
 * and the categories (`GET blog/categories`). Bodies arrive sanitised (see mappers/blog.ts).
 */

import type { ApiBlogCategory, ApiBlogPost, ApiPaginated } from '../../../contract/index.ts';
import { toBlogCategory, toBlogPost } from '../mappers/blog.ts';
import { mapList, toPageInfo } from '../mappers/common.ts';
import type { BlogCategory, BlogPost } from '../types.ts';
import { defaultClient, type ApiClient } from './client.ts';

/** Posts asked for per request while reading the whole blog; the API may answer fewer. */
export const BLOG_FETCH_PAGE_SIZE = 50;

/** Pages read at most (5,000 posts at 50 a page): an answer that never ends stops here. */
export const BLOG_MAX_FETCH_PAGES = 100;

/**
 * Every published post, newest first as the API orders them, read page by page until its
 * last page; a post the API repeats on a later page (a post published meanwhile shifts the
 * pages) is kept once.
 */
export async function getAllBlogPosts(client: ApiClient = defaultClient()): Promise<BlogPost[]> {
  const posts = new Map<number, BlogPost>();
  for (let page = 1; page <= BLOG_MAX_FETCH_PAGES; page += 1) {
    const answer = await client.get<ApiPaginated<ApiBlogPost>>('blog/posts', {
      page,
      per_page: BLOG_FETCH_PAGE_SIZE,
    });
    for (const post of mapList(answer.data, toBlogPost)) {
      if (!posts.has(post.id)) posts.set(post.id, post);
    }
    if (page >= toPageInfo(answer.meta).lastPage) break;
  }
  return [...posts.values()];
}

/** Blog categories with the API's post counts. */
export async function getBlogCategories(
  client: ApiClient = defaultClient(),
): Promise<BlogCategory[]> {
  return mapList(await client.get<ApiBlogCategory[]>('blog/categories'), toBlogCategory);
}
