import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiBlogPost } from '../../../contract/index.ts';
import { sanitizeBody, toBlogCategory, toBlogPost } from './blog.ts';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('sanitizeBody', () => {
  it.each([
    ['<p>Hei <strong>du</strong></p>', '<p>Hei <strong>du</strong></p>'],
    ['<p>x</p><script>alert(1)</script>', '<p>x</p>'],
    ['<img src="/a.png" alt="A" onerror="alert(1)">', '<img src="/a.png" alt="A" />'],
    ['<a href="javascript:alert(1)">lenke</a>', '<a>lenke</a>'],
    [
      '<a href="https://example.no" rel="opener">lenke</a>',
      '<a href="https://example.no" rel="noopener noreferrer">lenke</a>',
    ],
    ['<a href="/kundeservice">lenke</a>', '<a href="/kundeservice">lenke</a>'],
    ['<a href="//evil.example">lenke</a>', '<a>lenke</a>'],
    ['<a href=" java&#9;script:alert(1)">lenke</a>', '<a>lenke</a>'],
    ['<a href="data:text/html,x">lenke</a>', '<a>lenke</a>'],
    [
      '<a href="mailto:a@b.no">e-post</a>',
      '<a href="mailto:a@b.no" rel="noopener noreferrer">e-post</a>',
    ],
  ])('%j -> %j', (html, expected) => {
    expect(sanitizeBody(html)).toBe(expected);
  });
});

describe('toBlogPost', () => {
  const wire: ApiBlogPost = {
    id: 1,
    title: 'Hvordan kle barna',
    slug: 'hvordan-kle-barna',
    excerpt: 'Ull innerst',
    body: '<p>Ull</p><script>x()</script>',
    featuredImage: null,
    mainArticle: 100,
    relatedArticles: [101, 102],
    categories: [{ id: 1, slug: 'barn', name: 'Barn' }],
    published_at: '2026-10-01T08:00:00Z',
  };

  it('sanitises the body and renames published_at', () => {
    expect(toBlogPost(wire)).toMatchObject({
      body: '<p>Ull</p>',
      publishedAt: '2026-10-01T08:00:00Z',
      mainArticle: 100,
    });
  });

  it('skips posts and categories lacking required data', () => {
    expect(toBlogPost({ ...wire, slug: undefined } as unknown as ApiBlogPost)).toBeNull();
    expect(toBlogCategory({ id: 1, slug: 'barn', name: 'Barn', postsCount: 3 })).toEqual({
      id: 1,
      slug: 'barn',
      name: 'Barn',
      postsCount: 3,
    });
    expect(toBlogCategory({ id: 1 } as Parameters<typeof toBlogCategory>[0])).toBeNull();
  });
});
