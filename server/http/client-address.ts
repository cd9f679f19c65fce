import { BlockList, isIP } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { jwtVerify } from 'jose';
import {
  type ApiProxyClaims,
  NETLIFY_CLIENT_IP_HEADER,
  PROXY_ISSUERS,
  PROXY_SIGNATURE_HEADER,
} from '../../contract/proxy.ts';
import type { AppEnv } from './env.ts';

/**
 * The client key of a request that reached the app without a socket: `app.request()` in
 * tests and the in-process calls to the provider simulators. It is treated as untrusted.
 */
export const IN_PROCESS_CLIENT = 'in-process';

/** Proxies whose `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host` are believed. */
export interface TrustedProxies {
  /** Whether the socket address `address` is one of the proxies. */
  has(address: string): boolean;
}

const ipv4Mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/iu;

// A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d; one spelling per client keeps
// its rate limit in one bucket.
function canonical(address: string): string {
  return ipv4Mapped.exec(address)?.[1] ?? address;
}

function family(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

/**
 * Parses `TRUSTED_PROXIES`: addresses or CIDR ranges (`10.0.0.0/8`, `fd00::/8`) separated by
 * commas; empty for none.
 * @throws Error naming the entry that is neither.
 */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const list = new BlockList();
  for (const entry of (text ?? '').split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const type = family(address);
    const bits = prefix === undefined ? null : Number(prefix);
    const maxBits = type === 'ipv4' ? 32 : 128;
    if (
      type === null ||
      rest.length > 0 ||
      (bits !== null && (!Number.isInteger(bits) || bits < 0 || bits > maxBits))
    ) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range.`);
    }
    if (bits === null) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return {
    has(address) {
      const type = family(address);
      return type !== null && list.check(address, type);
    },
  };
}

/** The client's address as the socket tells it, canonical; null without a socket. */
export function socketAddress(c: Context): string | null {
  const bindings = c.env as Partial<HttpBindings> | undefined;
  if (bindings?.incoming === undefined) return null;
  const address = getConnInfo(c).remote.address;
  return address === undefined ? null : canonical(address);
}

function headerList(c: Context, name: string): string[] {
  return (c.req.header(name) ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** `value` as an IP address in its canonical spelling, or null when it is none. */
function validAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const address = canonical(value.trim());
  return isIP(address) === 0 ? null : address;
}

// A host name of letters, digits and hyphens in dot-separated labels, or a bracketed IPv6
// address, with an optional port: what `X-Forwarded-Host` may say, nothing with a path,
// credentials or spaces.
const hostPattern =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/iu;

/** The origin of `host` under `protocol` (`https:` or `http:`), or null for a host that is not one. */
function hostOrigin(protocol: string, host: string): string | null {
  if (host.length > 260 || !hostPattern.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`).origin;
  } catch {
    return null;
  }
}

/** How far the proxy's clock and the API's may disagree about a signature's expiry. */
export const PROXY_CLOCK_TOLERANCE_SECONDS = 30;

/** What a verified signature of the brand's proxy says about a request. */
export interface ProxyWord {
  /** The signed claims as they came. */
  claims: ApiProxyClaims;
  /** The brand's public origin: `site_url`'s origin, e.g. `https://www.toppfart.no`. */
  origin: string;
  /** Whether the brand's site is served over HTTPS (`site_url` is `https:`). */
  https: boolean;
}

/** The HS256 key of a proxy secret; null when there is none (unset or empty). */
export function proxyKey(secret: string | null | undefined): Uint8Array | null {
  return secret === undefined || secret === null || secret === ''
    ? null
    : new TextEncoder().encode(secret);
}

/**
 * What `token` says when it is a JWS (HS256 only) signed with `key` by one of
 * {@link PROXY_ISSUERS}, carrying an `exp` that has not passed at `now` (give or take
 * {@link PROXY_CLOCK_TOLERANCE_SECONDS}) and an http(s) URL as `site_url`; null for anything
 * else (another key or algorithm, `alg: none`, an unknown issuer, an expired or malformed
 * token). Never throws.
 */
