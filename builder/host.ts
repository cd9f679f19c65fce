import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { basename, dirname, extname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { isApiPath } from '../contract/proxy.ts';
import { searchPage } from '../functions/_lib/search-page.ts';
import { SEARCH_PATH } from '../src/lib/domain/search-query.ts';
import {
  cloudflareApplies,
  fillTarget,
  headersFor,
  matchPattern,
  parseHeaders,
  parseRedirects,
  type HeaderRule,
  type RedirectRule,
} from './host-rules.ts';
import {
  readCloudflareRequest,
  readNetlifyRequest,
  transformPicture,
} from './picture-transform.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** What the host serves: one brand's build, and an app that answers the API paths. */
export interface HostOptions {
  /**
   * The brand's build folder, e.g. `dist/toppfart`, or the live link to its release
   * (builder/releases/releases.ts): each request is served from the release the link
   * points at when it arrives, so a switch takes effect without a restart and no answer mixes
   * two releases.
   */
  distDir: string;
  /**
   * Answers the API's paths (`API_PATH_PREFIXES`: `/api/*`, `/sanctum/*`, `/images/*`, the
   * simulators) and the development outbox (`/dev/*`) on the same origin; gets the server's
   * bindings (the socket), by which it tells clients apart.
   */
  api: Pick<Hono, 'fetch'>;
  /**
   * Where the pictures the host's image service made are kept (builder/picture-transform.ts);
   * default `.cache/pictures/`.
   */
  pictureCacheDir?: string;
}

const defaultPictureCacheDir = fileURLToPath(new URL('../.cache/pictures/', import.meta.url));

// The development e-mail outbox; the API answers it only outside production, and no deployed
// host forwards it.
const DEV_PREFIX = '/dev/';

/**
 * A static host with Cloudflare Pages' semantics, which `wrangler pages dev` shows and the
 * parity test (tests/e2e/deployed.spec.ts) holds this host to: the rules of `_redirects`
 * that Cloudflare applies come first, before any file, in file order (a 3xx redirects, a 200
 * serves the page it names); then files, where `a.html` answers `/a`, `a/index.html` answers
 * `/a/`, and the other spellings redirect (308) to those; then the nearest `404.html` up the
 * path, with status 404. `_headers` decorate every static answer, redirects included. The
 * rule files themselves are the host's, never served (404).
 */
export function createHostApp({
  distDir,
  api,
  pictureCacheDir = defaultPictureCacheDir,
}: HostOptions): Hono {
  const releases = new Map<string, { redirects: RedirectRule[]; headers: HeaderRule[] }>();
  /** The folder `distDir` resolves to now, with its rule files read once per release. */
  const current = () => {
    const root = existsSync(distDir) ? realpathSync(distDir) : distDir;
    let rules = releases.get(root);
    if (!rules) {
      const read = (name: string) =>
        existsSync(join(root, name)) ? readFileSync(join(root, name), 'utf8') : '';
      rules = {
        redirects: parseRedirects(read('_redirects')).filter(cloudflareApplies),
        headers: parseHeaders(read('_headers')),
      };
      releases.set(root, rules);
    }
    return { root, ...rules };
  };
  const app = new Hono();
  const gzipped = gzipCache();

  // Compression is the front's job, as nginx or a CDN does it before the chain's API; the
  // API itself answers plainly, which keeps build-time reads cheap. A page of search hits
  // is ~25 KB of JSON and ~4 KB gzipped.
  app.use('*', compress());
  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (isApiPath(path) || path.startsWith(DEV_PREFIX)) return api.fetch(c.req.raw, c.env);
    return next();
  });

  // The host's image service, as Cloudflare's edge and Netlify Image CDN answer the URLs the
  // pages carry (src/lib/domain/picture-url.ts), so what is measured here is what ships.
  app.get('*', async (c, next) => {
    const url = new URL(c.req.url);
    const request = readCloudflareRequest(url.pathname) ?? readNetlifyRequest(url);
    if (request === null) return next();
    const readSource = (src: string) =>
      src.startsWith('/') ? app.request(src, {}, c.env) : fetch(src);
    const picture = await transformPicture(
      request,
      c.req.header('Accept') ?? '',
      readSource,
      pictureCacheDir,
    );
    if (picture === null) return c.text('Not Found', 404);
    return c.body(picture.body, 200, {
      'Content-Type': picture.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept',
    });
  });

  // A plain search is drawn before it is sent, by the code the Pages Function runs.
  app.get(`${SEARCH_PATH}/*`, async (c, next) => {
    const page = await searchPage(c.req.raw, {
      file: async (path) => app.request(path, {}, c.env),
      api: async (request) => api.fetch(request, c.env),
    });
    return page ?? next();
  });

  app.get('*', async (c) => {
    const url = new URL(c.req.url);
    const path = safeDecode(url.pathname);
    if (path === null) return c.text('Bad Request', 400);
    const { root, redirects, headers: rules } = current();
    const gzip = acceptsGzip(c.req.header('Accept-Encoding')) ? gzipped : null;
    const serveFile = (file: string, status = 200) => serveStatic(file, path, rules, status, gzip);
    const redirect = (status: number, location: string): Response =>
      withHeaders(new Response(null, { status, headers: { Location: location } }), path, rules);

    for (const rule of redirects) {
      const params = matchPattern(rule.from, url.pathname);
      if (!params) continue;
      const target = fillTarget(rule.to, params);
      if (rule.status !== 200) return redirect(rule.status, target + url.search);
      const found = findPage(root, safeDecode(target) ?? target);
      if (found?.file) return serveFile(found.file);
      break;
    }

    const found = findPage(root, path) ?? earlierAsset(root, path);
    if (found?.file) return serveFile(found.file);
    if (found?.redirect) return redirect(308, encodeURI(found.redirect) + url.search);

    const notFound = nearestNotFound(root, path);
    return notFound ? serveFile(notFound, 404) : c.text('Not Found', 404);
  });
  return app;
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

