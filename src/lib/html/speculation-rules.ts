/**
 * The page's Speculation Rules (`<script type="speculationrules">`, written by the Base
 * layout as inline JSON, so no script of ours runs for them): the browser fetches a
 * same-site page while the pointer rests on its link or presses it (eagerness `moderate`),
 * and on a listing, search or bundle page draws a product page in full before it is opened:
 * the first row's at once, the others on hover or press.
 * Browsers without the API ignore the element. The pages a visit must reach for real are
 * never speculated: what the browser fetched ahead would start sessions, read a customer's
 * state or act on a link's query.
 */

import { createHash } from 'node:crypto';
import { LOGIN_PATH, MY_PAGE_PATH } from '../routes/account.ts';

/** Pages, with everything under them, that no rule ever fetches or draws ahead. */
export const NEVER_SPECULATED = [
  '/checkout',
  MY_PAGE_PATH,
  LOGIN_PATH,
  '/registrer',
  '/glemt-passord',
  '/nytt-passord',
  '/bekreft-epost',
  '/angre',
  '/angre-kjop',
  '/angreskjema',
  '/publisering',
  '/preview',
  '/api',
] as const;

/** The routes (the Base layout's `routeName`) whose product links are prerendered. */
const PRODUCT_PRERENDER_ROUTES = new Set(['category', 'gender', 'search', 'bundle']);

/** Links to a product page, drawn by article-card-html.ts and the product page's own links. */
const PRODUCT_LINKS = '/product/*';

/**
 * The product links of a grid's first row on a phone (two columns, article-grid.ts): the
 * cards a shopper most often opens, and above the fold. A hover of 200 ms is too short for a
 * product page and its picture to arrive on a phone's network (click to picture 380 ms at
 * p75 on slow 4G, `npm run bench:navigate`), so these two are drawn as soon as the page has
 * them (eagerness `immediate`): about two product pages' bytes per listing, which Chromium
 * skips under Save-Data, the battery saver and memory pressure.
 */
export const FIRST_ROW_LINKS = 'li:nth-child(-n+2) > article a';

/**
 * The link conditions every rule shares: a same-site path (the pattern is read against the
 * page's own origin), none of {@link NEVER_SPECULATED}, no query (on a static site a query
 * is read by the page's scripts, and some act on it: a token, a login's next page), no
 * new window and no download.
 */
const SAFE_LINK = [
  { href_matches: '/*' },
  {
    not: { href_matches: NEVER_SPECULATED.flatMap((path) => [path, `${path}/*`, `${path}.html`]) },
  },
  { not: { selector_matches: 'a[href*="?"], a[target="_blank"], a[download]' } },
];

/** The Speculation Rules of a page of route `routeName`, as the JSON its script holds. */
export function speculationRules(routeName: string): string {
  const productLink = [...SAFE_LINK, { href_matches: PRODUCT_LINKS }];
  const prerender = PRODUCT_PRERENDER_ROUTES.has(routeName)
    ? [
        {
          source: 'document',
          where: { and: [...productLink, { selector_matches: FIRST_ROW_LINKS }] },
          eagerness: 'immediate',
        },
        { source: 'document', where: { and: productLink }, eagerness: 'moderate' },
      ]
    : [];
  return JSON.stringify({
    ...(prerender.length ? { prerender } : {}),
    prefetch: [{ source: 'document', where: { and: SAFE_LINK }, eagerness: 'moderate' }],
  });
}

/** The CSP source (`'sha256-…'` without quotes, as Astro takes it) that allows `json` inline. */
export function inlineScriptHash(json: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(json).digest('base64')}`;
}
