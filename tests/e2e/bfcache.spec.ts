import { chromium, type Browser, type Page } from '@playwright/test';
import { Carousel } from './fixtures/carousel.ts';
import { presetConsent } from './fixtures/consent.ts';
import { chromiumLaunch } from './fixtures/chromium.ts';
import { ListingPage } from './fixtures/listing-page.ts';
import { expect, test } from './fixtures/shop.ts';

// Playwright starts Chromium with --disable-back-forward-cache, and the headless shell the
// other tests use keeps no page in it at all (BackForwardCacheDisabledForDelegate): this
// browser is Debian's full Chromium in its new headless mode, started without that flag.
let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', ...chromiumLaunch.args],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
});
test.afterAll(async () => {
  await browser.close();
});

/** Page types with a fixed path; a listing and a product page are found on the home page. */
const FIXED = [
  ['home', '/'],
  ['static page', '/kundeservice'],
  ['search', '/search/jakke'],
  ['bundle', '/utvalg/1+2+3'],
  ['checkout', '/checkout'],
  ['login', '/logg-inn'],
  ['my page', '/min-side'],
  ['withdrawal', '/angre-kjop'],
] as const;

/**
 * What shows that a page type has done what it does after load, so that the page left is
 * the one the shopper comes back to, its requests answered. A page type not named here has
 * nothing to do after load.
 */
const SETTLED: Record<string, (page: Page) => Promise<void>> = {
  home: (page) => new Carousel(page).started(),
  search: (page) => expect(new ListingPage(page).results).toBeVisible(),
  bundle: (page) => page.locator('[data-bundle-skeleton]').waitFor({ state: 'detached' }),
  checkout: (page) => expect(page.locator('main astro-island')).not.toHaveAttribute('ssr', /.*/),
  // Without a customer, my page asks who is logged in and goes on to the login page.
  'my page': (page) => expect(page).toHaveURL(/\/logg-inn\?neste=/),
  listing: async (page) => {
    await new ListingPage(page).codePrefetched();
  },
  product: (page) => page.getByText('Henter lagerstatus …').waitFor({ state: 'detached' }),
};

test('every page type is restored from the back/forward cache @default-brand', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const context = await browser.newContext({ baseURL: origin, locale: 'nb-NO' });
  await presetConsent(context, origin);
  const page = await context.newPage();
  await page.goto('/');
  const found = async (selector: string) =>
    (await page.locator(selector).first().getAttribute('href')) ?? '';
  const pages: Array<readonly [string, string]> = [
    ...FIXED,
    ['listing', await found('a[href^="/klaer"]')],
    ['product', await found('a[href^="/product/"]')],
  ];
  const cdp = await context.newCDPSession(page);
  const notRestored: string[] = [];
  cdp.on('Page.backForwardCacheNotUsed', ({ notRestoredExplanations }) => {
    notRestored.push(notRestoredExplanations.map((e) => e.reason).join(', '));
  });
  await cdp.send('Page.enable');

  for (const [type, path] of pages) {
    notRestored.length = 0;
    await page.goto(path);
    await SETTLED[type]?.(page);
    // My page without a customer goes on to the login page: that is the page left.
    const shown = page.url();
    await page.evaluate(() => {
      (window as unknown as { kept: boolean }).kept = true;
    });
    await page.goto(path === '/kundeservice' ? '/' : '/kundeservice');
    await page.waitForLoadState('load');
    // A page restored from the cache fires no load event: wait for the address only.
    await page.goBack({ waitUntil: 'commit' });
    await expect(page).toHaveURL(shown);
    const kept = await page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);
    expect({ type, kept, notRestored }).toEqual({ type, kept: true, notRestored: [] });
  }
  await context.close();
});
