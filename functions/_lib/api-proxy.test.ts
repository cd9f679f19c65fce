import { jwtVerify } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_PATH_PREFIXES,
  FUNCTION_ISSUER,
  PROXY_SIGNATURE_HEADER,
} from '../../contract/proxy.ts';
import { onRequest } from '../[[path]].ts';
import {
  MAX_BODY_BYTES,
  UPSTREAM_TIMEOUT_MS,
  proxyToApi,
  type ApiProxyEnv,
  type ApiProxyOptions,
} from './api-proxy.ts';

const BRAND = 'https://www.toppfart.no';
const API = 'https://api.example.no';
const SECRET = 'hemmelig-nøkkel-for-tester';
const ENV: ApiProxyEnv = { API_ORIGIN: API, API_PROXY_SECRET: SECRET };
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

const BAD_PATH = { message: 'Ugyldig adresse.' };
const NOT_CONFIGURED = {
  message: 'Nettbutikken får ikke kontakt med tjenestene sine akkurat nå. Prøv igjen om litt.',
};

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake upstream that records its calls and answers `answer()` (200 `{}` by default). */
function upstream(answer: (call: Call) => Response | Promise<Response> = () => Response.json({})) {
  const calls: Call[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
  return { calls, fetch, options: { fetch, now: () => NOW } satisfies ApiProxyOptions };
}

/** A request whose `url` is the given text exactly, as a runtime that does not normalise. */
function rawRequest(rawUrl: string): Request {
  const request = new Request(`${BRAND}/`);
  Object.defineProperty(request, 'url', { value: rawUrl });
  return request;
}

function sentHeaders(call: Call | undefined): Headers {
  return new Headers(call?.init.headers);
}

async function expectError(response: Response | null, status: number, body: unknown) {
  expect(response?.status).toBe(status);
  expect(response?.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response?.headers.get('cache-control')).toBe('no-store');
  expect(await response?.json()).toEqual(body);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('which paths are forwarded', () => {
  it.each(API_PATH_PREFIXES)(
    'forwards %s with its query to the same path at the API',
    async (prefix) => {
      const api = upstream();
      const response = await proxyToApi(
        new Request(`${BRAND}${prefix}some/path?tenant=toppfart&q=ull%20genser`),
        ENV,
        api.options,
      );
      expect(response?.status).toBe(200);
      expect(api.calls).toHaveLength(1);
      expect(api.calls[0]?.url).toBe(`${API}${prefix}some/path?tenant=toppfart&q=ull%20genser`);
      expect(api.calls[0]?.init.redirect).toBe('manual');
    },
  );

  it.each(['/', '/produkter/ull-genser', '/api', '/API/v1/x', '/apix/v1', '/_astro/app.js'])(
    'answers null for %s, which is not the API',
    async (path) => {
      const api = upstream();
      expect(await proxyToApi(new Request(`${BRAND}${path}`), ENV, api.options)).toBeNull();
      expect(api.calls).toHaveLength(0);
    },
  );

  it('answers null for a static path even when the proxy is not configured', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await proxyToApi(new Request(`${BRAND}/om-oss`), {})).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('keeps the API origin whatever the path, and uses the origin without its slash', async () => {
    const api = upstream();
    await proxyToApi(
      new Request(`${BRAND}/api/v1/x`),
      { ...ENV, API_ORIGIN: 'http://127.0.0.1:8787/' },
      api.options,
    );
    expect(api.calls[0]?.url).toBe('http://127.0.0.1:8787/api/v1/x');
  });
});

describe('paths that could escape their prefix', () => {
  // Each as the runtime hands it over (already normalised where the URL parser normalises).
  it.each([
    ['a double slash', '/api//evil.example/x'],
    ['an absolute URL in the path', '/api/v1/https://evil.example/steal'],
    ['a leading double slash after the prefix', '/images//evil.example/a.png'],
    ['an encoded backslash', '/api/v1/..%5cadmin'],
    ['an encoded backslash in capitals', '/osrm/%5Cx'],
    ['an encoded slash', '/api/v1/a%2fb'],
    ['an encoded slash in capitals', '/sanctum/..%2F..%2Fadmin'],
    ['an encoded dot', '/api/v1/x%2e%2e'],
    ['an encoded dot in capitals', '/providers/%2E%2E%2Fadmin'],
    ['an encoded NUL', '/api/v1/articles%00.json'],
    ['an encoded control character', '/address/x%0d%0aSet-Cookie:%20a=b'],
  ])('refuses %s (%s) without calling the API', async (_what, path) => {
    const api = upstream();
    const response = await proxyToApi(new Request(`${BRAND}${path}`), ENV, api.options);
    await expectError(response, 400, BAD_PATH);
    expect(api.calls).toHaveLength(0);
  });

  // The same escapes in raw form, as a runtime that did not normalise would hand them over.
  it.each([
    ['a dot-dot segment', '/api/../admin'],
    ['a dot-dot segment deeper down', '/api/v1/../../sanctum/x'],
    ['a dot segment', '/api/./v1/x'],
    ['a trailing dot-dot', '/images/..'],
    ['a backslash', '/api\\..\\admin'],
    ['a backslash inside', '/social/x\\y'],
    ['backslashes deeper down', '/api/v1\\..\\..\\admin'],
    ['an encoded dot-dot segment', '/api/%2e%2e/admin'],
    ['a mixed encoded dot-dot segment', '/api/.%2E/admin'],
    ['a raw NUL', '/api/v1/x\u0000y'],
    ['a raw control character', '/api/v1/x\u0001y'],
    ['a double slash', '/api//evil.example/x'],
  ])('refuses %s in the raw URL (%s) without calling the API', async (_what, path) => {
    const api = upstream();
    const response = await proxyToApi(rawRequest(`${BRAND}${path}`), ENV, api.options);
    await expectError(response, 400, BAD_PATH);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a raw static path that dot-dots into the API', async () => {
    const api = upstream();
    const response = await proxyToApi(rawRequest(`${BRAND}/x/../api/v1/x`), ENV, api.options);
    await expectError(response, 400, BAD_PATH);
    expect(api.calls).toHaveLength(0);
  });

  it('leaves a normalised escape out of the API (the parser resolved it to a static path)', async () => {
    const api = upstream();
    const request = new Request(`${BRAND}/api/v1/../../admin`);
    expect(new URL(request.url).pathname).toBe('/admin');
    expect(await proxyToApi(request, ENV, api.options)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('forwards a normalised dot-dot that stays inside the API as the normalised path', async () => {
    const api = upstream();
    await proxyToApi(new Request(`${BRAND}/api/v1/x/../articles`), ENV, api.options);
    expect(api.calls[0]?.url).toBe(`${API}/api/v1/articles`);
  });

  it('lets dots inside a segment and an encoded character pass', async () => {
    const api = upstream();
    await proxyToApi(new Request(`${BRAND}/images/p/123.v2.webp?w=640`), ENV, api.options);
    await proxyToApi(new Request(`${BRAND}/api/v1/search/%C3%A6rfugl`), ENV, api.options);
    expect(api.calls.map((call) => call.url)).toEqual([
      `${API}/images/p/123.v2.webp?w=640`,
      `${API}/api/v1/search/%C3%A6rfugl`,
    ]);
  });

  it('does not check the query string', async () => {
    const api = upstream();
    await proxyToApi(new Request(`${BRAND}/api/v1/x?next=//a/../b%2f`), ENV, api.options);
    expect(api.calls[0]?.url).toBe(`${API}/api/v1/x?next=//a/../b%2f`);
  });
});

describe('request headers', () => {
  it('forwards the browser’s headers and drops forged addresses and signatures', async () => {
    const api = upstream();
    await proxyToApi(
      new Request(`${BRAND}/api/v1/cart`, {
        headers: {
          Cookie: 'storefront_session=abc; XSRF-TOKEN=tok',
          'X-XSRF-TOKEN': 'tok',
          'X-Requested-With': 'XMLHttpRequest',
          Accept: 'application/json',
          'Idempotency-Key': 'k-1',
          Authorization: 'Bearer t',
          'CF-Connecting-IP': '203.0.113.7',
          'CF-IPCountry': 'NO',
          'CF-Ray': 'ray',
          'X-Forwarded-For': '10.9.9.9, 1.2.3.4',
          'X-Forwarded-Proto': 'http',
          'X-Forwarded-Host': 'evil.example',
          'X-Forwarded-Port': '80',
          Forwarded: 'for=1.2.3.4',
          'X-Real-IP': '1.2.3.4',
          'True-Client-IP': '1.2.3.4',
          [PROXY_SIGNATURE_HEADER]: 'forged.jwt.value',
          'X-NF-Client-Connection-IP': '1.2.3.4',
          Host: 'evil.example',
        },
      }),
      ENV,
      api.options,
    );
    const sent = sentHeaders(api.calls[0]);
    expect(sent.get('cookie')).toBe('storefront_session=abc; XSRF-TOKEN=tok');
    expect(sent.get('x-xsrf-token')).toBe('tok');
    expect(sent.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(sent.get('accept')).toBe('application/json');
    expect(sent.get('idempotency-key')).toBe('k-1');
    expect(sent.get('authorization')).toBe('Bearer t');
    expect(sent.get('x-forwarded-for')).toBe('203.0.113.7');
    expect(sent.get('x-forwarded-proto')).toBe('https');
    expect(sent.get('x-forwarded-host')).toBe('www.toppfart.no');
    for (const name of [
      'cf-connecting-ip',
      'cf-ipcountry',
      'cf-ray',
      'x-forwarded-port',
      'forwarded',
      'x-real-ip',
      'true-client-ip',
      'x-nf-client-connection-ip',
      'host',
    ]) {
      expect(sent.has(name), name).toBe(false);
    }
    expect(sent.get(PROXY_SIGNATURE_HEADER)).not.toBe('forged.jwt.value');
  });

  it('sends no X-Forwarded-For and no client_ip when the shopper’s address is unknown', async () => {
    const api = upstream();
    await proxyToApi(
      new Request('http://localhost:8788/api/v1/x', { headers: { 'X-Forwarded-For': '1.2.3.4' } }),
      ENV,
      api.options,
    );
    const sent = sentHeaders(api.calls[0]);
    expect(sent.has('x-forwarded-for')).toBe(false);
    expect(sent.get('x-forwarded-proto')).toBe('http');
    expect(sent.get('x-forwarded-host')).toBe('localhost:8788');
    const { payload } = await jwtVerify(
      sent.get(PROXY_SIGNATURE_HEADER) ?? '',
      new TextEncoder().encode(SECRET),
      { currentDate: new Date(NOW) },
    );
    expect(payload['client_ip']).toBeUndefined();
    expect(payload['site_url']).toBe('http://localhost:8788');
  });

  it('drops hop-by-hop headers and those Connection names', async () => {
    const api = upstream();
    await proxyToApi(
      new Request(`${BRAND}/api/v1/x`, {
        headers: {
          Connection: 'keep-alive, X-Secret-Hop',
          'Keep-Alive': 'timeout=5',
          'X-Secret-Hop': '1',
          TE: 'trailers',
          Trailer: 'Expires',
          Upgrade: 'websocket',
          'Proxy-Authorization': 'Basic x',
          'Proxy-Authenticate': 'Basic',
          'X-Kept': 'yes',
        },
      }),
      ENV,
      api.options,
    );
    const sent = sentHeaders(api.calls[0]);
    for (const name of [
      'connection',
      'keep-alive',
      'x-secret-hop',
      'te',
      'trailer',
      'upgrade',
      'proxy-authorization',
      'proxy-authenticate',
      'transfer-encoding',
    ]) {
      expect(sent.has(name), name).toBe(false);
    }
    expect(sent.get('x-kept')).toBe('yes');
  });
});

describe('the signature', () => {
  async function signatureOf(request: Request): Promise<string> {
    const api = upstream();
    await proxyToApi(request, ENV, api.options);
    const token = sentHeaders(api.calls[0]).get(PROXY_SIGNATURE_HEADER);
    expect(token).toBeTruthy();
    return token ?? '';
  }

  it('verifies with the secret and says who, where from and for whom', async () => {
    const token = await signatureOf(
      new Request(`${BRAND}/api/v1/x`, { headers: { 'CF-Connecting-IP': '2001:db8::7' } }),
    );
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      issuer: FUNCTION_ISSUER,
      currentDate: new Date(NOW + 30_000),
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toEqual({
      iss: FUNCTION_ISSUER,
      site_url: BRAND,
      client_ip: '2001:db8::7',
      iat: NOW / 1000,
      exp: NOW / 1000 + 60,
    });
  });

  it('does not verify with another secret', async () => {
    const token = await signatureOf(new Request(`${BRAND}/api/v1/x`));
    await expect(
      jwtVerify(token, new TextEncoder().encode('en annen nøkkel'), {
        currentDate: new Date(NOW),
      }),
    ).rejects.toThrow();
  });

  it('is expired after 60 seconds', async () => {
    const token = await signatureOf(new Request(`${BRAND}/api/v1/x`));
    await expect(
      jwtVerify(token, new TextEncoder().encode(SECRET), { currentDate: new Date(NOW + 61_000) }),
    ).rejects.toThrow(/exp/);
  });

  it('signs with the new secret when the secret changes', async () => {
    const api = upstream();
    await proxyToApi(new Request(`${BRAND}/api/v1/x`), ENV, api.options);
    await proxyToApi(
      new Request(`${BRAND}/api/v1/x`),
      { ...ENV, API_PROXY_SECRET: 'ny' },
      api.options,
    );
    const second = sentHeaders(api.calls[1]).get(PROXY_SIGNATURE_HEADER) ?? '';
    await expect(
      jwtVerify(second, new TextEncoder().encode('ny'), { currentDate: new Date(NOW) }),
    ).resolves.toBeTruthy();
  });
});

describe('bodies', () => {
  it('forwards the method and body of a POST', async () => {
    const api = upstream(() => new Response('{"id":7}', { status: 201 }));
    const response = await proxyToApi(
      new Request(`${BRAND}/api/v1/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': '13' },
        body: '{"qty":"2 ø"}',
      }),
      ENV,
      api.options,
    );
    expect(response?.status).toBe(201);
    expect(await response?.text()).toBe('{"id":7}');
    const call = api.calls[0];
    expect(call?.init.method).toBe('POST');
    expect(new TextDecoder().decode(call?.init.body as Uint8Array)).toBe('{"qty":"2 ø"}');
    expect(sentHeaders(call).get('content-type')).toBe('application/json');
    expect(sentHeaders(call).has('content-length')).toBe(false);
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('forwards %s with its body', async (method) => {
    const api = upstream();
    await proxyToApi(new Request(`${BRAND}/api/v1/x`, { method, body: 'a=1' }), ENV, api.options);
    expect(api.calls[0]?.init.method).toBe(method);
    expect(new TextDecoder().decode(api.calls[0]?.init.body as Uint8Array)).toBe('a=1');
  });

  it.each(['GET', 'HEAD'])('sends no body with %s', async (method) => {
    const api = upstream();
    await proxyToApi(new Request(`${BRAND}/api/v1/x`, { method }), ENV, api.options);
    expect(api.calls[0]?.init.method).toBe(method);
    expect(api.calls[0]?.init.body).toBeNull();
  });

  it('forwards a body of exactly the limit', async () => {
    const api = upstream();
    await proxyToApi(
      new Request(`${BRAND}/api/v1/x`, { method: 'POST', body: new Uint8Array(MAX_BODY_BYTES) }),
      ENV,
      api.options,
    );
    expect((api.calls[0]?.init.body as Uint8Array).byteLength).toBe(MAX_BODY_BYTES);
  });

  it('answers 413 when Content-Length is over the limit, without reading the body', async () => {
    const api = upstream();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.close();
      },
    });
    const request = new Request(`${BRAND}/api/v1/x`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'Content-Length': String(MAX_BODY_BYTES + 1) },
    } as RequestInit);
    const response = await proxyToApi(request, ENV, api.options);
    await expectError(response, 413, { message: 'Forespørselen er for stor.' });
    expect(api.calls).toHaveLength(0);
    expect(request.bodyUsed).toBe(false);
  });

  it('answers 413 when a streamed body grows past the limit, and stops reading it', async () => {
    const api = upstream();
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Would go on for ever: only the proxy's count can stop it.
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request(`${BRAND}/api/v1/x`, {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.has('content-length')).toBe(false);
    const response = await proxyToApi(request, ENV, api.options);
    await expectError(response, 413, { message: 'Forespørselen er for stor.' });
    expect(api.calls).toHaveLength(0);
    expect(cancelled).toBe(true);
    expect(sent).toBeLessThanOrEqual(MAX_BODY_BYTES + 3 * chunk.byteLength);
  });
});

describe('answers', () => {
  it('passes status and body through as a stream', async () => {
    let enqueue: (text: string) => void = () => undefined;
    let close: () => void = () => undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        enqueue = (text) => controller.enqueue(new TextEncoder().encode(text));
        close = () => controller.close();
      },
    });
    const api = upstream(
      () =>
        new Response(stream, {
          status: 404,
          headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=60' },
        }),
    );
    const response = await proxyToApi(new Request(`${BRAND}/api/v1/x`), ENV, api.options);
    // Answered before the API has finished its body: nothing was buffered.
    expect(response?.status).toBe(404);
    expect(response?.headers.get('content-type')).toBe('application/json');
    enqueue('{"message":');
    enqueue('"Fant ikke."}');
    close();
    expect(await response?.json()).toEqual({ message: 'Fant ikke.' });
  });

  it('drops hop-by-hop headers and those Connection names', async () => {
    const api = upstream(
      () =>
        new Response('x', {
          headers: {
            Connection: 'close, X-Hop',
            'Keep-Alive': 'timeout=5',
            'X-Hop': '1',
            Trailer: 'Expires',
            Upgrade: 'h2c',
            'Proxy-Authenticate': 'Basic',
            'X-Kept': 'yes',
            'Cache-Control': 'public, max-age=60',
          },
        }),
    );
    const response = await proxyToApi(new Request(`${BRAND}/api/v1/x`), ENV, api.options);
    for (const name of ['connection', 'keep-alive', 'x-hop', 'trailer', 'upgrade']) {
      expect(response?.headers.has(name), name).toBe(false);
    }
    expect(response?.headers.has('proxy-authenticate')).toBe(false);
    expect(response?.headers.get('x-kept')).toBe('yes');
  });

  function withCookies(cookies: string[], cacheControl?: string) {
    return upstream(() => {
      const headers = new Headers();
      for (const cookie of cookies) headers.append('Set-Cookie', cookie);
      if (cacheControl !== undefined) headers.set('Cache-Control', cacheControl);
      return new Response(null, { status: 204, headers });
    });
  }

  it('gives cookies to the brand’s domain and makes them Secure over https', async () => {
    const api = withCookies([
      'storefront_session=abc; Domain=api.example.no; Path=/; HttpOnly; SameSite=Lax',
      'XSRF-TOKEN=tok; path=/; domain=.example.no; samesite=lax',
      'already=1; Path=/; Secure',
    ]);
    const response = await proxyToApi(
      new Request(`${BRAND}/sanctum/csrf-cookie`),
      ENV,
      api.options,
    );
    expect(response?.headers.getSetCookie()).toEqual([
      'storefront_session=abc; Path=/; HttpOnly; SameSite=Lax; Secure',
      'XSRF-TOKEN=tok; path=/; samesite=lax; Secure',
      'already=1; Path=/; Secure',
    ]);
  });

  it('adds no Secure over http and leaves one that is there', async () => {
    const api = withCookies(['a=1; Domain=api.example.no; Path=/', 'b=2; Secure; Path=/']);
    const response = await proxyToApi(
      new Request('http://localhost:8788/sanctum/csrf-cookie'),
      ENV,
      api.options,
    );
    expect(response?.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Secure; Path=/']);
  });

  it.each([
    [`${API}/providers/vipps/return?order=7`, `${BRAND}/providers/vipps/return?order=7`],
    [`${API}/api/v1/x#frag`, `${BRAND}/api/v1/x#frag`],
    ['//api.example.no/images/a.png', `${BRAND}/images/a.png`],
    ['/kasse/kvittering?ordre=7', '/kasse/kvittering?ordre=7'],
    ['https://betaling.example.com/pay?id=1', 'https://betaling.example.com/pay?id=1'],
    ['http://api.example.no/x', 'http://api.example.no/x'],
  ])('answers Location %s as %s', async (location, expected) => {
    const api = upstream(
      () => new Response(null, { status: 302, headers: { Location: location } }),
    );
    const response = await proxyToApi(new Request(`${BRAND}/providers/x`), ENV, api.options);
    expect(response?.status).toBe(302);
    expect(response?.headers.get('location')).toBe(expected);
  });

  it.each<[string, string[], string | undefined, string]>([
    ['public without cookies', [], 'public, max-age=300', 'public, max-age=300'],
    ['private without cookies', [], 'private, max-age=60', 'private, max-age=60'],
    ['no-store without cookies', [], 'no-store', 'no-store'],
    ['missing without cookies', [], undefined, 'private, no-store'],
    ['missing with a cookie', ['a=1'], undefined, 'private, no-store'],
    ['public with a cookie', ['a=1'], 'public, max-age=300', 'private, max-age=300'],
    ['PUBLIC with a cookie', ['a=1'], 'max-age=300, PUBLIC', 'max-age=300, private'],
    ['shared-cacheable with a cookie', ['a=1'], 'max-age=300', 'private, max-age=300'],
    ['no-store with a cookie', ['a=1'], 'no-store', 'no-store'],
  ])('Cache-Control %s', async (_what, cookies, given, expected) => {
    const api = withCookies(cookies, given);
    const response = await proxyToApi(new Request(`${BRAND}/api/v1/x`), ENV, api.options);
    expect(response?.headers.get('cache-control')).toBe(expected);
  });
});

describe('configuration', () => {
  it.each<[string, ApiProxyEnv, RegExp]>([
    ['no API_ORIGIN', { API_PROXY_SECRET: SECRET }, /API_ORIGIN is missing/],
    ['an empty API_ORIGIN', { API_ORIGIN: ' ', API_PROXY_SECRET: SECRET }, /API_ORIGIN is missing/],
    [
      'a relative API_ORIGIN',
      { API_ORIGIN: 'api.example.no', API_PROXY_SECRET: SECRET },
      /API_ORIGIN is not/,
    ],
    [
      'a schemeless-slash API_ORIGIN',
      { API_ORIGIN: 'https:api.example.no', API_PROXY_SECRET: SECRET },
      /API_ORIGIN is not/,
    ],
    [
      'an ftp API_ORIGIN',
      { API_ORIGIN: 'ftp://api.example.no', API_PROXY_SECRET: SECRET },
      /API_ORIGIN is not/,
    ],
    [
      'an unparsable API_ORIGIN',
      { API_ORIGIN: 'https://', API_PROXY_SECRET: SECRET },
      /API_ORIGIN is not/,
    ],
    [
      'an API_ORIGIN with a path',
      { API_ORIGIN: `${API}/api/v1`, API_PROXY_SECRET: SECRET },
      /API_ORIGIN has a path \(\/api\/v1\)/,
    ],
    [
      'an API_ORIGIN with a query',
      { API_ORIGIN: `${API}/?x=1`, API_PROXY_SECRET: SECRET },
      /API_ORIGIN has a query/,
    ],
    [
      'an API_ORIGIN with credentials',
      { API_ORIGIN: 'https://u:p@api.example.no', API_PROXY_SECRET: SECRET },
      /API_ORIGIN has credentials/,
    ],
    ['no API_PROXY_SECRET', { API_ORIGIN: API }, /API_PROXY_SECRET is missing/],
    [
      'an empty API_PROXY_SECRET',
      { API_ORIGIN: API, API_PROXY_SECRET: '' },
      /API_PROXY_SECRET is missing/,
    ],
  ])('answers 503 for %s and logs one line naming it', async (_what, env, logged) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = upstream();
    const response = await proxyToApi(new Request(`${BRAND}/api/v1/x`), env, api.options);
    await expectError(response, 503, NOT_CONFIGURED);
    expect(api.calls).toHaveLength(0);
    expect(error).toHaveBeenCalledTimes(1);
    const line = String(error.mock.calls[0]?.[0]);
    expect(line).toMatch(logged);
    expect(line).not.toContain('\n');
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain('u:p');
  });

  it('names both variables in its one line when both are wrong', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expectError(await proxyToApi(new Request(`${BRAND}/api/v1/x`), {}), 503, NOT_CONFIGURED);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toMatch(/API_ORIGIN.*API_PROXY_SECRET/);
  });
});

describe('an API that fails', () => {
  it('answers 502 when the API cannot be reached', async () => {
    const api = upstream(() => {
      throw new TypeError('fetch failed');
    });
    const response = await proxyToApi(new Request(`${BRAND}/api/v1/x`), ENV, api.options);
    await expectError(response, 502, {
      message: 'Tjenesten svarer ikke akkurat nå. Prøv igjen om litt.',
    });
  });

  it('answers 504 when the API does not answer in time, and aborts the call', async () => {
    let aborted = false;
    const fetch = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(init.signal?.reason);
        });
      });
    const response = await proxyToApi(new Request(`${BRAND}/api/v1/x`), ENV, {
      fetch,
      timeoutMs: 5,
    });
    await expectError(response, 504, {
      message: 'Tjenesten brukte for lang tid på å svare. Prøv igjen om litt.',
    });
    expect(aborted).toBe(true);
  });

  it('waits 25 seconds by default', () => {
    expect(UPSTREAM_TIMEOUT_MS).toBe(25_000);
  });

  it('does not abort an answer that began in time while its body streams', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let signal: AbortSignal | undefined;
    const api = upstream((call) => {
      signal = call.init.signal ?? undefined;
      return new Response('ok');
    });
    const response = await proxyToApi(new Request(`${BRAND}/api/v1/x`), ENV, api.options);
    vi.advanceTimersByTime(UPSTREAM_TIMEOUT_MS * 2);
    expect(signal?.aborted).toBe(false);
    expect(await response?.text()).toBe('ok');
  });
});

describe('the Pages Function', () => {
  it('serves the static file for a path that is not the API', async () => {
    const next = vi.fn(() => Promise.resolve(new Response('static')));
    const response = await onRequest({ request: new Request(`${BRAND}/om-oss`), env: ENV, next });
    expect(await response.text()).toBe('static');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('answers an API path itself', async () => {
    const next = vi.fn(() => Promise.resolve(new Response('static')));
    const response = await onRequest({
      request: new Request(`${BRAND}/api//x`),
      env: ENV,
      next,
    });
    expect(response.status).toBe(400);
    expect(next).not.toHaveBeenCalled();
  });
});
