/**
 * What the blog's collections hold: `blogPosts` (every published post with the path segment
 * of its page) and `blogCategories` (every category with its segment and how many of those
 * posts it holds), read once per build from `blog/posts` and `blog/categories`. A brand without a
 * blog reads nothing. Slugs from the API pass through the one slug module: a clashing, empty
 * or unsafe slug gets a safe segment of its own, never a broken path.
 */

import type { Brand } from '../../brands/schema.ts';
import { getAllBlogPosts, getBlogCategories } from '../../lib/api/blog.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import type { BlogCategoryEntry, BlogPostEntry } from '../../lib/content/blog.ts';
import { postsInCategory } from '../../lib/domain/blog.ts';
import { slugify, uniqueSlugs } from '../../lib/domain/slug.ts';
import { RESERVED_BLOG_SEGMENTS } from '../../lib/routes/blog.ts';
import type { BlogCategory, BlogPost } from '../../lib/types.ts';

/** What the blog's collections hold. */
export interface BlogData {
  posts: BlogPostEntry[];
  categories: BlogCategoryEntry[];
}

/**
 * Gives posts and categories their segments: the API's slug made safe, or, when that leaves
 * nothing, the title's or name's; clashes are settled by id (src/lib/domain/slug.ts). A post never
 * takes a segment of the list's own pages (`side`, `kategori`).
 */
export function blogEntries(
  posts: readonly BlogPost[],
  categories: readonly BlogCategory[],
): BlogData {
  const named = (slug: string, fallback: string) => (slugify(slug) === '' ? fallback : slug);
  const postSlugs = uniqueSlugs(
    posts.map((p) => ({ id: p.id, name: named(p.slug, p.title) })),
    'blog post',
    RESERVED_BLOG_SEGMENTS,
  );
  const categorySlugs = uniqueSlugs(
    categories.map((c) => ({ id: c.id, name: named(c.slug, c.name) })),
    'blog category',
  );
  const postEntries = posts.map((post) => ({
    post,
    slug: postSlugs.get(post.id) ?? String(post.id),
  }));
  return {
    posts: postEntries,
    categories: categories.map((category) => ({
      category: { ...category, postsCount: postsInCategory(postEntries, category.id).length },
      slug: categorySlugs.get(category.id) ?? String(category.id),
    })),
  };
}

/** The article ids the posts show as cards (main and related), each once. */
export function blogArticleIds(data: BlogData): number[] {
  return [
    ...new Set(
      data.posts.flatMap(({ post }) => [
        ...(post.mainArticle === null ? [] : [post.mainArticle]),
        ...post.relatedArticles,
      ]),
    ),
  ];
}

/**
 * The blog of `brand`, read once however many collections ask (`client` makes a build-time
 * client), and the article ids its posts show, for the card articles' loader
 * (./home-articles.ts).
 */
export function blogSource(brand: Brand, client: () => ApiClient) {
  let data: Promise<BlogData> | undefined;
  const blog = (): Promise<BlogData> => {
    data ??= brand.pages.blog
      ? (async () => {
          const api = client();
          const [posts, categories] = await Promise.all([
            getAllBlogPosts(api),
            getBlogCategories(api),
          ]);
          return blogEntries(posts, categories);
        })()
      : Promise.resolve({ posts: [], categories: [] });
    return data;
  };
  return {
    posts: async () => (await blog()).posts,
    categories: async () => (await blog()).categories,
    articleIds: async () => blogArticleIds(await blog()),
  };
}
