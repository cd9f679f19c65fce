import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { ApiHttpError } from './errors.ts';
import {
  DEFAULT_RATE_LIMITS,
  type RateLimits,
  RequestLimiter,
  TOO_MANY_REQUESTS,
  parseRateLimit,
  rateLimitsFromEnv,
} from './rate-limit.ts';
import { NETLIFY_CLIENT_IP_HEADER, PROXY_SIGNATURE_HEADER } from '../../contract/proxy.ts';
import { fromSocket } from '../test-support/socket-bindings.ts';
import {
  TEST_PROXY_SECRET,
  proxySignature,
  unsignedProxyToken,
} from '../test-support/proxy-signature.ts';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const LIMITS: RateLimits = {
  search: { requests: 3, seconds: 60 },
  unsafe: { requests: 2, seconds: 60 },
};

describe('request limits through createApp', () => {
  let db: DatabaseSync;
  let app: ReturnType<typeof createApp>;
  const post = (path: string, address = '198.51.100.7') =>
    app.request(path, { method: 'POST', body: '{}' }, fromSocket(address));
  const sessions = () =>
    (db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    db = openDatabase(':memory:');
    app = createApp({ db, now: () => NOW, rateLimits: LIMITS });
  });
  afterEach(() => {
    vi.useRealTimers();
    db.close();
  });

  it('answers 429 with Retry-After past the limit, and serves again after the window', async () => {
    expect((await post('/api/v1/reservations')).status).toBe(419);
    expect((await post('/api/v1/reservations')).status).toBe(419);
    const refused = await post('/api/v1/reservations');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: TOO_MANY_REQUESTS });
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(refused.headers.get('Cache-Control')).toBe('no-store');

    vi.setSystemTime(NOW.getTime() + 45_000);
    expect((await post('/api/v1/polls/questions/1/answers')).headers.get('Retry-After')).toBe('15');
    vi.setSystemTime(NOW.getTime() + 60_001);
    expect((await post('/api/v1/reservations')).status).toBe(419);
  });

  it('starts no session for a refused request', async () => {
    await post('/api/v1/reservations');
    await post('/api/v1/reservations');
    const before = sessions();
    for (let i = 0; i < 20; i++) expect((await post('/api/v1/reservations')).status).toBe(429);
    expect(sessions()).toBe(before);
  });

  it('counts search apart from the other unsafe requests', async () => {
    for (const path of [
      '/api/v1/articles/search',
      '/api/v1/articles/searchids',
      '/api/v1/articles/search',
    ]) {
      expect((await post(path)).status).toBe(419);
    }
    expect((await post('/api/v1/articles/searchids')).status).toBe(429);
    expect((await post('/api/v1/reservations')).status).toBe(419);
  });

  it('counts each client apart', async () => {
    await post('/api/v1/reservations', '198.51.100.7');
    await post('/api/v1/reservations', '198.51.100.7');
    expect((await post('/api/v1/reservations', '198.51.100.7')).status).toBe(429);
    expect((await post('/api/v1/reservations', '198.51.100.8')).status).toBe(419);
    expect((await post('/api/v1/reservations', '2001:db8::1')).status).toBe(419);
    // A dual-stack socket's spelling of the same IPv4 client shares its count.
    expect((await post('/api/v1/reservations', '::ffff:198.51.100.7')).status).toBe(429);
  });

  describe('behind the brand’s signed proxy', () => {
    // Every request below reaches the API from the proxy's one address.
    const PROXY_SOCKET = '192.0.2.10';
    const send = (headers: Record<string, string>) =>
      app.request(
        '/api/v1/reservations',
        { method: 'POST', body: '{}', headers },
        fromSocket(PROXY_SOCKET),
      );
    const signed = async (
      options: Parameters<typeof proxySignature>[0],
      extra: Record<string, string> = {},
    ) =>
      send({ [PROXY_SIGNATURE_HEADER]: await proxySignature({ now: NOW, ...options }), ...extra });

    beforeEach(() => {
      app = createApp({ db, now: () => NOW, rateLimits: LIMITS, proxySecret: TEST_PROXY_SECRET });
    });

    it('counts each signed client_ip apart, and the same one together', async () => {
      expect((await signed({ client_ip: '203.0.113.1' })).status).toBe(419);
      expect((await signed({ client_ip: '203.0.113.1' })).status).toBe(419);
      expect((await signed({ client_ip: '203.0.113.1' })).status).toBe(429);
      expect((await signed({ client_ip: '203.0.113.2' })).status).toBe(419);
      expect((await signed({ client_ip: '203.0.113.2', iss: 'netlify' })).status).toBe(419);
      expect((await signed({ client_ip: '203.0.113.2' })).status).toBe(429);
      // Neither counted against the proxy's own address.
      expect((await send({})).status).toBe(419);
    });

    it('counts by Netlify’s client header when the claims have no client_ip', async () => {
      const from = (ip: string) => ({ [NETLIFY_CLIENT_IP_HEADER]: ip });
      expect((await signed({ iss: 'netlify' }, from('203.0.113.3'))).status).toBe(419);
      expect((await signed({ iss: 'netlify' }, from('203.0.113.3'))).status).toBe(419);
      expect((await signed({ iss: 'netlify' }, from('203.0.113.3'))).status).toBe(429);
      expect((await signed({ iss: 'netlify' }, from('203.0.113.4'))).status).toBe(419);
    });

    it('counts forged addresses without a good signature as the socket', async () => {
      const forged = (n: number) => ({
        'X-Forwarded-For': `203.0.113.${String(n)}`,
        [NETLIFY_CLIENT_IP_HEADER]: `203.0.113.${String(n)}`,
      });
      const bad = [
        async () => ({}),
        async () => ({
          [PROXY_SIGNATURE_HEADER]: await proxySignature({ now: NOW, secret: 'guessed' }),
        }),
        async () => ({
          [PROXY_SIGNATURE_HEADER]: await proxySignature({ now: NOW, expiresIn: -60 }),
        }),
        async () => ({
          [PROXY_SIGNATURE_HEADER]: await proxySignature({ now: NOW, iss: 'anyone' }),
        }),
        async () => ({
          [PROXY_SIGNATURE_HEADER]: await proxySignature({ now: NOW, alg: 'HS384' }),
        }),
        async () => ({ [PROXY_SIGNATURE_HEADER]: unsignedProxyToken(NOW) }),
      ];
      for (const [i, headers] of bad.entries()) {
        app = createApp({ db, now: () => NOW, rateLimits: LIMITS, proxySecret: TEST_PROXY_SECRET });
        expect((await send({ ...forged(10 + i), ...(await headers()) })).status, String(i)).toBe(
          419,
        );
        expect((await send({ ...forged(20 + i), ...(await headers()) })).status, String(i)).toBe(
          419,
        );
        expect((await send({ ...forged(30 + i), ...(await headers()) })).status, String(i)).toBe(
          429,
        );
      }
    });

    it('counts signed requests as the socket when the API has no secret', async () => {
      app = createApp({ db, now: () => NOW, rateLimits: LIMITS, proxySecret: null });
      for (const [n, status] of [
        [1, 419],
        [2, 419],
        [3, 429],
      ] as const) {
        expect((await signed({ client_ip: `203.0.113.${String(n)}` })).status).toBe(status);
      }
    });
  });

  it('never limits reads, the providers’ notifications or the simulators', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await app.request('/api/v1/genders', {}, fromSocket('198.51.100.7'))).status).toBe(
        200,
      );
      expect((await post('/api/v1/checkout/first/push?checkout.order.id=x')).status).toBe(404);
      expect((await post('/api/v1/checkout/second/webhook')).status).toBe(401);
      expect((await post('/providers/first/checkout/v3/orders')).status).not.toBe(429);
    }
  });

  it('turns a limit off with null', async () => {
    app = createApp({ db, now: () => NOW, rateLimits: { search: null, unsafe: null } });
    for (let i = 0; i < 10; i++) expect((await post('/api/v1/reservations')).status).toBe(419);
  });
});

