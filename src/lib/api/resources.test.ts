import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from './client.ts';
import { getBundle, getCampaigns, getCategoryArticles, searchArticles } from './catalogue.ts';
import { checkPromoCode } from './promo-codes.ts';
import { getShippingMethods } from './shipping.ts';
import { getTenant } from './content.ts';
import { answerQuestion, getActivePoll, getPoll, getPollAnswers, getPollScore } from './poll.ts';
import { getPostalCode, getShops } from './shops.ts';
import { withdrawalOrder, withdrawOrder } from './withdrawal.ts';

/** A fake API: routes `METHOD path` (query stripped) to a status and JSON body. */
function fakeApi(routes: Record<string, [number, unknown]>) {
  const urls: string[] = [];
  const bodies: unknown[] = [];
  const idempotencyKeys: Array<string | null> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    urls.push(url.pathname + url.search);
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    if (init?.method === 'POST') {
      idempotencyKeys.push(new Headers(init.headers).get('Idempotency-Key'));
    }
    const [status, body] = routes[`${init?.method ?? 'GET'} ${url.pathname}`] ?? [
      404,
      { message: 'Not found.' },
    ];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const client: ApiClient = createApiClient({
    baseURL: 'http://api.test/api/v1',
    fetch: fetch as unknown as typeof globalThis.fetch,
    readToken: () => 'token',
  });
  return { client, urls, bodies, idempotencyKeys };
}

const wireArticle = (id: number, price = 19900.4) => ({
  id,
  name: `Artikkel ${id}`,
  price,
  category: 'Tekstil',
  purchasableOnWeb: 1,
  campaigns: [],
});

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('catalogue', () => {
  it('getCategoryArticles sends the spec defaults and maps the page', async () => {
    const { client, urls } = fakeApi({
      'GET /api/v1/categories/3/articles': [
        200,
        {
          data: [wireArticle(1), { id: 2 }],
          meta: { current_page: 1, last_page: 4, per_page: 20, total: 61, from: 1, to: 20 },
        },
      ],
    });
    const page = await getCategoryArticles(3, {}, client);
    expect(urls).toEqual([
      '/api/v1/categories/3/articles?page=1&per_page=20&orderBy=Name&order=asc',
    ]);
    expect(page.items.map((a) => [a.id, a.price, a.category])).toEqual([[1, 19900, 'Klær']]);
    expect(page.page).toEqual({ currentPage: 1, lastPage: 4, perPage: 20, total: 61 });

    await getCategoryArticles(
      3,
      { page: 2, perPage: 40, orderBy: 'Price', order: 'desc', genders: [1, 2] },
      client,
    );
    expect(urls[1]).toBe(
      '/api/v1/categories/3/articles?page=2&per_page=40&orderBy=Price&order=desc&genders=1,2',
    );
  });

  it('searchArticles posts query, take 1000, zero-based page and the filter string', async () => {
    const { client, bodies } = fakeApi({
      'POST /api/v1/articles/search': [
        200,
        {
          hits: {
            total: { value: 2, relation: 'eq' },
            hits: [
              { _id: '5', _score: 2, _source: wireArticle(5) },
              { _id: '6', _score: 1, _source: wireArticle(6) },
            ],
          },
        },
      ],
    });
    const result = await searchArticles(
      { query: 'jakke', filters: { genders: [2, 1], price: { min: 100, max: 500 } } },
      client,
    );
    expect(bodies).toEqual([
      {
        query: 'jakke',
        take: 1000,
        page: 0,
        filters: 'GenderID IN [1, 2] AND GrossPrice 10000 TO 50000',
      },
    ]);
    expect(result.total).toBe(2);
    expect(result.articles.map((a) => a.id)).toEqual([5, 6]);
  });

  it('searchArticles leaves out an empty filter and passes sort', async () => {
    const { client, bodies } = fakeApi({
      'POST /api/v1/articles/search': [
        200,
        { hits: { total: { value: 0, relation: 'eq' }, hits: [] } },
      ],
    });
    await searchArticles(
      { query: 'ull', page: 2, take: 50, filters: {}, sort: 'price:asc' },
      client,
    );
    expect(bodies).toEqual([{ query: 'ull', take: 50, page: 2, sort: 'price:asc' }]);
  });

  it('getBundle joins integer ids with commas and skips the call for none', async () => {
    const { client, urls } = fakeApi({
      'GET /api/v1/articles/bundle': [200, [wireArticle(1), wireArticle(2)]],
    });
    expect((await getBundle([1, 2.5, 2], client)).map((a) => a.id)).toEqual([1, 2]);
    expect(urls).toEqual(['/api/v1/articles/bundle?articles=1,2']);
    expect(await getBundle([Number.NaN], client)).toEqual([]);
    expect(urls).toHaveLength(1);
  });

  it('getCampaigns reads the data field', async () => {
    const { client } = fakeApi({
      'GET /api/v1/campaigns/': [200, { data: [{ id: 1, name: 'Vinter', labelText: 'x' }] }],
    });
    expect((await getCampaigns(client)).map((c) => c.name)).toEqual(['Vinter']);
  });
});

