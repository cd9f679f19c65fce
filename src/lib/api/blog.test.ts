import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiBlogPost } from '../../../contract/index.ts';
import {
  BLOG_FETCH_PAGE_SIZE,
  BLOG_MAX_FETCH_PAGES,
  getAllBlogPosts,
  getBlogCategories,
} from './blog.ts';
import { createApiClient, type ApiClient } from './client.ts';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A client whose answers come from `answer(path, query)`; requests are recorded. */
function fakeClient(answer: (path: string, query: URLSearchParams) => unknown) {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url.pathname + url.search);
    return Response.json(answer(url.pathname.replace('/api/v1/', ''), url.searchParams));
  });
  const client: ApiClient = createApiClient({
    baseURL: 'http://api.test/api/v1',
    fetch: fetch as unknown as typeof globalThis.fetch,
    readToken: () => 'token',
  });
  return { client, urls };
}

const post = (id: number): Partial<ApiBlogPost> => ({
  id,
  title: `Innlegg ${id}`,
  slug: `innlegg-${id}`,
  body: '<p>x</p><script>y()</script>',
});

const paged = (data: unknown[], page: number, lastPage: number) => ({
  data,
  meta: { current_page: page, last_page: lastPage, per_page: 2, total: lastPage * 2 },
});

describe('getAllBlogPosts', () => {
  it('reads every page, asks for large pages, and keeps a repeated post once', async () => {
    const { client, urls } = fakeClient((_, query) => {
      const page = Number(query.get('page'));
      return page === 1
        ? paged([post(5), post(4)], 1, 3)
        : page === 2
          ? paged([post(4), post(3)], 2, 3)
          : paged([post(1)], 3, 3);
    });
    const posts = await getAllBlogPosts(client);
    expect(posts.map((p) => p.id)).toEqual([5, 4, 3, 1]);
    expect(posts[0]?.body).toBe('<p>x</p>');
    expect(urls).toEqual(
      [1, 2, 3].map((page) => `/api/v1/blog/posts?page=${page}&per_page=${BLOG_FETCH_PAGE_SIZE}`),
    );
  });

  it('leaves out posts that cannot be mapped', async () => {
    const { client } = fakeClient(() => paged([post(1), { id: 2 }, 'x'], 1, 1));
    expect((await getAllBlogPosts(client)).map((p) => p.id)).toEqual([1]);
  });

  it('stops after its page limit when the API never reaches its last page', async () => {
    const { client, urls } = fakeClient((_, query) =>
      paged([post(Number(query.get('page')))], Number(query.get('page')), 1e9),
    );
    expect(await getAllBlogPosts(client)).toHaveLength(BLOG_MAX_FETCH_PAGES);
    expect(urls).toHaveLength(BLOG_MAX_FETCH_PAGES);
  });
});

describe('getBlogCategories', () => {
  it('maps the categories and skips those without a name', async () => {
    const { client, urls } = fakeClient(() => [
      { id: 1, slug: 'turtips', name: 'Turtips', postsCount: 2 },
      { id: 2, slug: 'uten-navn' },
    ]);
    expect(await getBlogCategories(client)).toEqual([
      { id: 1, slug: 'turtips', name: 'Turtips', postsCount: 2 },
    ]);
    expect(urls).toEqual(['/api/v1/blog/categories']);
  });
});