describe('RequestLimiter', () => {
  it('throws 429 with its own message, e.g. for login attempts', async () => {
    const limiter = new RequestLimiter({ requests: 1, seconds: 30 }, 'Du har brukt opp forsøkene.');
    await limiter.consume('kari@example.no');
    const error = await limiter.consume('kari@example.no').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiHttpError);
    expect(error).toMatchObject({
      status: 429,
      body: { message: 'Du har brukt opp forsøkene.' },
      headers: { 'Retry-After': '30' },
    });
    await expect(limiter.consume('ola@example.no')).resolves.toBeUndefined();
  });
});

describe('parseRateLimit and rateLimitsFromEnv', () => {
  it('reads requests/seconds, off and 0, and falls back when unset', () => {
    expect(parseRateLimit('120/60', 'X', null)).toEqual({ requests: 120, seconds: 60 });
    expect(parseRateLimit(' 5/1 ', 'X', null)).toEqual({ requests: 5, seconds: 1 });
    expect(parseRateLimit('off', 'X', { requests: 1, seconds: 1 })).toBeNull();
    expect(parseRateLimit('0', 'X', { requests: 1, seconds: 1 })).toBeNull();
    expect(parseRateLimit(undefined, 'X', { requests: 1, seconds: 1 })).toEqual({
      requests: 1,
      seconds: 1,
    });
    expect(parseRateLimit('', 'X', null)).toBeNull();
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['120', '0/60', '10/0', '-1/60', '1.5/60', '10 per minute', '10/60/2']) {
      expect(() => parseRateLimit(bad, 'RATE_LIMIT_SEARCH', null)).toThrow(/RATE_LIMIT_SEARCH/);
    }
  });

  it('takes RATE_LIMIT_SEARCH and RATE_LIMIT_UNSAFE, else the defaults', () => {
    expect(rateLimitsFromEnv({})).toEqual(DEFAULT_RATE_LIMITS);
    expect(rateLimitsFromEnv({ RATE_LIMIT_SEARCH: '10/1', RATE_LIMIT_UNSAFE: 'off' })).toEqual({
      search: { requests: 10, seconds: 1 },
      unsafe: null,
    });
  });
});
