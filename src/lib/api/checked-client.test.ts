import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSkipped, skippedCounts } from '../mappers/common.ts';
import { getCategories, getCategoryArticles, searchArticles } from './catalogue.ts';
import { checkedClient, requestUrl } from './checked-client.ts';
import { ApiRequestError, createApiClient, type ApiClient } from './client.ts';
import { getTenant } from './content.ts';
import { loadStartup } from './startup.ts';

const base = 'http://api.test/api/v1';

/** A checked client whose server answers `body` (JSON unless a string) with `status`. */
function clientAnswering(body: unknown, status = 200): ApiClient {
  const fetch = () =>
    Promise.resolve(
      typeof body === 'string'
        ? new Response(body, { status, headers: { 'content-type': 'text/html' } })
        : Response.json(body, { status }),
    );
  return checkedClient(createApiClient({ baseURL: base, tenant: 'toppfart', fetch }), 'toppfart');
}

const category = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Kategori ${String(id)}`,
  count: 1,
  subcategories: [],
  availableProductlines: [],
  ...extra,
});
const article = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Vare ${String(id)}`,
  price: 19900,
  ...extra,
});
const meta = { current_page: 1, last_page: 1, per_page: 20, total: 2, from: 1, to: 2 };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  resetSkipped();
});
afterEach(() => {
  vi.restoreAllMocks();
  resetSkipped();
});

describe('requestUrl', () => {
  it('joins base, path, query and tenant', () => {
    expect(requestUrl(`${base}/`, 'categories/1/articles', { page: 2 }, 'villmark')).toBe(
      `${base}/categories/1/articles?page=2&tenant=villmark`,
    );
  });
});

describe('a good answer', () => {
  it('passes and maps', async () => {
    const categories = await getCategories(clientAnswering([category(1), category(2)]));
    expect(categories.map((c) => c.id)).toEqual([1, 2]);
    expect(skippedCounts()).toEqual({});
  });

  it('keeps a page of articles with its paging', async () => {
    const page = await getCategoryArticles(
      3,
      {},
      clientAnswering({ data: [article(1), article(2)], meta }),
    );
    expect(page.items.map((a) => a.id)).toEqual([1, 2]);
    expect(page.page.total).toBe(2);
  });
});

describe('a bad answer at the collection level fails with the URL and the first bad field', () => {
  it.each([
    [
      'an HTML page',
      '<!doctype html><html><body>Vedlikehold</body></html>',
      /\$: expected Array, got text \(not JSON/,
    ],
    ['an object', { data: [] }, /\$: expected Array, got object/],
    ['null', null, /\$: expected Array, got null/],
  ])('categories as %s', async (_, body, problem) => {
    const failure = getCategories(clientAnswering(body));
    await expect(failure).rejects.toThrow(`GET ${base}/categories?tenant=toppfart: `);
    await expect(failure).rejects.toThrow(problem);
  });

  it('a page of articles without meta', async () => {
    await expect(
      getCategoryArticles(3, {}, clientAnswering({ data: [article(1)] })),
    ).rejects.toThrow(
      `GET ${base}/categories/3/articles?page=1&per_page=20&orderBy=Name&order=asc&tenant=toppfart: $.meta: missing`,
    );
  });

  it('a page of articles whose data is a string', async () => {
    await expect(getCategoryArticles(3, {}, clientAnswering({ data: 'x', meta }))).rejects.toThrow(
      /categories\/3\/articles.*: \$\.data: expected Array, got string/,
    );
  });

  it('a search answer without hits', async () => {
    await expect(searchArticles({ query: '' }, clientAnswering({ total: 3 }))).rejects.toThrow(
      `POST ${base}/articles/search?tenant=toppfart: $.hits: missing`,
    );
  });

  it('tenant settings without flags', async () => {
    await expect(
      getTenant('toppfart', clientAnswering({ id: 'toppfart', name: 'Toppfart' })),
    ).rejects.toThrow(`GET ${base}/tenant/get?tenant=toppfart: $.flags: missing`);
  });

  it('an error answer keeps its status and names the URL', async () => {
    const failure = getCategories(clientAnswering('<h1>Bad gateway</h1>', 502));
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 502 });
    await expect(failure).rejects.toThrow(`${base}/categories`);
  });
});