export async function verifyProxySignature(
  token: string,
  key: Uint8Array,
  now: Date = new Date(),
): Promise<ProxyWord | null> {
  let claims: Partial<ApiProxyClaims>;
  try {
    ({ payload: claims } = await jwtVerify<Partial<ApiProxyClaims>>(token, key, {
      algorithms: ['HS256'],
      issuer: [...PROXY_ISSUERS],
      clockTolerance: PROXY_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp'],
      currentDate: now,
    }));
  } catch {
    return null;
  }
  if (typeof claims.site_url !== 'string') return null;
  let site: URL;
  try {
    site = new URL(claims.site_url);
  } catch {
    return null;
  }
  if (site.protocol !== 'https:' && site.protocol !== 'http:') return null;
  return {
    claims: claims as ApiProxyClaims,
    origin: site.origin,
    https: site.protocol === 'https:',
  };
}

/**
 * Sets `clientAddress`, `https` and `publicOrigin`: who sent the request, whether the
 * shopper's browser used HTTPS, and the origin links for the shopper must lead to.
 *
 * A request that carries {@link PROXY_SIGNATURE_HEADER} verifying with `proxySecret`
 * ({@link verifyProxySignature}) came through the brand's own static host: the client is the
 * signed `client_ip`, else Netlify's {@link NETLIFY_CLIENT_IP_HEADER}, when either is an IP
 * address (else as below); `https` and `publicOrigin` follow the signed `site_url`.
 *
 * Otherwise, and always for a signature that does not verify or when no secret is set, the
 * client is the socket's address; when that is a trusted proxy, it is the right-most
 * `X-Forwarded-For` entry that is not a trusted proxy (entries left of it were written by the
 * client and can be anything). The request came over HTTPS when the server saw `https:`
 * itself or a trusted proxy says so in the first `X-Forwarded-Proto` value (the one the
 * outermost proxy set). The public origin is the request URL's, except behind a trusted
 * proxy: its scheme is `https` or `http` as just decided, its host the first
 * `X-Forwarded-Host` value when that is a host name, else the request's host. Requests
 * without a socket are {@link IN_PROCESS_CLIENT} and trust no forwarding header.
 */
export function clientMiddleware(trusted: TrustedProxies, proxySecret: string | null = null) {
  const key = proxyKey(proxySecret);
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const socket = socketAddress(c);
    const viaProxy = socket !== null && trusted.has(socket);
    let client = socket ?? IN_PROCESS_CLIENT;
    let https = url.protocol === 'https:';
    let publicOrigin = url.origin;
    if (viaProxy) {
      const hops = headerList(c, 'X-Forwarded-For').map(canonical);
      const outermost = hops.findLast((hop) => !trusted.has(hop)) ?? hops[0];
      if (outermost !== undefined) client = outermost;
      if (headerList(c, 'X-Forwarded-Proto')[0]?.toLowerCase() === 'https') https = true;
      const protocol = https ? 'https:' : 'http:';
      const host = headerList(c, 'X-Forwarded-Host')[0];
      publicOrigin =
        (host === undefined ? null : hostOrigin(protocol, host)) ?? `${protocol}//${url.host}`;
    }

    const token = c.req.header(PROXY_SIGNATURE_HEADER)?.trim() ?? '';
    // The app's clock where it has one, so that tests with a fixed clock sign for it.
    const now = (c.get('now') as (() => Date) | undefined)?.() ?? new Date();
    const word = key === null || token === '' ? null : await verifyProxySignature(token, key, now);
    if (word !== null) {
      client =
        validAddress(word.claims.client_ip) ??
        validAddress(c.req.header(NETLIFY_CLIENT_IP_HEADER)) ??
        client;
      https = word.https;
      publicOrigin = word.origin;
    }
    c.set('clientAddress', client);
    c.set('https', https);
    c.set('publicOrigin', publicOrigin);
    await next();
  });
}
