import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, join, normalize, relative } from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import {
  fillTarget,
  headersFor,
  matchPattern,
  parseHeaders,
  parseRedirects,
  type HeaderRule,
  type RedirectRule,
} from './netlify-rules.ts';

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
   * (scripts/lib/rebuild/releases.ts): each request is served from the release the link
   * points at when it arrives, so a switch takes effect without a restart and no answer mixes
   * two releases.
   */
  distDir: string;
  /**
   * Answers `/api/*`, `/sanctum/*`, `/images/*`, the simulators and the development outbox
   * (`/dev/*`) on the same origin; gets the server's bindings (the socket), by which it
   * tells clients apart.
   */
  api: Pick<Hono, 'fetch'>;
  /** Path prefixes that go to `api`. */
  apiPrefixes?: string[];
}

const defaultApiPrefixes = [
  '/api/',
  '/sanctum/',
  '/images/',
  '/osrm/',
  '/address/',
  '/social/',
  '/providers/',
  // The development e-mail outbox; the API answers it only outside production.
  '/dev/',
];

/**
 * A static host with the semantics of Netlify / Cloudflare Pages: redirect rules (3xx) of
 * `_redirects` apply first, then files (`/a` -> `/a/index.html` or `/a.html`), then rewrite
 * rules (200), then `404.html` with status 404; `_headers` decorate every static answer.
 * The rule files themselves are the host's, never served (404), as on those hosts.
 */
export function createHostApp({
  distDir,
  api,
  apiPrefixes = defaultApiPrefixes,
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
        redirects: parseRedirects(read('_redirects')),
        headers: parseHeaders(read('_headers')),
      };
      releases.set(root, rules);
    }
    return { root, ...rules };
  };
  const app = new Hono();

  // Compression is the front's job, as nginx or a CDN does it before the chain's API; the
  // API itself answers plainly, which keeps build-time reads cheap. A page of search hits
  // is ~25 KB of JSON and ~4 KB gzipped.
  app.use('*', compress());
  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (apiPrefixes.some((p) => path.startsWith(p))) return api.fetch(c.req.raw, c.env);
    return next();
  });

  app.get('*', async (c) => {
    const url = new URL(c.req.url);
    const path = safeDecode(url.pathname);
    if (path === null) return c.text('Bad Request', 400);
    const { root, redirects, headers: headerRules } = current();

    for (const rule of redirects) {
      if (rule.status < 300 || rule.status >= 400) continue;
      const params = matchPattern(rule.from, url.pathname);
      if (params) return c.redirect(fillTarget(rule.to, params) + url.search, rule.status as 301);
    }

    const file = resolveFile(root, path) ?? earlierAsset(root, path);
    if (file) return serveFile(file, path, headerRules);

    for (const rule of redirects) {
      if (rule.status !== 200 && rule.status !== 404) continue;
      const params = matchPattern(rule.from, url.pathname);
      const target = params && resolveFile(root, fillTarget(rule.to, params));
      if (target) return serveFile(target, path, headerRules, rule.status);
    }

    const notFound = resolveFile(root, '/404.html');
    return notFound ? serveFile(notFound, path, headerRules, 404) : c.text('Not Found', 404);
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

// Read by the host itself; Netlify and Cloudflare Pages never serve them either. The
// release's record and the build stamp are the builder's.
const hostFiles = new Set(['_redirects', '_headers', '.release.json', '.build-stamp']);

/**
 * A built asset (`/_astro/…`, named by its content hash) that the live release no longer
 * has, from the brand's other kept releases, newest first: a page loaded before a switch
 * still gets its scripts and styles.
 */
function earlierAsset(root: string, path: string): string | null {
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
    if (file) return file;
  }
  return null;
}

/** The file a URL path names, never outside `root` and never one of {@link hostFiles}. */
function resolveFile(root: string, path: string): string | null {
  const clean = normalize(path).replace(/^(\.\.[/\\])+/, '');
  const candidates = clean.endsWith('/')
    ? [join(root, clean, 'index.html')]
    : [join(root, clean), join(root, clean, 'index.html'), join(root, `${clean}.html`)];
  for (const candidate of candidates) {
    if (!candidate.startsWith(normalize(root))) continue;
    if (hostFiles.has(relative(root, candidate))) continue;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

async function serveFile(
  file: string,
  path: string,
  rules: HeaderRule[],
  status = 200,
): Promise<Response> {
  const headers = new Headers({
    'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
  });
  for (const [name, value] of headersFor(rules, path)) headers.append(name, value);
  return new Response(await readFile(file), { status, headers });
}
