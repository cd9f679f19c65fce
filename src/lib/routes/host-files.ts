import { API_PATH_PREFIXES, PROXY_SECRET_VARIABLE } from '../../../contract/proxy.ts';
import type { Brand } from '../../brands/schema.ts';
import { SEARCH_PATH } from '../domain/search-query.ts';
import type { DeployTarget } from '../site.ts';
import { fixedRedirects } from './redirects.ts';

/** What `_redirects` depends on beside the spec's route table. */
export interface RedirectsOptions {
  /** The brand has polls, whose ids the build did not know go to the poll shell. */
  polls?: boolean;
  /** The host the release is for, and where Netlify proxies the API (lib/site.ts). */
  target?: DeployTarget;
}

/**
 * `_redirects` in the format Cloudflare Pages and Netlify read: the spec's permanent redirects,
 * then the rewrites that send URL-driven routes to their static shells. Cloudflare applies
 * every rule before it looks for a file, so a rewrite there must never cover a page: search
 * and selections have only their shell under their prefix. Product and poll paths the build
 * did not know reach their shells as not found (`/product/404.html`, `/avstemning/404.html`):
 * Cloudflare serves the nearest `404.html` by itself, Netlify (which looks for files first)
 * by a 404 rule. For Netlify with an API origin, the API's paths are proxied there, signed
 * with the secret in `API_PROXY_SECRET` (contract/README.md, "The static host's proxy");
 * Cloudflare's Pages Function does that (functions/). A product id the build knows is no
 * rule here but a pre-rendered redirect page (src/pages/product/[slug].astro), so the file's
 * length does not grow with the catalogue: Cloudflare Pages takes at most 2,000 static and
 * 100 dynamic rules.
 */
export function redirectsFile({
  polls = false,
  target = { host: 'cloudflare', apiOrigin: null },
}: RedirectsOptions = {}): string {
  const netlify = target.host === 'netlify';
  const lines = [
    ...(netlify && target.apiOrigin !== null
      ? [
          '# The API, proxied and signed (contract/README.md)',
          ...API_PATH_PREFIXES.map(
            (prefix) =>
              `${prefix}* ${target.apiOrigin}${prefix}:splat 200! Sign=${PROXY_SECRET_VARIABLE}`,
          ),
          '',
        ]
      : []),
    '# Permanent redirects of the route table (docs/spec.md §2)',
    ...fixedRedirects.map((r) => `${r.from} ${r.to} 301`),
    '/voksen /uni 301',
    '/article/:id /product/:id 301',
    '',
    '# Routes known only in the browser: static shells whose island reads the URL',
    '/search/* /search 200',
    '/utvalg/* /utvalg 200',
    ...(netlify
      ? [
          ...(polls ? ['/avstemning/* /avstemning/404.html 404'] : []),
          '/product/* /product/404.html 404',
        ]
      : []),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Cloudflare Pages' `_routes.json`: the Pages Function (functions/) runs for the API's paths
 * and for searches (`/search/*`, which it draws with their first page), so the other pages
 * and the assets stay static files and cost no invocation. `/cdn-cgi/image/*` is
 * listed for `wrangler pages dev`, where the function stands in for the image service; on
 * Cloudflare the edge answers it before Pages does.
 */
export function routesFile(): string {
  const include = [
    ...API_PATH_PREFIXES.map((prefix) => `${prefix}*`),
    `${SEARCH_PATH}/*`,
    '/cdn-cgi/image/*',
  ];
  return `${JSON.stringify({ version: 1, include, exclude: [] }, null, 2)}\n`;
}

/**
 * Security headers for every answer. The per-page Content-Security-Policy with script and
 * style hashes is in each page's head (Astro writes it); the header adds what a meta
 * policy cannot carry (frame-ancestors) and must not narrow scripts, since two policies
 * both apply.
 */
export function headersFile(): string {
  return `/*
  Content-Security-Policy: frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'
  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: camera=(), microphone=(), payment=(), usb=(), interest-cohort=(), geolocation=(self)
  X-Frame-Options: DENY
/_astro/*
  Cache-Control: public, max-age=31536000, immutable
/brands/*
  Cache-Control: public, max-age=86400
`;
}

/**
 * robots.txt: everything but the checkout's return pages and home previews, and where the
 * sitemap is. Search results and selections stay crawlable: a shared link to them is a
 * landing page. `/checkout` itself may be crawled: its HTML is the shop's plain 'Kassen'
 * page (the cart lives in the shopper's browser), and a blocked page is an SEO failure.
 */
export function robotsFile(brand: Brand): string {
  return [
    'User-agent: *',
    'Disallow: /checkout/',
    'Disallow: /preview/',
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', brand.siteUrl).href}`,
    '',
  ].join('\n');
}