// Read by the host itself; Cloudflare Pages and Netlify never serve them either. The
// release's record and the build stamp are the builder's.
const hostFiles = new Set([
  '_redirects',
  '_headers',
  '_routes.json',
  '.release.json',
  '.build-stamp',
]);

/** A file to serve, or the address its page is served at instead. */
type Found = { file: string; redirect?: never } | { redirect: string; file?: never };

/**
 * Cloudflare's `auto-trailing-slash` handling of a path: a file by its name, a page `a.html`
 * at `/a` and `a/index.html` at `/a/`; `/a.html`, `/a/index.html`, `/a/` (for `a.html`) and
 * `/a` (for `a/index.html`) redirect to the spelling that serves.
 */
function findPage(root: string, path: string): Found | null {
  const file = (p: string) => resolveFile(root, p);
  if (path.endsWith('/index.html') && file(path)) return { redirect: path.slice(0, -10) };
  if (path.endsWith('.html') && file(path)) return { redirect: path.slice(0, -5) };
  if (path.endsWith('/')) {
    const index = file(`${path}index.html`);
    if (index) return { file: index };
    return path.length > 1 && file(`${path.slice(0, -1)}.html`)
      ? { redirect: path.slice(0, -1) }
      : null;
  }
  const page = file(path) ?? file(`${path}.html`);
  if (page) return { file: page };
  return file(`${path}/index.html`) ? { redirect: `${path}/` } : null;
}

/** The `404.html` nearest to `path`: in its folder, else in each folder above it. */
function nearestNotFound(root: string, path: string): string | null {
  const folders = path.split('/').slice(1, -1);
  for (let depth = folders.length; depth >= 0; depth--) {
    const page = resolveFile(root, `/${[...folders.slice(0, depth), '404.html'].join('/')}`);
    if (page) return page;
  }
  return null;
}

/**
 * A built asset (`/_astro/…`, named by its content hash) that the live release no longer
 * has, from the brand's other kept releases, newest first: a page loaded before a switch
 * still gets its scripts and styles.
 */
function earlierAsset(root: string, path: string): Found | null {
  if (!path.startsWith('/_astro/')) return null;
  const releasesDir = dirname(root);
  if (basename(dirname(releasesDir)) !== '.releases') return null;
  const others = readdirSync(releasesDir)
    .map((name) => join(releasesDir, name))
    .filter((dir) => dir !== root)
    .sort()
    .reverse();
  for (const dir of others) {
    const file = resolveFile(dir, path);
    if (file) return { file };
  }
  return null;
}

