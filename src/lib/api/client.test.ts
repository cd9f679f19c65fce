import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, csrfCookieURL, defaultBaseURL } from './client.ts';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
  credentials: RequestCredentials | undefined;
}

/** A fake fetch that records calls and answers from a queue (last answer repeats). */
function fakeFetch(...answers: Array<() => Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
      credentials: init?.credentials,
    });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (!answer) throw new TypeError('fetch failed');
    return answer();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json =
  (status: number, body: unknown): (() => Response) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
const empty =
  (status: number): (() => Response) =>
  () =>
    new Response(null, { status });

const BASE = 'http://api.test/api/v1';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('createApiClient', () => {
  it("sends its own headers with every request (a preview build's moment and token)", async () => {
    const { fetch, calls } = fakeFetch(json(200, []));
    const client = createApiClient({
      baseURL: BASE,
      fetch,
      readToken: () => 'tok',
      headers: { 'X-Preview-At': '2026-12-01T06:00:00.000Z', Authorization: 'Bearer hemmelig' },
    });
    await client.get('campaigns/');
    expect(calls[0]?.headers.get('X-Preview-At')).toBe('2026-12-01T06:00:00.000Z');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer hemmelig');
    expect(calls[0]?.headers.get('Accept')).toBe('application/json');
  });

  it('sends the XHR marker, accepts JSON, includes cookies and joins base, path and query', async () => {
    const { fetch, calls } = fakeFetch(json(200, [{ id: 1 }]));
    const client = createApiClient({ baseURL: BASE, fetch, readToken: () => 'tok' });
    await expect(
      client.get('categories', { page: 2, per_page: 20, genders: undefined }),
    ).resolves.toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('http://api.test/api/v1/categories?page=2&per_page=20');
    expect(call?.method).toBe('GET');
    expect(call?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(call?.headers.get('accept')).toBe('application/json');
    expect(call?.credentials).toBe('include');
    // The token is for unsafe methods only.
    expect(call?.headers.has('x-xsrf-token')).toBe(false);
  });

  it('sends the token and a JSON body on POST, PUT and DELETE', async () => {
    const { fetch, calls } = fakeFetch(json(200, { ok: true }));
    const client = createApiClient({ baseURL: BASE, fetch, readToken: () => 'a+b/c=' });
    await client.post('articles/search', { query: 'jakke', take: 1000, page: 0 });
    await client.put('customers/9', { phone: '91234567' });
    await client.delete('customers/9');
    expect(calls.map((c) => c.method)).toEqual(['POST', 'PUT', 'DELETE']);
    for (const call of calls) expect(call.headers.get('x-xsrf-token')).toBe('a+b/c=');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ query: 'jakke', take: 1000, page: 0 });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads the token again for every request', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    let token = 'one';
    const client = createApiClient({ baseURL: BASE, fetch, readToken: () => token });
    await client.post('customers/logout');
    token = 'two';
    await client.post('customers/logout');
    expect(calls.map((c) => c.headers.get('x-xsrf-token'))).toEqual(['one', 'two']);
  });

  it('fetches the csrf cookie before its first unsafe request without a token', async () => {
    let token: string | null = null;
    const { fetch, calls } = fakeFetch(
      () => {
        token = 't1';
        return empty(204)();
      },
      json(200, {}),
    );
    const client = createApiClient({ baseURL: BASE, fetch, readToken: () => token });
    await client.post('articles/search', { query: 'ull' });
    await client.post('articles/search', { query: 'ull' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET http://api.test/sanctum/csrf-cookie',
      'POST http://api.test/api/v1/articles/search',
      'POST http://api.test/api/v1/articles/search',
    ]);
    expect(calls[1]?.headers.get('x-xsrf-token')).toBe('t1');
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs a missing token once and still sends the request', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    const client = createApiClient({
      baseURL: BASE,
      fetch,
      readToken: () => null,
      cookieJar: false,
    });
    await client.post('customers/logout');
    await client.post('customers/logout');
    // One attempt at getting a token, then the requests go without one.
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'POST']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Missing XSRF token');
  });

  it('on 419 fetches the csrf cookie once and retries once', async () => {
    const { fetch, calls } = fakeFetch(
      json(419, { message: 'CSRF token mismatch.' }),
      empty(204),
      json(200, { id: 9 }),
    );
    const client = createApiClient({ baseURL: BASE, fetch, readToken: () => 't' });
    await expect(
      client.post('customers/login', { email: 'a@b.no', password: 'x' }),
    ).resolves.toEqual({
      id: 9,
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST http://api.test/api/v1/customers/login',
      'GET http://api.test/sanctum/csrf-cookie',
      'POST http://api.test/api/v1/customers/login',
    ]);
    expect(calls[1]?.credentials).toBe('include');
    expect(calls[2]?.body).toBe(calls[0]?.body);
  });

  it('keeps cookies itself where no browser does, and echoes the token from them', async () => {
    const withCookies = (): Response => {
      const headers = new Headers({ 'content-type': 'application/json' });
      headers.append('set-cookie', 'storefront_session=s1; Path=/; HttpOnly');
      headers.append('set-cookie', 'XSRF-TOKEN=abc%2B%3D; Path=/');
      return new Response(null, { status: 204, headers });
    };
    const { fetch, calls } = fakeFetch(withCookies, json(200, {}));
    const client = createApiClient({ baseURL: BASE, fetch, cookieJar: true });
    await client.post('articles/search', { query: 'ull', take: 1, page: 0 });
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST']);
    expect(calls[0]?.headers.has('cookie')).toBe(false);
    expect(calls[1]?.headers.get('cookie')).toBe('storefront_session=s1; XSRF-TOKEN=abc%2B%3D');
    expect(calls[1]?.headers.get('x-xsrf-token')).toBe('abc+=');
  });

  it('forgets a cookie the server expires, and sends none without a jar', async () => {
    const setting = (line: string) => (): Response => {
      const headers = new Headers({ 'content-type': 'application/json' });
      headers.append('set-cookie', line);
      return new Response('{}', { status: 200, headers });
    };
    const jarred = fakeFetch(setting('a=1'), setting('a=; Max-Age=0'), json(200, {}));
    const client = createApiClient({ baseURL: BASE, fetch: jarred.fetch, cookieJar: true });
    await client.get('x');
    await client.get('x');
    await client.get('x');
    expect(jarred.calls.map((c) => c.headers.get('cookie'))).toEqual([null, 'a=1', null]);

    const plain = fakeFetch(setting('a=1'));
    const browserLike = createApiClient({ baseURL: BASE, fetch: plain.fetch, cookieJar: false });
    await browserLike.get('x');
    await browserLike.get('x');
    expect(plain.calls.map((c) => c.headers.get('cookie'))).toEqual([null, null]);
  });

  it('gives up after a second 419', async () => {
    const { fetch, calls } = fakeFetch(
      json(419, { message: 'Page Expired' }),
      empty(204),
      json(419, { message: 'Page Expired' }),
    );
    const client = createApiClient({ baseURL: BASE, fetch, readToken: () => 't' });
    const error = await client.post('customers/logout').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 419, message: 'Page Expired' });
    expect(calls).toHaveLength(3);
  });

  it('parses Laravel error bodies into status, message and errors', async () => {
    const body = { message: 'The given data was invalid.', errors: { first_name: ['Required'] } };
    const { fetch } = fakeFetch(json(422, body));
    const client = createApiClient({ baseURL: BASE, fetch, readToken: () => 't' });
    const error = (await client.put('customers/9', {}).catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('The given data was invalid.');
    expect(error.errors).toEqual({ first_name: ['Required'] });
    expect(error.data).toEqual(body);
  });

  it.each([
    [404, json(404, { message: 'Article not found.' }), 'Article not found.'],
    [500, () => new Response('oops', { status: 500 }), undefined],
  ])(
    'turns a %i answer into an ApiRequestError without retrying',
    async (status, answer, message) => {
      const { fetch, calls } = fakeFetch(answer);
      const client = createApiClient({ baseURL: BASE, fetch });
      const error = (await client.get('articles/1').catch((e: unknown) => e)) as ApiRequestError;
      expect(error.status).toBe(status);
      if (message) expect(error.message).toBe(message);
      expect(error.errors).toEqual({});
      expect(calls).toHaveLength(1);
    },
  );

  it('sends a GET that got no answer once more, but never a POST', async () => {
    const dropped = () => {
      throw new TypeError('fetch failed');
    };
    const get = fakeFetch(dropped, json(200, [{ id: 1 }]));
    const client = createApiClient({ baseURL: BASE, fetch: get.fetch });
    await expect(client.get('shops')).resolves.toEqual([{ id: 1 }]);
    expect(get.calls).toHaveLength(2);

    const post = fakeFetch(dropped, json(200, {}));
    const poster = createApiClient({ baseURL: BASE, fetch: post.fetch, readToken: () => 't' });
    await expect(poster.post('reservations', {})).rejects.toMatchObject({ status: 0 });
    expect(post.calls).toHaveLength(1);
  });

  it('reports a network failure as status 0', async () => {
    const { fetch } = fakeFetch();
    const client = createApiClient({ baseURL: BASE, fetch });
    await expect(client.get('shops')).rejects.toMatchObject({ name: 'ApiRequestError', status: 0 });
  });

  it('resolves a 204 as undefined', async () => {
    const { fetch } = fakeFetch(empty(204));
    const client = createApiClient({ baseURL: BASE, fetch });
    await expect(client.get('customers/current')).resolves.toBeUndefined();
  });
});

describe('base URLs', () => {
  it.each([
    ['http://api.test/api/v1', 'http://api.test/sanctum/csrf-cookie'],
    ['http://127.0.0.1:8787/api/v1/', 'http://127.0.0.1:8787/sanctum/csrf-cookie'],
    ['/api/v1', '/sanctum/csrf-cookie'],
  ])('csrf cookie for %s is %s', (base, expected) => {
    expect(csrfCookieURL(base)).toBe(expected);
  });

  it('uses API_URL at build time, else the local reference backend', () => {
    vi.stubEnv('API_URL', 'http://chain.example/api/v1');
    expect(defaultBaseURL()).toBe('http://chain.example/api/v1');
    vi.stubEnv('API_URL', '');
    expect(defaultBaseURL()).toBe('http://127.0.0.1:8787/api/v1');
  });

  it('uses the same-origin /api/v1 in the browser, whatever API_URL says', () => {
    vi.stubEnv('API_URL', 'http://chain.example/api/v1');
    vi.stubGlobal('window', {});
    expect(defaultBaseURL()).toBe('/api/v1');
  });
});
