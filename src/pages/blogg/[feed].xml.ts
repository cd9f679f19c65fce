import rss from '@astrojs/rss';
import type { APIRoute, GetStaticPaths } from 'astro';
import { blogPosts } from '../../lib/content/blog.ts';
import { publishedDate } from '../../lib/domain/blog.ts';
import { BLOG_PATH, blogPostPath } from '../../lib/routes/blog.ts';
import { currentBrand } from '../../lib/site.ts';

/** `/blogg/rss.xml`, the blog's RSS feed; nothing on a brand without a blog. */
export const getStaticPaths = (() =>
  currentBrand().pages.blog ? [{ params: { feed: 'rss' } }] : []) satisfies GetStaticPaths;

export const GET: APIRoute = async () => {
  const brand = currentBrand();
  const posts = await blogPosts();
  return rss({
    // docs/spec.md §1: brand names are not shown, in the feed either.
    title: 'Blogg',
    description: 'Turtips, råd om klær og utstyr, vedlikehold og nyheter fra butikken.',
    site: new URL(BLOG_PATH, brand.siteUrl).href,
    trailingSlash: false,
    customData: '<language>nb-no</language>',
    items: posts.map(({ post, slug }) => {
      const pubDate = publishedDate(post);
      return {
        title: post.title,
        link: new URL(blogPostPath(slug), brand.siteUrl).href,
        ...(post.excerpt ? { description: post.excerpt } : {}),
        ...(pubDate ? { pubDate } : {}),
        categories: post.categories.map((c) => c.name),
      };
    }),
  });
};
