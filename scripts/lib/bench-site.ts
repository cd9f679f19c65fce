import { serve } from '@hono/node-server';
import { existsSync, readdirSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'selfsigned';
import { openDatabase } from '../../server/db/database.ts';
import { NO_RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { startApiServer } from '../../server/main.ts';
import { ensureSeeded } from '../../server/seed/ensure.ts';
import { buildBrand } from '../../builder/build-brands.ts';
import { createHostApp } from '../../builder/host.ts';
import { buildFingerprint, isFresh, writeStamp } from '../../builder/stale.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A page type the benchmarks measure, with a path of that type in the brand's build. */
export interface PageType {
  type: string;
  path: string;
  /** The page is only what it is for with a filled cart in localStorage (the checkout). */
  cart?: boolean;
  /** The page is only what it is for with a logged-in customer (my page). */
  account?: boolean;
}

/** One brand's build, served as the host will serve it. */
export interface ServedBrand {
  brand: string;
  origin: string;
  /** The reference API's own origin, plain HTTP, for the benchmark's set-up calls from Node. */
  apiOrigin: string;
  pageTypes: PageType[];
  /** Where the build named by {@link ServeOptions.against} is served, when one is. */
  againstOrigin?: string;
  close: () => void;
}

function firstPage(distDir: string, folder: string): string | null {
  const dir = join(distDir, folder);
  if (!existsSync(dir)) return null;
  // Pages are files (builder/storefront-build.ts); `404.html` is a shell and `{id}.html` a redirect.
  const name = readdirSync(dir)
    .sort()
    .find((n) => n.endsWith('.html') && n !== '404.html' && !/^\d+\.html$/.test(n));
  return name ? `/${folder}/${name.slice(0, -'.html'.length)}` : null;
}

/**
 * The page types of the spec's route table that `brand`'s build has: home, a content page,
 * a listing, a search, a product and a bundle page, a blog post, the shop list and a shop's
 * page (the blog's and the shop finder's folders hold only pages in their first level), then
 * the checkout (measured with a filled cart), its return page, the login page and my page
 * (with a logged-in customer).
 */
export function pageTypesOf(distDir: string): PageType[] {
  const catalogue: Array<[string, string | null]> = [
    ['home', '/'],
    ['static page', '/kundeservice'],
    ['listing', firstPage(distDir, 'klaer')],
    ['search', '/search/jakke'],
    ['product', firstPage(distDir, 'product')],
    ['bundle', '/utvalg/1+2+3'],
    ['blog post', firstPage(distDir, 'blogg')],
    ['shop list', existsSync(join(distDir, 'butikker.html')) ? '/butikker' : null],
    ['shop page', firstPage(distDir, 'butikker')],
  ];
  return [
    ...catalogue.flatMap(([type, path]) => (path ? [{ type, path }] : [])),
    { type: 'checkout', path: '/checkout', cart: true },
    { type: 'return page', path: '/checkout/kvittering' },
    { type: 'login', path: '/logg-inn' },
    { type: 'my page', path: '/min-side', account: true },
  ];
}

/** How {@link serveBrands} serves. */
export interface ServeOptions {
  /**
   * HTTP/2 over TLS with a throwaway self-signed certificate (HTTP/1.1 still answered), as
   * Cloudflare Pages and Netlify serve a shop; the browser must then be started with
   * `--ignore-certificate-errors`. Lighthouse's simulated network (Lantern) models the
   * protocol it observes: over HTTP/1.1 each request that runs beside another pays a new
   * connection's round trips, over HTTP/2 they share one, so a page's simulated times
   * depend on it.
   */
  http2?: boolean;
  /**
   * A second build of the (one) brand to serve beside its current one, e.g. a release kept in
   * dist/.releases/<brand>/ or a copy of one, at {@link ServedBrand.againstOrigin}: a
   * benchmark can then alternate its runs between the two, so that both meet the same spells
   * of a shared machine's speed.
   */
  against?: string;
}

/** A certificate for 127.0.0.1, made once per process. */
let certificate: Promise<{ key: string; cert: string }> | undefined;

function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  certificate ??= generate([{ name: 'commonName', value: '127.0.0.1' }], {
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  }).then(({ private: key, cert }) => ({ key, cert }));
  return certificate;
}

/**
 * Serves `brands` from dist/ against the reference database (5,000 articles, seeded when
 * empty), building each brand first when its build is stale, exactly as `npm start` does.
 */
export async function serveBrands(
  brands: readonly string[],
  options: ServeOptions = {},
): Promise<ServedBrand[]> {
  if (options.against && brands.length !== 1) {
    throw new Error('A build to compare against needs exactly one brand');
  }
  const db = openDatabase(process.env['DATABASE_PATH']);
  const catalogue = ensureSeeded(db);
  // The benchmarks' browser sends every request from loopback: no limits to trip over.
  const apiServer = await startApiServer({ port: 0, db, rateLimits: NO_RATE_LIMITS });
  const { app: api, url: apiUrl } = apiServer;
  const listen = async (distDir: string) => {
    const fetch = createHostApp({ distDir, api }).fetch;
    const host = options.http2
      ? serve({
          fetch,
          port: 0,
          hostname: '127.0.0.1',
          createServer: createSecureServer,
          serverOptions: { ...(await selfSignedCertificate()), allowHTTP1: true },
        })
      : serve({ fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => host.once('listening', resolve));
    return {
      origin: `${options.http2 ? 'https' : 'http'}://127.0.0.1:${(host.address() as AddressInfo).port}`,
      close: () => host.close(),
    };
  };
  const served: ServedBrand[] = [];
  for (const brand of brands) {
    const distDir = join(root, 'dist', brand);
    // The same fingerprint as `npm start`, so a build either of them made serves both.
    const fingerprint = buildFingerprint(root, `${brand}\0reference\0${catalogue}`);
    if (!isFresh(distDir, fingerprint)) {
      console.log(`Building ${brand} ...`);
      await buildBrand({ brand }, apiUrl);
      writeStamp(distDir, fingerprint);
    }
    const host = await listen(distDir);
    const against = options.against ? await listen(options.against) : null;
    served.push({
      brand,
      origin: host.origin,
      apiOrigin: new URL(apiUrl).origin,
      pageTypes: pageTypesOf(distDir),
      ...(against ? { againstOrigin: against.origin } : {}),
      close: () => {
        host.close();
        against?.close();
      },
    });
  }
  const last = served.at(-1);
  if (last) {
    const closeHost = last.close;
    last.close = () => {
      closeHost();
      void apiServer.close();
    };
  }
  return served;
}

/** Chromium flags for benchmarks on these machines (Debian's Chromium, closed network). */
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
