import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { NETLIFY_CLIENT_IP_HEADER, PROXY_SIGNATURE_HEADER } from '../../contract/proxy.ts';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import {
  IN_PROCESS_CLIENT,
  clientMiddleware,
  parseTrustedProxies,
  proxyKey,
  verifyProxySignature,
} from './client-address.ts';
import type { AppEnv } from './env.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from './session.ts';
import { fromSocket } from '../test-support/socket-bindings.ts';
import {
  BRAND_ORIGIN,
  TEST_PROXY_SECRET,
  proxySignature,
  unsignedProxyToken,
} from '../test-support/proxy-signature.ts';

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

interface Seen {
  client: string;
  https: boolean;
  origin: string;
}

/** An app that answers what the client middleware made of a request. */
function echoApp(proxySecret: string | null = null) {
  const app = new Hono<AppEnv>();
  app.use(clientMiddleware(parseTrustedProxies(`${PROXY},10.1.0.0/16`), proxySecret));
  app.get('/', (c) =>
    c.json({
      client: c.get('clientAddress'),
      https: c.get('https'),
      origin: c.get('publicOrigin'),
    }),
  );
  return async (headers: Record<string, string>, socket?: string, url = '/'): Promise<Seen> => {
    const res = await app.request(
      url,
      { headers },
      socket === undefined ? undefined : fromSocket(socket),
    );
    return (await res.json()) as Seen;
  };
}

