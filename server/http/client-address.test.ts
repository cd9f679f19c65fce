import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { IN_PROCESS_CLIENT, clientMiddleware, parseTrustedProxies } from './client-address.ts';
import type { AppEnv } from './env.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from './session.ts';
import { fromSocket } from './test-bindings.ts';

const PROXY = '10.0.0.5';

describe('parseTrustedProxies', () => {
  it('takes addresses and CIDR ranges of both families', () => {
    const trusted = parseTrustedProxies(' 10.0.0.5, 192.168.0.0/16 ,fd00::/8,2001:db8::7');
    for (const yes of ['10.0.0.5', '192.168.44.1', 'fd12::1', '2001:db8::7', '::ffff:10.0.0.5']) {
      expect(trusted.has(yes), yes).toBe(true);
    }
    for (const no of ['10.0.0.6', '192.169.0.1', 'fe80::1', '2001:db8::8', 'unknown', '']) {
      expect(trusted.has(no), no).toBe(false);
    }
  });

  it('trusts nothing when empty or unset', () => {
    expect(parseTrustedProxies('').has('127.0.0.1')).toBe(false);
    expect(parseTrustedProxies(undefined).has('127.0.0.1')).toBe(false);
  });

  it('refuses an entry that is not an address or a range', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.0/x', '10.0.0.1/8/8', 'fd00::/129']) {
      expect(() => parseTrustedProxies(bad)).toThrow(/TRUSTED_PROXIES/);
    }
  });
});

describe('clientMiddleware', () => {
  const app = new Hono<AppEnv>();
  app.use(clientMiddleware(parseTrustedProxies(`${PROXY},10.1.0.0/16`)));
  app.get('/', (c) => c.json({ client: c.get('clientAddress'), https: c.get('https') }));
  const ask = async (headers: Record<string, string>, socket?: string) => {
    const res = await app.request(
      '/',
      { headers },
      socket === undefined ? undefined : fromSocket(socket),
    );
    return (await res.json()) as { client: string; https: boolean };
  };

  it('names the socket’s address, and ignores forwarding headers from anyone else', async () => {
    const spoof = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' };
    expect(await ask(spoof, '198.51.100.7')).toEqual({ client: '198.51.100.7', https: false });
  });

  it('believes a trusted proxy: the right-most untrusted X-Forwarded-For hop', async () => {
    const headers = {
      'X-Forwarded-For': '203.0.113.66, 203.0.113.9, 10.1.2.3',
      'X-Forwarded-Proto': 'https, http',
    };
    expect(await ask(headers, PROXY)).toEqual({ client: '203.0.113.9', https: true });
    expect(await ask({ 'X-Forwarded-For': '10.1.2.3' }, PROXY)).toEqual({
      client: '10.1.2.3',
      https: false,
    });
    expect(await ask({}, PROXY)).toEqual({ client: PROXY, https: false });
  });

  it('treats a request without a socket as the in-process client, trusting no header', async () => {
    const headers = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' };
    expect(await ask(headers)).toEqual({ client: IN_PROCESS_CLIENT, https: false });
  });
});

describe('Secure session cookies', () => {
  const db = openDatabase(':memory:');
  const app = createApp({ db, trustedProxies: [PROXY] });
  afterAll(() => {
    db.close();
  });
  const cookies = async (socket: string, proto: string) => {
    const res = await app.request(
      '/sanctum/csrf-cookie',
      { headers: { 'X-Forwarded-Proto': proto } },
      fromSocket(socket),
    );
    return res.headers.getSetCookie();
  };

  it('are Secure when a trusted proxy says the request came over HTTPS', async () => {
    const set = await cookies(PROXY, 'https');
    expect(set.map((c) => c.split('=')[0])).toEqual([SESSION_COOKIE, XSRF_COOKIE]);
    for (const line of set) expect(line).toMatch(/; Secure/);
  });

  it('are not Secure when an untrusted client says so, or the proxy says http', async () => {
    for (const line of [
      ...(await cookies('198.51.100.7', 'https')),
      ...(await cookies(PROXY, 'http')),
    ]) {
      expect(line).not.toMatch(/Secure/);
    }
  });

  it('are Secure when the server itself sees https:', async () => {
    const res = await app.request('https://shop.example/sanctum/csrf-cookie');
    for (const line of res.headers.getSetCookie()) expect(line).toMatch(/; Secure/);
  });
});