describe('shops, promo codes and shipping', () => {
  it('getShops maps coordinates; getPostalCode gives null on 404', async () => {
    const { client } = fakeApi({
      'GET /api/v1/shops': [
        200,
        [{ id: 55, name: 'Nettbutikk', latitude: 60.19, longitude: 11.1, isWebShop: 1 }],
      ],
      'GET /api/v1/postalcodes/0154': [
        200,
        { code: '0154', place: 'Oslo', CoordLat: 59.9, CoordLong: 10.7 },
      ],
    });
    const [shop] = await getShops(client);
    expect(shop).toMatchObject({
      id: 55,
      coords: { latitude: 60.19, longitude: 11.1 },
      isWebShop: true,
    });
    expect(await getPostalCode('0154', client)).toMatchObject({ code: '0154' });
    expect(await getPostalCode('9999', client)).toBeNull();
  });

  it('checkPromoCode gives the code, null on 404, and throws other errors', async () => {
    const { client, urls } = fakeApi({
      'GET /api/v1/promocodes/check/VINTER20': [
        200,
        {
          Id: 1,
          Name: 'VINTER20',
          Fixed: 0,
          Amount: 0.2,
          Type: 'cart',
          ValidFrom: '',
          ValidTo: '',
        },
      ],
      'GET /api/v1/promocodes/check/FEIL': [500, { message: 'Server Error' }],
    });
    expect(await checkPromoCode(' VINTER20 ', client)).toMatchObject({ fixed: false, amount: 0.2 });
    expect(await checkPromoCode('UKJENT', client)).toBeNull();
    await expect(checkPromoCode('FEIL', client)).rejects.toMatchObject({ status: 500 });
    expect(urls[0]).toBe('/api/v1/promocodes/check/VINTER20');
  });

  it('getShippingMethods maps flags', async () => {
    const { client } = fakeApi({
      'GET /api/v1/shipping_methods': [
        200,
        [
          {
            id: 'delivery',
            name: 'Levering',
            description: '',
            price: 19900,
            isDefault: 1,
            requiresShop: 0,
          },
        ],
      ],
    });
    expect(await getShippingMethods(client)).toEqual([
      {
        id: 'delivery',
        name: 'Levering',
        description: '',
        price: 19900,
        isDefault: true,
        requiresShop: false,
        deliveryDays: null,
      },
    ]);
  });
});

describe('content', () => {
  it('getTenant sends the tenant', async () => {
    const { client, urls } = fakeApi({
      'GET /api/v1/tenant/get': [200, { id: 'b', name: 'B', flags: { search: 'full' } }],
    });
    expect(await getTenant('b', client)).toMatchObject({ id: 'b', chainId: 1 });
    expect(urls).toEqual(['/api/v1/tenant/get?tenant=b']);
  });
});

describe('tenant-scoped client', () => {
  it('adds ?tenant= to every request, keeping per-call query', async () => {
    const urls: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response('[]', { headers: { 'content-type': 'application/json' } });
    });
    const client = createApiClient({
      baseURL: 'http://api.test/api/v1',
      fetch: fetch as unknown as typeof globalThis.fetch,
      tenant: 'c',
    });
    await getBundle([4], client);
    expect(urls).toEqual(['http://api.test/api/v1/articles/bundle?tenant=c&articles=4']);
  });
});

