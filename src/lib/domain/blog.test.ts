import { describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE } from '../routes/blog.ts';
import {
  blogListPages,
  newestFirst,
  postCategoryLinks,
  postsInCategory,
  publishedDate,
} from './blog.ts';

const entry = (id: number, publishedAt: string, categories: number[] = []) => ({
  post: { id, publishedAt, categories: categories.map((c) => ({ id: c, slug: '', name: '' })) },
});

describe('publishedDate', () => {
  it('reads ISO dates and refuses text that is not one', () => {
    expect(publishedDate({ publishedAt: '2026-10-01T08:00:00Z' })?.toISOString()).toBe(
      '2026-10-01T08:00:00.000Z',
    );
    expect(publishedDate({ publishedAt: '' })).toBeNull();
    expect(publishedDate({ publishedAt: '  ' })).toBeNull();
    expect(publishedDate({ publishedAt: 'i går' })).toBeNull();
  });
});

describe('newestFirst', () => {
  it('orders by date, newest first, the higher id first on a tie, undated last', () => {
    const posts = [
      entry(1, '2026-01-01T00:00:00Z'),
      entry(2, 'ukjent'),
      entry(3, '2026-03-01T00:00:00Z'),
      entry(4, '2026-01-01T00:00:00Z'),
    ];
    expect(posts.sort(newestFirst).map((p) => p.post.id)).toEqual([3, 4, 1, 2]);
  });
});

describe('blogListPages', () => {
  it('splits posts into pages and keeps one empty page for an empty list', () => {
    const posts = Array.from({ length: BLOG_PAGE_SIZE * 2 + 1 }, (_, i) => i);
    const pages = blogListPages(posts);
    expect(pages.map((p) => [p.page, p.lastPage, p.posts.length])).toEqual([
      [1, 3, BLOG_PAGE_SIZE],
      [2, 3, BLOG_PAGE_SIZE],
      [3, 3, 1],
    ]);
    expect(pages[1]?.posts[0]).toBe(BLOG_PAGE_SIZE);
    expect(blogListPages([])).toEqual([{ page: 1, lastPage: 1, posts: [] }]);
  });
});

describe('posts and categories', () => {
  const categories = [
    { category: { id: 1, name: 'Turtips' }, slug: 'turtips' },
    { category: { id: 2, name: 'Alpint' }, slug: 'alpint' },
  ];

  it('finds the posts of a category', () => {
    const posts = [entry(1, '', [1]), entry(2, '', [2]), entry(3, '', [1, 2])];
    expect(postsInCategory(posts, 1).map((p) => p.post.id)).toEqual([1, 3]);
    expect(postsInCategory(posts, 9)).toEqual([]);
  });

  it('links the categories of a post that have a page, in the post order', () => {
    expect(postCategoryLinks(entry(1, '', [2, 7, 1]).post, categories)).toEqual([
      { name: 'Alpint', href: '/blogg/kategori/alpint' },
      { name: 'Turtips', href: '/blogg/kategori/turtips' },
    ]);
  });
});
