/**
 * What a page loads before the shopper does anything, and the budgets it must keep: read by
 * `npm run bench:weight` (figures per brand and page type) and by the browser test that fails
 * `npm test` when a page goes over (tests/e2e/budgets.spec.ts). Bytes, not times: the same
 * build loads the same bytes on every run.
 */
import type { Browser } from 'playwright-core';
import type { CartLine } from '../../src/lib/domain/cart.ts';
import { registerThroughShop } from './bench-account.ts';
import { storeCart } from './bench-cart.ts';

/**
 * KB of JS (gzip, as transferred) a page type may load before interaction on a phone. The
 * carousel, the store search and the consent modal are the home page's own code; listings,
 * search, product and bundle pages prefetch their island's code and React; the checkout,
 * its return page and the login page are React islands; my page adds the QR library.
 */
export const jsBudgets: Readonly<Record<string, number>> = {
  home: 30,
  'static page': 15,
  'blog post': 15,
  'shop list': 15,
  'shop page': 15,
  listing: 80,
  search: 80,
  product: 80,
  bundle: 80,
  // The checkout loads React (69 KB), the layout, the API client with ofetch (5.6, for the
  // live stock check on arrival) and its own code: the form, the summary above the order
  // button that issue 23's law requires, the cart and checkout stores and the live check.
  // What only typing, the promo code, Klikk & Hent or the order needs loads on interaction.
  checkout: 90,
  'return page': 90,
  login: 90,
  'my page': 100,
};

/** KB of pictures a page type may load for its first screen on a 390 px phone. */
export const pictureBudgets: Readonly<Record<string, number>> = {
  listing: 150,
  product: 200,
};

/** The viewports: Lighthouse's mobile run, a 390 px phone, a desktop. */
export const viewports = {
  phone: { width: 412, height: 823 },
  smallPhone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

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

/** What a page load fetched, at one viewport. */
export interface Load {
  /** Bytes by kind, as transferred. */
  html: number;
  css: number;
  js: number;
  pictures: number;
  /** Paths of the JS files that are (or hold) cart-modal or checkout code. */
  checkoutCode: Set<string>;
  /** Paths of the JS files that are (or hold) account page code. */
  accountCode: Set<string>;
}

/**
 * Measures one page load at one viewport: until the network has been quiet for half a
 * second (the same bytes as two fixed seconds after load gave, in a third of the time), so
 * idle and visible islands and the first screen's pictures count; JS counts every `.js` answer,
 * prefetched island code included. `cart` lines are in localStorage before it, and with
 * `account` a new customer is logged in first (in a page of its own, not measured).
 */
export async function measureLoad(
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
  const sizes: Load = {
    html: 0,
    css: 0,
    js: 0,
    pictures: 0,
    checkoutCode: new Set(),
    accountCode: new Set(),
  };
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
        else if (kind === 'image') sizes.pictures += bytes;
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
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return sizes;
}

/**
 * The JS files of another feature that a page type loaded before interaction, against the spec's
 * "screen code is loaded on demand": the checkout's code on any page but its own two, the
 * account pages' on any but theirs.
 */
export function foreignCode(
  type: string,
  ...loads: Load[]
): { checkout: string[]; account: string[] } {
  const all = (pick: (load: Load) => Set<string>) => [
    ...new Set(loads.flatMap((l) => [...pick(l)])),
  ];
  return {
    checkout: checkoutTypes.has(type) ? [] : all((l) => l.checkoutCode),
    account: accountTypes.has(type) ? [] : all((l) => l.accountCode),
  };
}
