/**
 * The Cloudflare Pages Function's proxy from a brand's origin to the API (contract/proxy.ts).
 * Web APIs and `jose` only, so the same code runs under workerd and under Node for its tests.
 */
import { SignJWT } from 'jose';
import {
  FUNCTION_ISSUER,
  PROXY_SECRET_VARIABLE,
  PROXY_SIGNATURE_HEADER,
  isApiPath,
} from '../../contract/proxy.ts';

/** The Pages project's variables the proxy reads (Settings → Variables and Secrets). */
export interface ApiProxyEnv {
  /** The API's origin, e.g. `https://api.example.no`: scheme, host and port, nothing else. */
  readonly API_ORIGIN?: string | undefined;
  /** The secret shared with the API that signs each forwarded request (a Pages secret). */
  readonly API_PROXY_SECRET?: string | undefined;
}

/** The upstream call as the proxy makes it; `fetch` fits, tests pass a fake. */
export type ApiProxyFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Seams for tests; production passes none. */
export interface ApiProxyOptions {
  /** Makes the upstream call (default: the global `fetch`). */
  readonly fetch?: ApiProxyFetch;
  /** The clock the signature's `iat` and `exp` come from, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
  /** How long the API may take to start its answer (default {@link UPSTREAM_TIMEOUT_MS}). */
  readonly timeoutMs?: number;
}

/** Longest a forwarded request waits for the API's answer to begin. */
export const UPSTREAM_TIMEOUT_MS = 25_000;

/** Largest request body forwarded (1 MiB); the API's own limits are below it. */
export const MAX_BODY_BYTES = 1_048_576;

/** How long a signature is good for: long enough for clock skew, too short to replay later. */
const SIGNATURE_LIFETIME_SECONDS = 60;

const MESSAGES = {
  badPath: 'Ugyldig adresse.',
  notConfigured:
    'Nettbutikken får ikke kontakt med tjenestene sine akkurat nå. Prøv igjen om litt.',
  unreachable: 'Tjenesten svarer ikke akkurat nå. Prøv igjen om litt.',
  timeout: 'Tjenesten brukte for lang tid på å svare. Prøv igjen om litt.',
  tooLarge: 'Forespørselen er for stor.',
} as const;

/** Headers that describe one connection, not the message (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Forwards a request for one of the API's paths to `env.API_ORIGIN`, signed with
 * `env.API_PROXY_SECRET` so that the API can believe the shopper's address and the brand's
 * origin. Answers `null` for any other path, so the caller serves the static file; answers a
 * JSON error (400, 413, 502, 503, 504) of its own when it cannot or must not forward.
 */
export async function proxyToApi(
  request: Request,
  env: ApiProxyEnv,
  options: ApiProxyOptions = {},
): Promise<Response | null> {
  const url = new URL(request.url);
  // Runtimes normalise dot segments and backslashes before we see `request.url`, but not all
  // do it alike; the raw text decides as well, so an escape is refused whatever the runtime.
  const rawPath = rawPathOf(request.url);
  // Some servers read a backslash as a slash, so `/api\x` is the API's too (and refused).
  const rawApiPath = rawPath !== null && isApiPath(rawPath.replaceAll('\\', '/'));
  if (!isApiPath(url.pathname) && !rawApiPath) return null;
  if (rawPath === null || !isSafePath(rawPath) || !isSafePath(url.pathname)) {
    return errorResponse(400, MESSAGES.badPath);
  }

  const config = readConfig(env);
  if ('problems' in config) {
    console.error(`API proxy is not configured: ${config.problems.join('; ')}.`);
    return errorResponse(503, MESSAGES.notConfigured);
  }
  const { origin: apiOrigin, secret } = config;

  // Concatenated onto the parsed origin, never resolved against it: resolution would let a
  // path such as `//evil.example/x` choose the host.
  const target = apiOrigin + url.pathname + url.search;
  const targetUrl = new URL(target);
  if (targetUrl.origin !== apiOrigin || targetUrl.pathname !== url.pathname) {
    return errorResponse(400, MESSAGES.badPath);
  }

  let body: Uint8Array<ArrayBuffer> | null = null;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const read = await readBody(request);
    if (read === 'too-large') return errorResponse(413, MESSAGES.tooLarge);
    body = read;
  }

  const now = options.now ?? Date.now;
  const clientIp = request.headers.get('CF-Connecting-IP')?.trim() || undefined;
  const headers = forwardedRequestHeaders(request.headers);
  if (clientIp !== undefined) headers.set('X-Forwarded-For', clientIp);
  headers.set('X-Forwarded-Proto', url.protocol.slice(0, -1));
  headers.set('X-Forwarded-Host', url.host);
  headers.set(
    PROXY_SIGNATURE_HEADER,
    await sign(secret, { site_url: url.origin, clientIp, nowMs: now() }),
  );

  // A timer rather than `AbortSignal.timeout`: the limit is for the answer to begin, and a
  // signal still armed would cut off a long body (a large picture) that is streaming fine.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The API took too long to answer.', 'TimeoutError'));
  }, options.timeoutMs ?? UPSTREAM_TIMEOUT_MS);

  let upstream: Response;
  try {
    upstream = await (options.fetch ?? fetch)(target, {
      method: request.method,
      headers,
      body,
      // The shopper's browser follows the API's redirects itself, from the brand's origin.
      redirect: 'manual',
      signal: controller.signal,
    });
  } catch {
    return timedOut
      ? errorResponse(504, MESSAGES.timeout)
      : errorResponse(502, MESSAGES.unreachable);
  } finally {
    clearTimeout(timer);
  }

  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: answerHeaders(upstream.headers, { apiOrigin, brandUrl: url }),
  });
}

