import { BlockList, isIP } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env.ts';

/**
 * The client key of a request that reached the app without a socket: `app.request()` in
 * tests and the in-process calls to the provider simulators. It is treated as untrusted.
 */
export const IN_PROCESS_CLIENT = 'in-process';

/** Proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed. */
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

function socketAddress(c: Context): string | null {
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

/**
 * Sets `clientAddress` and `https`. The client is the socket's address; when that is a
 * trusted proxy, it is the right-most `X-Forwarded-For` entry that is not a trusted proxy
 * (entries left of it were written by the client and can be anything). The request came over
 * HTTPS when the server saw `https:` itself or a trusted proxy says so in the first
 * `X-Forwarded-Proto` value (the one the outermost proxy set). Requests without a socket are
 * {@link IN_PROCESS_CLIENT} and trust no header.
 */
export function clientMiddleware(trusted: TrustedProxies) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const socket = socketAddress(c);
    const viaProxy = socket !== null && trusted.has(socket);
    let client = socket ?? IN_PROCESS_CLIENT;
    if (viaProxy) {
      const hops = headerList(c, 'X-Forwarded-For').map(canonical);
      const outermost = hops.findLast((hop) => !trusted.has(hop)) ?? hops[0];
      if (outermost !== undefined) client = outermost;
    }
    const proto = viaProxy ? headerList(c, 'X-Forwarded-Proto')[0]?.toLowerCase() : undefined;
    c.set('clientAddress', client);
    c.set('https', new URL(c.req.url).protocol === 'https:' || proto === 'https');
    await next();
  });
}