describe('a bad item inside a good answer', () => {
  it('is logged as Missing data with its id and the bad field, skipped and counted', async () => {
    const categories = await getCategories(
      clientAnswering([
        category(1),
        category(2, { subcategories: 'ingen' }),
        { name: 'Uten id' },
        category(4),
      ]),
    );
    expect(categories.map((c) => c.id)).toEqual([1, 4]);
    expect(console.warn).toHaveBeenCalledWith(
      'Missing data',
      'category 2 ($[1].subcategories: expected Array, got string)',
      expect.anything(),
    );
    expect(console.warn).toHaveBeenCalledWith(
      'Missing data',
      'category without id ($[2].id: missing)',
      expect.anything(),
    );
    expect(skippedCounts()).toEqual({ category: 2 });
  });

  it('in a page of articles or a search answer', async () => {
    const page = await getCategoryArticles(
      3,
      {},
      clientAnswering({ data: [article(1), article(2, { price: 'gratis' })], meta }),
    );
    expect(page.items.map((a) => a.id)).toEqual([1]);
    const found = await searchArticles(
      { query: '' },
      clientAnswering({
        hits: {
          total: { value: 2, relation: 'eq' },
          hits: [{ _source: article(5) }, { _source: article(6, { name: null }) }],
        },
      }),
    );
    expect(found.articles.map((a) => a.id)).toEqual([5]);
    expect(console.warn).toHaveBeenCalledWith(
      'Missing data',
      'article 6 ($.hits.hits[1]._source.name: expected string, got null)',
      expect.anything(),
    );
    expect(skippedCounts()).toEqual({ article: 2 });
  });
});

describe('the start-up set', () => {
  const answers: Record<string, unknown> = {
    'tenant/get': { id: 'toppfart', name: 'Toppfart', flags: {}, menuCategories: [1] },
    settings: { tenant: 'toppfart', home: [], previews: {} },
    categories: [category(1)],
    'articles/brand': [{ id: 1, name: 'Merke', count: 3 }],
    shops: [{ id: 1, name: 'Butikk' }],
    postalcodes: [{ code: '0150', place: 'Oslo', CoordLat: 59.9, CoordLong: 10.7 }],
    colorgroups: [{ id: 1, label: 'Rød', name: 'Rød', hex: null, colorId: 1 }],
    genders: [{ id: 1, name: 'Dame' }],
    shipping_methods: [{ id: 'delivery', name: 'Levering', price: 19900 }],
    bestsellers: [{ article_id: 1, qty_rank: 1, turnover_rank: 1 }],
  };

  /** A checked client for a server that answers `answers`, with `path` answering `body`. */
  function startupClient(path?: string, body?: unknown): ApiClient {
    const fetch = (input: RequestInfo | URL) => {
      const at = new URL(String(input)).pathname.replace('/api/v1/', '');
      const answer = at === path ? body : answers[at];
      return Promise.resolve(
        typeof answer === 'string'
          ? new Response(answer, { headers: { 'content-type': 'text/html' } })
          : Response.json(answer ?? { message: 'Not found' }, { status: answer ? 200 : 404 }),
      );
    };
    return checkedClient(createApiClient({ baseURL: base, tenant: 'toppfart', fetch }), 'toppfart');
  }

  it('loads from good answers', async () => {
    const data = await loadStartup(startupClient(), 'toppfart');
    expect(data.categories.map((c) => c.id)).toEqual([1]);
    expect(data.genders.map((g) => g.id)).toEqual([1]);
  });

  it.each([
    ['genders', '<!doctype html><p>Vedlikehold</p>', '$: expected Array, got text (not JSON'],
    ['shops', { data: [] }, '$: expected Array, got object'],
    ['settings', { tenant: 'toppfart', home: 'none', previews: {} }, '$.home: expected Array'],
    ['tenant/get', [], '$.id: missing'],
  ])('fails naming the URL and the field when %s answers %j', async (path, body, problem) => {
    const failure = loadStartup(startupClient(path, body), 'toppfart');
    await expect(failure).rejects.toThrow(`GET ${base}/${path}?`);
    await expect(failure).rejects.toThrow(problem);
  });
});
