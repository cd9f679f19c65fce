/**
 * `npm run bench:weight`: per brand and page type, the bytes loaded before any interaction
 * (page load plus two quiet seconds, so idle and visible islands count), as transferred
 * (gzip from the host), split into HTML, CSS and JS, measured in Chromium on a phone
 * (412 x 823, as Lighthouse's mobile run) and, for JS, also on a desktop (1280 x 800),
 * where more islands are in view at once. JS counts every `.js` answer, prefetched island
 * code included. The checkout is measured with a filled cart in localStorage, so its island
 * renders the whole form, and my page with a customer logged in (registered through the
 * shop's form just before),
 * so it shows the customer code. `--brand <id>` measures one brand.
 * Budgets (on the phone): the home page (carousel, store search, cookie consent) at most
 * 30 KB of JS; the other static pages (content, a blog post, the shop list and a shop's
 * page) at most 15 KB; listing, search, product and bundle pages at most 80 KB; the checkout
 * and its return page at most 90 KB, React included; the login page, whose form is a React
 * island as the checkout's is, 90 KB; my page (with the QR library) 100 KB.
 * Every page type but those two must load no cart-modal or checkout code before
 * interaction, and none but the account pages any account page code (SPEC: screen code is
 * loaded on demand); a line per page type says which files broke those rules, if any.
 * Prints figures; asserts nothing.
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import type { CartLine } from '../src/lib/domain/cart.ts';
import { brands } from '../src/brands/index.ts';
import { registerThroughShop } from './lib/bench-account.ts';
import { benchCart, storeCart } from './lib/bench-cart.ts';
import { chromiumArgs, serveBrands, type PageType } from './lib/bench-site.ts';

const budgets: Record<string, number> = {
  // The carousel, the store search and the consent modal are the home page's own code.
  home: 30,
  'static page': 15,
  'blog post': 15,
  'shop list': 15,
  'shop page': 15,
  listing: 80,
  search: 80,
  product: 80,
  bundle: 80,
  checkout: 90,
  'return page': 90,
  login: 90,
  'my page': 100,
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
/** The account pages, whose own code no other page type may load before interaction. */
const accountTypes = new Set(['login', 'my page']);
/** Chunks of the account pages' islands. */
const accountChunk =
  /\/(LoginForm|RegisterForm|MyPage|History|CustomerCode|AccountField|use-account)\.[^/]*\.js$/;
/** Attributes only the account pages' islands render. */
const accountMarkers = ['data-my-page', 'data-customer-code', 'data-login'];
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
  /** Paths of the JS files that are (or hold) account page code. */
  accountCode: Set<string>;
}

/**
 * Measures one page load at one viewport; `cart` lines are in localStorage before it, and
 * with `account` a new customer is logged in first (in a page of its own, not measured).
 */
async function measure(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  cart: CartLine[] | null,
  account = false,
): Promise<Load> {
  const context = await browser.newContext({ viewport });
  if (account) {
    const setup = await context.newPage();
    await registerThroughShop(setup, new URL(url).origin);
    await setup.close();
  }
  const page = await context.newPage();
  // The setup page filled the context's cache; the measured load must fetch as a visit does.
  if (account) await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  if (cart) await page.addInitScript(storeCart, cart);
  const sizes: Load = { html: 0, css: 0, js: 0, checkoutCode: new Set(), accountCode: new Set() };
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
    if (accountChunk.test(path)) sizes.accountCode.add(path);
    pending.push(
      (async () => {
        // A body Chromium no longer holds leaves the check to the chunk's name.
        const body = await request
          .response()
          .then((r) => r?.text() ?? '')
          .catch(() => '');
        if (checkoutMarkers.some((m) => body.includes(m))) sizes.checkoutCode.add(path);
        if (accountMarkers.some((m) => body.includes(m))) sizes.accountCode.add(path);
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2000);
  await Promise.all(pending);
  await context.close();
  return sizes;
}

/**
 * The lines that say whether a page type kept the checkout's and the account pages' code
 * out before interaction (each page type is checked for the other feature's code only).
 */
function codeLines({ type }: PageType, phoneLoad: Load, desktopLoad: Load): string {
  const line = (what: string, files: string[]) =>
    files.length === 0
      ? `\n      ${what} code before interaction: none`
      : `\n      ${what} code before interaction: BROKEN RULE, ${files.join(', ')}`;
  const checkout = checkoutTypes.has(type)
    ? ''
    : line('checkout', [...new Set([...phoneLoad.checkoutCode, ...desktopLoad.checkoutCode])]);
  const account = accountTypes.has(type)
    ? ''
    : line('account', [...new Set([...phoneLoad.accountCode, ...desktopLoad.accountCode])]);
  return checkout + account;
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
      const sizes = await measure(browser, site.origin + path, phone, lines, pageType.account);
      const wide = await measure(browser, site.origin + path, desktop, lines, pageType.account);
      const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);
      const budget = budgets[type] ?? 80;
      const verdict = sizes.js / 1024 <= budget ? 'within' : 'OVER  ';
      if (verdict !== 'within') broken.push(`${site.brand} ${type}: JS over ${String(budget)} KB`);
      const codeLine = codeLines(pageType, sizes, wide);
      if (codeLine.includes('BROKEN')) broken.push(`${site.brand} ${type}: another page's code`);
      console.log(
        `  ${type.padEnd(13)}${kb(sizes.html)}${kb(sizes.css)}${kb(sizes.js)}   ${String(budget).padStart(2)} KB ${verdict}${kb(wide.js)}  (${path}${lines ? `, ${String(lines.length)} lines in the cart` : ''})${codeLine}`,
      );
    }
  }
  console.log(
    broken.length === 0
      ? "\nEvery budget kept; no page type loads the checkout's or the account pages' code but their own."
      : `\nBroken: ${broken.join('; ')}`,
  );
} finally {
  await browser.close();
  for (const site of served) site.close();
}
