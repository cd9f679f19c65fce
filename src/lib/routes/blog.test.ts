import { describe, expect, it } from 'vitest';
import {
  BLOG_PAGE_SIZE,
  blogCategoryPath,
  blogListPath,
  blogPageCount,
  blogPaths,
  blogPostPath,
} from './blog.ts';

describe('blog paths', () => {
  it('pages the list and the categories under /side/{n} from page 2', () => {
    expect(blogListPath()).toBe('/blogg');
    expect(blogListPath(1)).toBe('/blogg');
    expect(blogListPath(3)).toBe('/blogg/side/3');
    expect(blogPostPath('hvordan-kle-barna')).toBe('/blogg/hvordan-kle-barna');
    expect(blogCategoryPath('turtips')).toBe('/blogg/kategori/turtips');
    expect(blogCategoryPath('turtips', 2)).toBe('/blogg/kategori/turtips/side/2');
  });

  it('counts pages, an empty list keeping its first', () => {
    expect(blogPageCount(0)).toBe(1);
    expect(blogPageCount(BLOG_PAGE_SIZE)).toBe(1);
    expect(blogPageCount(BLOG_PAGE_SIZE + 1)).toBe(2);
  });

  it('lists every page the blog builds, and none without a blog', () => {
    const posts = Array.from({ length: BLOG_PAGE_SIZE + 1 }, (_, i) => ({ slug: `p${i}` }));
    const categories = [
      { slug: 'turtips', postsCount: 1 },
      { slug: 'tom', postsCount: 0 },
    ];
    const paths = blogPaths(true, posts, categories);
    expect(paths).toEqual([
      '/blogg',
      '/blogg/side/2',
      ...posts.map((p) => `/blogg/${p.slug}`),
      '/blogg/kategori/turtips',
      '/blogg/kategori/tom',
      '/blogg/rss.xml',
    ]);
    expect(blogPaths(false, posts, categories)).toEqual([]);
  });
});