describe('clientMiddleware', () => {
  const askAll = echoApp();
  const ask = async (headers: Record<string, string>, socket?: string) => {
    const { client, https } = await askAll(headers, socket);
    return { client, https };
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

describe('clientMiddleware: the public origin without a signature', () => {
  const ask = echoApp(TEST_PROXY_SECRET);

  it('is the request URL’s origin, whatever an untrusted client says', async () => {
    const forged = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
    expect((await ask(forged, '198.51.100.7')).origin).toBe('http://localhost');
    expect((await ask(forged)).origin).toBe('http://localhost');
    expect((await ask({}, '198.51.100.7', 'https://api.kjede.no/')).origin).toBe(
      'https://api.kjede.no',
    );
  });

  it('is the first X-Forwarded-Host of a trusted proxy, with its protocol', async () => {
    const headers = {
      'X-Forwarded-Host': 'www.toppfart.no, other.example',
      'X-Forwarded-Proto': 'https',
    };
    expect(await ask(headers, PROXY)).toEqual({
      client: PROXY,
      https: true,
      origin: 'https://www.toppfart.no',
    });
    expect((await ask({ 'X-Forwarded-Host': 'shop.test:8080' }, PROXY)).origin).toBe(
      'http://shop.test:8080',
    );
    // Without the header the request's host, under the protocol the proxy says.
    expect((await ask({ 'X-Forwarded-Proto': 'https' }, PROXY)).origin).toBe('https://localhost');
  });

  it('ignores an X-Forwarded-Host of a trusted proxy that is not a host', async () => {
    for (const host of [
      'evil.example/path',
      'user@evil.example',
      'evil .example',
      'evil.example:99999',
      'http://evil.example',
      '-evil.example',
    ]) {
      expect((await ask({ 'X-Forwarded-Host': host }, PROXY)).origin, host).toBe(
        'http://localhost',
      );
    }
    const headers = { 'X-Forwarded-Host': 'evil.example/x', 'X-Forwarded-Proto': 'https' };
    expect((await ask(headers, PROXY)).origin).toBe('https://localhost');
  });
});

describe('clientMiddleware: the brand’s signed proxy', () => {
  const ask = echoApp(TEST_PROXY_SECRET);
  const signed = async (
    options: Parameters<typeof proxySignature>[0],
    extra: Record<string, string> = {},
    socket?: string,
  ) => ask({ [PROXY_SIGNATURE_HEADER]: await proxySignature(options), ...extra }, socket);

  it('takes the signed client_ip, site_url’s origin and its HTTPS', async () => {
    expect(await signed({ client_ip: '203.0.113.9' }, {}, '198.51.100.7')).toEqual({
      client: '203.0.113.9',
      https: true,
      origin: BRAND_ORIGIN,
    });
    expect(
      await signed({ client_ip: '::ffff:203.0.113.9', site_url: 'http://shop.test:4321/x?y' }),
    ).toEqual({ client: '203.0.113.9', https: false, origin: 'http://shop.test:4321' });
    expect((await signed({ client_ip: '2001:db8::9' })).client).toBe('2001:db8::9');
  });

  it('believes it over a trusted proxy’s forwarding headers', async () => {
    const forwarded = {
      'X-Forwarded-For': '203.0.113.66',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'other.example',
    };
    expect(
      await signed({ client_ip: '203.0.113.9', site_url: 'http://shop.test' }, forwarded, PROXY),
    ).toEqual({ client: '203.0.113.9', https: false, origin: 'http://shop.test' });
  });

  it('takes Netlify’s client header when the claims have no client_ip', async () => {
    const netlify = { [NETLIFY_CLIENT_IP_HEADER]: '203.0.113.20' };
    expect(await signed({ iss: 'netlify' }, netlify, '198.51.100.7')).toEqual({
      client: '203.0.113.20',
      https: true,
      origin: BRAND_ORIGIN,
    });
    // A signed client_ip comes first; one that is no address gives way to the header.
    expect((await signed({ client_ip: '203.0.113.9' }, netlify)).client).toBe('203.0.113.9');
    expect((await signed({ client_ip: 'nobody' }, netlify)).client).toBe('203.0.113.20');
  });

  it('keeps the usual client when neither names an address', async () => {
    const junk = { [NETLIFY_CLIENT_IP_HEADER]: 'unknown' };
    expect((await signed({ client_ip: '' }, junk, '198.51.100.7')).client).toBe('198.51.100.7');
    const forwarded = { 'X-Forwarded-For': '203.0.113.66' };
    expect(await signed({ iss: 'netlify' }, forwarded, PROXY)).toEqual({
      client: '203.0.113.66',
      https: true,
      origin: BRAND_ORIGIN,
    });
    expect((await signed({})).client).toBe(IN_PROCESS_CLIENT);
  });

  const forged = {
    'X-Forwarded-For': '203.0.113.66',
    'X-Forwarded-Proto': 'https',
    'X-Forwarded-Host': 'evil.example',
    [NETLIFY_CLIENT_IP_HEADER]: '203.0.113.77',
  };
  const unsigned = { client: '198.51.100.7', https: false, origin: 'http://localhost' };
  const badSignatures: Array<[string, () => Promise<string> | string]> = [
    ['no signature', () => ''],
    ['another secret', () => proxySignature({ client_ip: '203.0.113.9', secret: 'guessed' })],
    ['expired', () => proxySignature({ client_ip: '203.0.113.9', expiresIn: -31 })],
    ['an unknown issuer', () => proxySignature({ client_ip: '203.0.113.9', iss: 'anyone' })],
    ['HS512', () => proxySignature({ client_ip: '203.0.113.9', alg: 'HS512' })],
    ['alg none', () => unsignedProxyToken()],
    ['garbage', () => 'not.a.token'],
    ['a javascript: site_url', () => proxySignature({ site_url: 'javascript:alert(1)' })],
    ['an ftp: site_url', () => proxySignature({ site_url: 'ftp://www.toppfart.no' })],
    ['a site_url that is no URL', () => proxySignature({ site_url: 'www.toppfart.no' })],
  ];

  it.each(badSignatures)('trusts nothing of a request with %s', async (_, token) => {
    const headers = { ...forged, [PROXY_SIGNATURE_HEADER]: await token() };
    expect(await ask(headers, '198.51.100.7')).toEqual(unsigned);
    expect(await ask(headers)).toEqual({ ...unsigned, client: IN_PROCESS_CLIENT });
  });

  it('accepts an expiry within 30 s of clock skew', async () => {
    expect((await signed({ client_ip: '203.0.113.9', expiresIn: -20 })).client).toBe('203.0.113.9');
  });

  it('trusts no signature at all when the API has no secret', async () => {
    for (const secret of [null, '']) {
      const headers = {
        ...forged,
        [PROXY_SIGNATURE_HEADER]: await proxySignature({ client_ip: '203.0.113.9' }),
      };
      expect(await echoApp(secret)(headers, '198.51.100.7'), String(secret)).toEqual(unsigned);
    }
  });
});

describe('verifyProxySignature', () => {
  const key = proxyKey(TEST_PROXY_SECRET);
  if (key === null) throw new Error('A test secret is set.');

  it('answers the claims, the origin and HTTPS of a good signature', async () => {
    const token = await proxySignature({
      site_url: 'https://www.toppfart.no/',
      client_ip: '1.2.3.4',
    });
    expect(await verifyProxySignature(token, key)).toMatchObject({
      claims: {
        iss: 'storefront-proxy',
        site_url: 'https://www.toppfart.no/',
        client_ip: '1.2.3.4',
      },
      origin: BRAND_ORIGIN,
      https: true,
    });
  });

  it('checks expiry against the clock it is given', async () => {
    const then = new Date('2025-03-10T12:00:00.000Z');
    const token = await proxySignature({ now: then, expiresIn: 60 });
    expect(await verifyProxySignature(token, key, then)).not.toBeNull();
    expect(await verifyProxySignature(token, key, new Date(then.getTime() + 91_000))).toBeNull();
    expect(await verifyProxySignature(token, key)).toBeNull();
  });

  it('needs an exp', async () => {
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({ site_url: BRAND_ORIGIN })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('netlify')
      .sign(key);
    expect(await verifyProxySignature(token, key)).toBeNull();
  });

  it('has no key for an empty or missing secret', () => {
    expect(proxyKey('')).toBeNull();
    expect(proxyKey(null)).toBeNull();
    expect(proxyKey(undefined)).toBeNull();
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

describe('session cookies behind the brand’s signed proxy', () => {
  const db = openDatabase(':memory:');
  const app = createApp({ db, trustedProxies: [PROXY], proxySecret: TEST_PROXY_SECRET });
  afterAll(() => {
    db.close();
  });
  const cookies = async (signature: string) => {
    const res = await app.request(
      'http://api.kjede.no/sanctum/csrf-cookie',
      { headers: { [PROXY_SIGNATURE_HEADER]: signature, 'X-Forwarded-Proto': 'https' } },
      fromSocket('198.51.100.7'),
    );
    const set = res.headers.getSetCookie();
    expect(set.map((c) => c.split('=')[0])).toEqual([SESSION_COOKIE, XSRF_COOKIE]);
    return set;
  };

  it('are Secure when the signed site_url is https, with no Domain', async () => {
    for (const line of await cookies(await proxySignature())) {
      expect(line).toMatch(/; Secure/);
      expect(line).not.toMatch(/Domain=/i);
    }
  });

  it('are not Secure when the site_url is http, or the signature does not verify', async () => {
    for (const line of [
      ...(await cookies(await proxySignature({ site_url: 'http://shop.test:4321' }))),
      ...(await cookies(await proxySignature({ secret: 'guessed' }))),
      ...(await cookies(await proxySignature({ expiresIn: -60 }))),
    ]) {
      expect(line).not.toMatch(/Secure/);
    }
  });
});