describe('poll', () => {
  const answer = { questionId: 7, optionId: 70, correct: true };

  it('getActivePoll and getPoll give null on 404 and map a poll', async () => {
    const { client, urls } = fakeApi({
      'GET /api/v1/polls/3': [
        200,
        { id: 3, name: 'Quiz', questions: [{ id: 7, question: 'Hva?', options: [{ id: 70 }] }] },
      ],
    });
    expect(await getActivePoll(client)).toBeNull();
    expect(await getPoll(4, client)).toBeNull();
    expect(await getPoll(3, client)).toMatchObject({ id: 3, name: 'Quiz', questions: [] });
    expect(urls).toEqual(['/api/v1/polls/active', '/api/v1/polls/4', '/api/v1/polls/3']);
  });

  it("reads the session's answers and score", async () => {
    const { client } = fakeApi({
      'GET /api/v1/polls/3/answers': [200, [answer, { questionId: 8 }]],
      'GET /api/v1/polls/3/score': [200, { pollId: 3, answers: 1, correctShare: 1 }],
    });
    expect(await getPollAnswers(3, client)).toEqual([answer]);
    expect(await getPollScore(3, client)).toEqual({ pollId: 3, answers: 1, correctShare: 1 });
  });

  it('answerQuestion posts the option; a 409 gives the stored answer', async () => {
    const { client, urls, bodies } = fakeApi({
      'POST /api/v1/polls/questions/7/answers': [201, answer],
      'POST /api/v1/polls/questions/8/answers': [
        409,
        { message: 'Question already answered.', answer: { ...answer, questionId: 8 } },
      ],
    });
    expect(await answerQuestion(7, 70, client)).toEqual({ answer, isNew: true });
    expect(bodies).toEqual([{ optionId: 70 }]);
    expect(await answerQuestion(8, 71, client)).toEqual({
      answer: { ...answer, questionId: 8 },
      isNew: false,
    });
    expect(urls).toEqual([
      '/api/v1/polls/questions/7/answers',
      '/api/v1/polls/questions/8/answers',
    ]);
  });

  it('answerQuestion throws other failures, a 409 without its answer included', async () => {
    const { client } = fakeApi({
      'POST /api/v1/polls/questions/7/answers': [
        422,
        { message: 'x', errors: { optionId: ['x'] } },
      ],
      'POST /api/v1/polls/questions/8/answers': [409, { message: 'Question already answered.' }],
    });
    await expect(answerQuestion(7, 1, client)).rejects.toMatchObject({ status: 422 });
    await expect(answerQuestion(8, 1, client)).rejects.toMatchObject({ status: 409 });
  });
});

describe('withdrawal', () => {
  const wireOrder = {
    id: 7,
    vat: 25,
    vat_total: 100,
    net_amount: 400,
    total: 500,
    articles: [],
    date: '2026-11-12T10:00:00.000Z',
    status: 'paid',
    withdrawal: {
      receivedDay: '2026-11-16',
      lastDay: '2026-11-30',
      extended: false,
      withdrawnAt: null,
      lines: [],
      withdrawals: [],
    },
    shipments: [],
  };
  const receipt = {
    orderId: 7,
    withdrawnAt: '2026-11-20T09:00:00.000Z',
    email: 'k@example.no',
    lines: [{ line: 0, count: 1 }],
    refund: 19900,
    shipping: 0,
  };

  it('asks by token or session in the address, by e-mail address only in a body', async () => {
    const { client, urls, bodies } = fakeApi({
      'GET /api/v1/orders/7/withdrawal': [200, wireOrder],
      'POST /api/v1/orders/7/withdrawal/lookup': [200, wireOrder],
    });
    expect((await withdrawalOrder(7, { token: 'abc' }, client)).id).toBe(7);
    expect((await withdrawalOrder(7, null, client)).id).toBe(7);
    expect((await withdrawalOrder(7, { email: 'k@example.no' }, client)).id).toBe(7);
    expect(urls).toEqual([
      '/api/v1/orders/7/withdrawal?token=abc',
      '/api/v1/orders/7/withdrawal',
      '/api/v1/orders/7/withdrawal/lookup',
    ]);
    expect(bodies).toEqual([{ email: 'k@example.no' }]);
  });

  it('withdraws with what the shopper has: the token, the address, or nothing', async () => {
    const { client, bodies } = fakeApi({
      'POST /api/v1/orders/7/withdrawal': [200, { ...receipt, id: 3 }],
    });
    for (const access of [{ token: 'abc' }, { email: 'k@example.no' }, null]) {
      expect(await withdrawOrder(7, access, null, 'key', client)).toEqual(receipt);
    }
    expect(bodies).toEqual([{ token: 'abc' }, { email: 'k@example.no' }, {}]);
  });

  it('names the chosen units, and sends the key that makes a retry count once', async () => {
    const { client, bodies, idempotencyKeys } = fakeApi({
      'POST /api/v1/orders/7/withdrawal': [200, { ...receipt, id: 3 }],
    });
    const lines = [{ line: 0, count: 1 }];
    await withdrawOrder(7, { token: 'abc' }, lines, 'key-1', client);
    expect(bodies).toEqual([{ token: 'abc', lines }]);
    expect(idempotencyKeys).toEqual(['key-1']);
  });
});
