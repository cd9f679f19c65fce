import type { Brand } from '../../brands/schema.ts';
import { fixedRedirects } from './redirects.ts';

/**
 * `_redirects` in the format Netlify and Cloudflare Pages read: SPEC's permanent redirects,
 * then the rewrites that send URL-driven routes to their static shells (a rewrite never
 * shadows a page that exists as a file). The product shell comes last: it answers ids and
 * slugs the build did not know. A product id the build knows is no rule here but a
 * pre-rendered redirect page (src/pages/product/[slug].astro), so the file's length does not
 * grow with the catalogue: Cloudflare Pages takes at most 2,000 static and 100 dynamic rules.
 * With `polls` (the brand has polls), poll ids the build did not know go to the poll shell.
 */
export function redirectsFile({ polls = false }: { polls?: boolean } = {}): string {
  const lines = [
    '# Permanent redirects of the route table (SPEC section 2)',
    ...fixedRedirects.map((r) => `${r.from} ${r.to} 301`),
    '/voksen /uni 301',
    '/article/:id /product/:id 301',
    '',
    '# Routes known only in the browser: static shells whose island reads the URL',
    '/search/* /search/ 200',
    '/utvalg/* /utvalg/ 200',
    ...(polls ? ['/avstemning/* /avstemning/_/ 200'] : []),
    '/product/* /product/_/ 200',
  ];
  return `${lines.join('\n')}\n`;
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
