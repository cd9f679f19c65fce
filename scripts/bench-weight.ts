/**
 * `npm run bench:weight`: per brand and page type, the bytes loaded before any interaction
 * (page load plus two quiet seconds, so idle and visible islands count), as transferred
 * (gzip from the host), split into HTML, CSS and JS, measured in Chromium on a phone
 * (412 x 823, as Lighthouse's mobile run) and, for JS, also on a desktop (1280 x 800),
 * where more islands are in view at once. JS counts every `.js` answer, prefetched island
 * code included. The checkout is measured with a filled cart in localStorage, so its island
 * renders the whole form. `--brand <id>` measures one brand.
 * Budgets (on the phone): static pages (home, content) at most 15 KB of JS; listing,
 * search, product and bundle pages at most 80 KB; the checkout and its return page at most
 * 90 KB, React included. Every page type but those two must load no cart-modal or checkout
 * code before interaction (SPEC: screen code is loaded on demand); a line per page type
 * says which files broke that rule, if any. Prints figures; asserts nothing.
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import type { CartLine } from '../src/lib/domain/cart.ts';
import { brands } from '../src/brands/index.ts';
import { benchCart, storeCart } from './lib/bench-cart.ts';
import { chromiumArgs, serveBrands, type PageType } from './lib/bench-site.ts';

const budgets: Record<string, number> = {
  home: 15,
  'static page': 15,
  listing: 80,
  search: 80,
  product: 80,
  bundle: 80,
  checkout: 90,
  'return page': 90,
};
/** The page types whose own code is the checkout's; every other must load none of it. */
const checkoutTypes = new Set(['checkout', 'return page']);

/** Chunks named after the cart modal's and the checkout's modules (open-cart.Ab12.js ...). */
const checkoutChunk =
  /\/(open-cart|CartModal|PromoCodeDialog|CheckoutIsland|PaymentResult)\.[^/]*\.js$/;
/**
 * Strings that only those modules hold, in case the bundler folds them into a chunk of
 * another name: the modal's heading, and attributes the checkout and return page render.
 */
const checkoutMarkers = ['Min Handlekurv', 'data-checkout-submit', 'data-result-number'];
const phone = { width: 412, height: 823 };
const desktop = { width: 1280, height: 800 };

/** What a page load fetched, at one viewport. */
interface Load {
  /** Bytes by kind, as transferred. */
  html: number;
  css: number;
  js: number;
  /** Paths of the JS files that are (or hold) cart-modal or checkout code. */
  checkoutCode: Set<string>;
}

/** Measures one page load at one viewport; `cart` lines are in localStorage before it. */
async function measure(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  cart: CartLine[] | null,
): Promise<Load> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (cart) await page.addInitScript(storeCart, cart);
  const sizes: Load = { html: 0, css: 0, js: 0, checkoutCode: new Set() };
  const pending: Array<Promise<void>> = [];
  page.on('requestfinished', (request) => {
    // A prefetch is of type "other", yet it is script the page downloads before interaction.
    const kind = new URL(request.url()).pathname.endsWith('.js')
      ? 'script'
      : request.resourceType();
    pending.push(
      request.sizes().then((s) => {
        const bytes = s.responseBodySize;
        if (kind === 'document') sizes.html += bytes;
        else if (kind === 'stylesheet') sizes.css += bytes;
        else if (kind === 'script') sizes.js += bytes;
      }),
    );
    if (kind !== 'script') return;
    const path = new URL(request.url()).pathname;
    if (checkoutChunk.test(path)) sizes.checkoutCode.add(path);
    pending.push(
      (async () => {
        // A body Chromium no longer holds leaves the check to the chunk's name.
        const body = await request
          .response()
          .then((r) => r?.text() ?? '')
          .catch(() => '');
        if (checkoutMarkers.some((m) => body.includes(m))) sizes.checkoutCode.add(path);
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2000);
  await Promise.all(pending);
  await context.close();
  return sizes;
}

/** The line that says whether a page type kept the checkout's code out before interaction. */
function checkoutCodeLine({ type }: PageType, phoneLoad: Load, desktopLoad: Load): string {
  if (checkoutTypes.has(type)) return '';
  const files = [...new Set([...phoneLoad.checkoutCode, ...desktopLoad.checkoutCode])];
  return files.length === 0
    ? '\n      checkout code before interaction: none'
    : `\n      checkout code before interaction: BROKEN RULE, ${files.join(', ')}`;
}

const { values } = parseArgs({ options: { brand: { type: 'string' } } });
const served = await serveBrands(values.brand ? [values.brand] : brands.map((b) => b.id));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const broken: string[] = [];
try {
  for (const site of served) {
    console.log(`\n${site.brand}`);
    console.log('  page type      HTML KB   CSS KB    JS KB   JS budget        JS KB desktop');
    const cart = site.pageTypes.some((p) => p.cart) ? await benchCart(site.origin) : null;
    for (const pageType of site.pageTypes) {
      const { type, path } = pageType;
      const lines = pageType.cart ? cart : null;
      const sizes = await measure(browser, site.origin + path, phone, lines);
      const wide = await measure(browser, site.origin + path, desktop, lines);
      const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);
      const budget = budgets[type] ?? 80;
      const verdict = sizes.js / 1024 <= budget ? 'within' : 'OVER  ';
      if (verdict !== 'within') broken.push(`${site.brand} ${type}: JS over ${String(budget)} KB`);
      const codeLine = checkoutCodeLine(pageType, sizes, wide);
      if (codeLine.includes('BROKEN')) broken.push(`${site.brand} ${type}: checkout code`);
      console.log(
        `  ${type.padEnd(13)}${kb(sizes.html)}${kb(sizes.css)}${kb(sizes.js)}   ${String(budget).padStart(2)} KB ${verdict}${kb(wide.js)}  (${path}${lines ? `, ${String(lines.length)} lines in the cart` : ''})${codeLine}`,
      );
    }
  }
  console.log(
    broken.length === 0
      ? '\nEvery budget kept; no page type but the checkout loads checkout code.'
      : `\nBroken: ${broken.join('; ')}`,
  );
} finally {
  await browser.close();
  for (const site of served) site.close();
}
