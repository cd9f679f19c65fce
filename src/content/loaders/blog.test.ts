import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import toppfart from '../../brands/toppfart.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import type { BlogCategory, BlogPost } from '../../lib/types.ts';
import { blogArticleIds, blogEntries, blogSource } from './blog.ts';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const post = (id: number, slug: string, more: Partial<BlogPost> = {}): BlogPost => ({
  id,
  title: `Innlegg ${id}`,
  slug,
  excerpt: '',
  body: '',
  featuredImage: null,
  mainArticle: null,
  relatedArticles: [],
  categories: [],
  publishedAt: '2026-10-01T08:00:00Z',
  ...more,
});

const category = (id: number, slug: string, name = `Kategori ${id}`): BlogCategory => ({
  id,
  slug,
  name,
  postsCount: 99,
});

describe('blogEntries', () => {
  it('gives every post a safe segment of its own, whatever its slug', () => {
    const { posts } = blogEntries(
      [
        post(1, 'turtips'),
        post(2, 'turtips'),
        post(3, 'Hvordan Kle Barna?'),
        post(4, '', { title: 'Ull og fleece' }),
        post(5, '!!!', { title: '' }),
        post(6, '../../etc/passwd'),
        post(7, '<script>alert(1)</script>'),
        post(8, 'side'),
        post(9, '2024'),
      ],
      [],
    );
    expect(posts.map((p) => p.slug)).toEqual([
      'turtips',
      'turtips--2',
      'hvordan-kle-barna',
      'ull-og-fleece',
      '5',
      'etc-passwd',
      'script-alert-1-script',
      'side--8',
      '2024--9',
    ]);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    for (const { slug } of posts) expect(slug).toMatch(/^[a-z0-9-]+$/u);
  });

  it('gives categories segments and counts the built posts in each', () => {
    const { categories } = blogEntries(
      [
        post(1, 'a', { categories: [{ id: 1, slug: 'turtips', name: 'Turtips' }] }),
        post(2, 'b', {
          categories: [
            { id: 1, slug: 'turtips', name: 'Turtips' },
            { id: 2, slug: 'barn', name: 'Barn' },
          ],
        }),
      ],
      [category(1, 'turtips'), category(2, 'Turtips'), category(3, '', 'Nyheter')],
    );
    expect(categories.map((c) => [c.slug, c.category.postsCount])).toEqual([
      ['turtips', 2],
      ['turtips--2', 1],
      ['nyheter', 0],
    ]);
  });
});

describe('blogArticleIds', () => {
  it('names every main and related article once', () => {
    const data = blogEntries(
      [
        post(1, 'a', { mainArticle: 10, relatedArticles: [11, 12] }),
        post(2, 'b', { mainArticle: null, relatedArticles: [12, 13] }),
      ],
      [],
    );
    expect(blogArticleIds(data)).toEqual([10, 11, 12, 13]);
  });
});

describe('blogSource', () => {
  /** A client that answers the blog's two reads and counts requests. */
  function client() {
    const get = vi.fn(async (path: string) =>
      path === 'blog/posts'
        ? {
            data: [{ id: 1, title: 'Hei', slug: 'hei', mainArticle: 7, relatedArticles: [8] }],
            meta: { current_page: 1, last_page: 1, total: 1 },
          }
        : [{ id: 1, slug: 'turtips', name: 'Turtips' }],
    );
    return { api: { get } as unknown as ApiClient, get };
  }

  it('reads the API once for the posts, the categories and the article ids', async () => {
    const { api, get } = client();
    const source = blogSource(toppfart, () => api);
    const [posts, categories, ids] = await Promise.all([
      source.posts(),
      source.categories(),
      source.articleIds(),
    ]);
    expect(posts.map((p) => p.slug)).toEqual(['hei']);
    expect(categories.map((c) => c.slug)).toEqual(['turtips']);
    expect(ids).toEqual([7, 8]);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('reads nothing for a brand without a blog', async () => {
    const { api, get } = client();
    const source = blogSource(
      { ...toppfart, pages: { ...toppfart.pages, blog: false } },
      () => api,
    );
    expect(await source.posts()).toEqual([]);
    expect(await source.articleIds()).toEqual([]);
    expect(get).not.toHaveBeenCalled();
  });
});