/** The file a URL path names exactly, never outside `root` and never one of {@link hostFiles}. */
function resolveFile(root: string, path: string): string | null {
  const candidate = join(root, normalize(path).replace(/^(\.\.[/\\])+/, ''));
  if (!candidate.startsWith(normalize(root))) return null;
  if (hostFiles.has(relative(root, candidate))) return null;
  return existsSync(candidate) && statSync(candidate).isFile() ? candidate : null;
}

/**
 * `_headers` on a static answer, and what Cloudflare Pages adds to every static answer:
 * `Access-Control-Allow-Origin: *`.
 */
function withHeaders(response: Response, path: string, rules: HeaderRule[]): Response {
  for (const [name, value] of headersFor(rules, path)) response.headers.append(name, value);
  if (!response.headers.has('Access-Control-Allow-Origin')) {
    response.headers.set('Access-Control-Allow-Origin', '*');
  }
  return response;
}

/** Bytes of gzipped files the host keeps (the pages shoppers ask for most stay in). */
const GZIP_CACHE_BYTES = 64 * 1024 * 1024;
/** Below this, compressing costs more than it saves (hono's compress() threshold). */
const GZIP_MIN_BYTES = 1024;

// On libuv's threads, as compress() did, so a page being compressed never holds up the
// answers the host's one thread is sending meanwhile.
const gzipInPool = promisify(gzipCallback);

/** Gzipped files by path and version, the least recently asked for dropped first. */
type GzipCache = (file: string, body: Buffer) => Promise<Buffer<ArrayBuffer>>;

/**
 * Each file gzipped once per version (its size and modification time), as a CDN keeps its
 * compressed copies. Compressing every answer anew was most of the host's work: 100 clients
 * asking for pages of 70–80 KB got some 590 answers a second, 800 with this cache.
 */
function gzipCache(limit = GZIP_CACHE_BYTES): GzipCache {
  const entries = new Map<string, Buffer<ArrayBuffer>>();
  let bytes = 0;
  return async (file, body) => {
    const { mtimeMs } = await stat(file);
    const key = `${file}\0${String(mtimeMs)}\0${String(body.length)}`;
    let zipped = entries.get(key);
    if (zipped) entries.delete(key);
    else {
      zipped = await gzipInPool(body);
      bytes += zipped.length;
    }
    entries.set(key, zipped);
    for (const [oldest, old] of entries) {
      if (bytes <= limit) break;
      entries.delete(oldest);
      bytes -= old.length;
    }
    return zipped;
  };
}

/** Whether `Accept-Encoding` takes gzip (a q of 0, or only `*;q=0`, refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  const accepts = parseAccept(header);
  const q = (type: string) => accepts.find((a) => a.type.toLowerCase() === type)?.q;
  return (q('gzip') ?? q('*') ?? 0) > 0;
}

/**
 * A file as Cloudflare Pages answers it (`_headers`, its default caching), gzipped from
 * `gzip` when the answer may be compressed (as compress() judges, which then leaves it).
 */
async function serveStatic(
  file: string,
  path: string,
  rules: HeaderRule[],
  status: number,
  gzip: GzipCache | null,
): Promise<Response> {
  const type = contentTypes[extname(file)] ?? 'application/octet-stream';
  const body = await readFile(file);
  const response = withHeaders(
    new Response(body, { status, headers: { 'Content-Type': type } }),
    path,
    rules,
  );
  // Cloudflare's caching of a file that `_headers` says nothing about: revalidated every time,
  // and a not-found page never kept.
  if (!response.headers.has('Cache-Control')) {
    const cacheControl = status === 404 ? 'no-store' : 'public, max-age=0, must-revalidate';
    response.headers.set('Cache-Control', cacheControl);
  }
  const compressible =
    body.length >= GZIP_MIN_BYTES &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/iu.test(response.headers.get('Cache-Control') ?? '');
  if (!gzip || !compressible) return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', 'gzip');
  headers.append('Vary', 'Accept-Encoding');
  return new Response(await gzip(file, body), { status, headers });
}