/** The path as the request's URL text has it, before any parsing; `null` if it has none. */
function rawPathOf(requestUrl: string): string | null {
  const authority = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(requestUrl);
  if (authority === null) return null;
  const rest = requestUrl.slice(authority[0].length);
  const end = rest.search(/[?#]/);
  const path = end === -1 ? rest : rest.slice(0, end);
  return path === '' ? '/' : path;
}

/**
 * Whether a path means the same to the API as it does to the prefix check: no empty, `.` or
 * `..` segment, no slash or dot hidden in percent-encoding that the API might decode, no
 * backslash (a slash to some servers), no control character raw or encoded.
 */
function isSafePath(path: string): boolean {
  if (path.includes('//') || path.includes('\\')) return false;
  if (/%(?:2e|2f|5c|[01][\da-f]|7f)/i.test(path)) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}

type Config = { origin: string; secret: string } | { problems: string[] };

/** The API's origin and the signing secret, or what is wrong with them (never the secret). */
function readConfig(env: ApiProxyEnv): Config {
  const problems: string[] = [];
  const origin = parseOrigin(env.API_ORIGIN?.trim() ?? '', problems);
  const secret = env.API_PROXY_SECRET ?? '';
  if (secret === '') problems.push(`${PROXY_SECRET_VARIABLE} is missing or empty`);
  return origin === null || problems.length > 0 ? { problems } : { origin, secret };
}

function parseOrigin(value: string, problems: string[]): string | null {
  if (value === '') {
    problems.push('API_ORIGIN is missing or empty');
    return null;
  }
  // `new URL` also takes `https:api.example`; only a written-out absolute URL is meant here.
  let parsed: URL | null = null;
  if (/^https?:\/\//i.test(value)) {
    try {
      parsed = new URL(value);
    } catch {
      parsed = null;
    }
  }
  if (parsed === null) {
    problems.push('API_ORIGIN is not an absolute http(s) URL, e.g. https://api.example.no');
    return null;
  }
  const extras = [
    parsed.username !== '' || parsed.password !== '' ? 'credentials' : '',
    parsed.pathname !== '/' ? `a path (${parsed.pathname})` : '',
    parsed.search !== '' || value.includes('?') ? 'a query' : '',
    parsed.hash !== '' || value.includes('#') ? 'a fragment' : '',
  ].filter((extra) => extra !== '');
  if (extras.length > 0) {
    problems.push(`API_ORIGIN has ${extras.join(' and ')}; it must be the origin only`);
    return null;
  }
  return parsed.origin;
}

/**
 * The browser's headers minus what belongs to its connection and everything a client could
 * use to pass itself off as another address or as the proxy (the proxy sets those itself).
 */
function forwardedRequestHeaders(incoming: Headers): Headers {
  const dropped = connectionHeaderNames(incoming);
  const headers = new Headers();
  for (const [name, value] of incoming) {
    if (dropped.has(name) || name === 'host' || name === 'content-length') continue;
    if (
      name === 'forwarded' ||
      name.startsWith('x-forwarded-') ||
      name === 'x-real-ip' ||
      name === 'true-client-ip' ||
      name.startsWith('cf-') ||
      name.startsWith('x-nf-')
    ) {
      continue;
    }
    headers.append(name, value);
  }
  return headers;
}

/** Hop-by-hop headers: the fixed ones and any the message's `Connection` names. */
function connectionHeaderNames(headers: Headers): Set<string> {
  const names = new Set(HOP_BY_HOP);
  for (const name of (headers.get('connection') ?? '').split(',')) {
    const trimmed = name.trim().toLowerCase();
    if (trimmed !== '') names.add(trimmed);
  }
  return names;
}

/**
 * The body, read with a count so that a streamed body without `Content-Length` cannot make the
 * function hold more than {@link MAX_BODY_BYTES}; buffered, so the API gets a `Content-Length`.
 */
async function readBody(request: Request): Promise<Uint8Array<ArrayBuffer> | 'too-large' | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > MAX_BODY_BYTES) {
    return 'too-large';
  }
  if (request.body === null) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // A client that goes away mid-body makes this throw; nobody is left to answer.
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Not awaited: a stalled client must not hold the 413 back.
      reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

// One slot: a deployment has one secret, and importing it anew for each request costs time.
let cachedKey: { secret: string; key: Promise<CryptoKey> } | null = null;

function signingKey(secret: string): Promise<CryptoKey> {
  if (cachedKey?.secret !== secret) {
    const key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    // A failed import must not stay cached and fail every later request.
    key.catch(() => {
      if (cachedKey?.key === key) cachedKey = null;
    });
    cachedKey = { secret, key };
  }
  return cachedKey.key;
}

/** The proxy's word on a forwarded request (contract/proxy.ts `ApiProxyClaims`). */
async function sign(
  secret: string,
  claims: { site_url: string; clientIp: string | undefined; nowMs: number },
): Promise<string> {
  const issuedAt = Math.floor(claims.nowMs / 1000);
  const payload: Record<string, string> = { site_url: claims.site_url };
  if (claims.clientIp !== undefined) payload['client_ip'] = claims.clientIp;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(FUNCTION_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SIGNATURE_LIFETIME_SECONDS)
    .sign(await signingKey(secret));
}

/**
 * The API's headers as the brand's origin answers them: no hop-by-hop headers, cookies that
 * belong to the brand's domain, redirects to the API turned into the brand's origin, and no
 * public caching of an answer that sets a cookie or says nothing about caching.
 */
function answerHeaders(upstream: Headers, at: { apiOrigin: string; brandUrl: URL }): Headers {
  const headers = new Headers(upstream);
  for (const name of connectionHeaderNames(upstream)) headers.delete(name);

  const cookies = upstream.getSetCookie();
  headers.delete('set-cookie');
  const https = at.brandUrl.protocol === 'https:';
  for (const cookie of cookies) headers.append('set-cookie', brandCookie(cookie, https));

  const location = headers.get('location');
  if (location !== null) {
    const brandLocation = brandRedirect(location, at);
    if (brandLocation !== null) headers.set('location', brandLocation);
  }

  const cacheControl = headers.get('cache-control');
  if (cacheControl === null) {
    headers.set('cache-control', 'private, no-store');
  } else if (cookies.length > 0) {
    headers.set('cache-control', privateCacheControl(cacheControl));
  }
  return headers;
}

/**
 * A cookie for the brand's own host: a `Domain` would name the API's domain (which the browser
 * would refuse) or widen it to sister sites; over https it gets `Secure` if the API left it off.
 */
function brandCookie(cookie: string, https: boolean): string {
  const [nameValue = '', ...attributes] = cookie.split(';');
  const kept = attributes
    .map((attribute) => attribute.trim())
    .filter((attribute) => attribute !== '' && attributeName(attribute) !== 'domain');
  if (https && !kept.some((attribute) => attributeName(attribute) === 'secure')) {
    kept.push('Secure');
  }
  return [nameValue.trim(), ...kept].join('; ');
}

function attributeName(attribute: string): string {
  const equals = attribute.indexOf('=');
  return (equals === -1 ? attribute : attribute.slice(0, equals)).trim().toLowerCase();
}

/** The brand-origin form of a `Location` that leads to the API's origin; `null` for others. */
function brandRedirect(location: string, at: { apiOrigin: string; brandUrl: URL }): string | null {
  let resolved: URL;
  try {
    // Resolved as the browser would, so a scheme-relative `//api.example/x` counts too.
    resolved = new URL(location, at.brandUrl);
  } catch {
    return null;
  }
  if (resolved.origin !== at.apiOrigin) return null;
  return at.brandUrl.origin + resolved.pathname + resolved.search + resolved.hash;
}

/**
 * A shared cache must never hand one shopper's cookie to another: `public` becomes `private`,
 * and a directive that would let a shared cache store the answer gains `private`.
 */
function privateCacheControl(cacheControl: string): string {
  const directives = cacheControl
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '')
    .map((directive) => (directive.toLowerCase() === 'public' ? 'private' : directive));
  const names = directives.map((directive) => attributeName(directive));
  if (!names.includes('private') && !names.includes('no-store')) directives.unshift('private');
  return directives.join(', ');
}

function errorResponse(status: number, message: string): Response {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  });
}
