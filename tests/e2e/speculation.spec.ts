import { chromium, type Page } from '@playwright/test';
import { slugify } from '../../src/lib/domain/slug.ts';
import { CONSENT_COOKIE, encodeConsent } from '../../src/lib/domain/consent.ts';
import { bundlePath } from '../../src/lib/domain/bundle-ids.ts';
import { FIRST_ROW_LINKS, NEVER_SPECULATED } from '../../src/lib/html/speculation-rules.ts';
import { CartData, deliverable, type Pick } from './fixtures/checkout.ts';
import { foreignRequests, vendorScripts } from './fixtures/consent.ts';
import { prerenderingTab, activationStart } from './fixtures/prerendering-tab.ts';
import { ProductPage } from './fixtures/product-page.ts';
import { requestLog } from './fixtures/request-log.ts';
import { expect, test } from './fixtures/shop.ts';
import { watchWindow } from './fixtures/watch-window.ts';

/** What the page's Speculation Rules do with each of its links: prefetch, prerender or none. */
async function speculatedLinks(page: Page): Promise<Array<{ href: string; kinds: string[] }>> {
  return page.evaluate(() => {
    interface Condition {
      and?: Condition[];
      not?: Condition;
      href_matches?: string | string[];
      selector_matches?: string;
    }
    const script = document.querySelector('script[type="speculationrules"]');
    const rules = JSON.parse(script?.textContent ?? '{}') as Record<
      string,
      Array<{ where: Condition }>
    >;
    // Read as the browser reads a document rule: patterns against the page's address.
    const meets = (link: HTMLAnchorElement, c: Condition): boolean => {
      if (c.and) return c.and.every((d) => meets(link, d));
      if (c.not) return !meets(link, c.not);
      if (c.selector_matches !== undefined) return link.matches(c.selector_matches);
      return [c.href_matches ?? []]
        .flat()
        .some((p) => new URLPattern(p, document.baseURI).test(link.href));
    };
    return [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((link) => ({
      href: link.getAttribute('href') ?? '',
      kinds: Object.entries(rules)
        .filter(([, list]) => list.some((rule) => meets(link, rule.where)))
        .map(([kind]) => kind),
    }));
  });
}

/** The rule sets the browser took from the page, with any error it found in them. */
async function ruleSets(page: Page, path: string): Promise<Array<{ errorType?: string }>> {
  const cdp = await page.context().newCDPSession(page);
  const sets: Array<{ errorType?: string }> = [];
  cdp.on('Preload.ruleSetUpdated', ({ ruleSet }) => sets.push(ruleSet));
  await cdp.send('Preload.enable');
  await page.goto(path);
  await page.waitForLoadState('load');
  return sets;
}

/** Paths that no rule may reach, with the pages under them. */
const forbidden = (href: string) =>
  href.startsWith('/') &&
  NEVER_SPECULATED.some(
    (path) => href === path || href.startsWith(`${path}/`) || href.startsWith(`${path}?`),
  );

test.describe('speculation rules', () => {
  test("a listing prerenders its product links and prefetches other pages, none of the never-speculated ones; the page's CSP lets the browser read them @default-brand", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const sets = await ruleSets(page, '/');
    expect(sets).toHaveLength(1);
    expect(sets[0]?.errorType).toBeUndefined();
    const path = await page.locator('a[href^="/klaer"]').first().getAttribute('href');
    await page.goto(path ?? '/klaer');
    const links = await speculatedLinks(page);
    const products = links.filter((l) => l.href.startsWith('/product/') && !l.href.includes('?'));
    expect(products.length).toBeGreaterThan(0);
    for (const link of products) expect(link.kinds, link.href).toEqual(['prerender', 'prefetch']);
    // The header's cart link, the account link and the footer's withdrawal link are there.
    const never = links.filter((l) => forbidden(l.href) || l.href.includes('?'));
    expect(never.map((l) => l.href)).toEqual(expect.arrayContaining(['/checkout', '/angre-kjop']));
    for (const link of never) expect(link.kinds, link.href).toEqual([]);
    const others = links.filter((l) => /^\/(?!product\/)[a-z]/.test(l.href) && !never.includes(l));
    expect(others.length).toBeGreaterThan(0);
    for (const link of others) expect(link.kinds, link.href).toEqual(['prefetch']);
    expect(errors.filter((e) => e.includes('Content Security Policy'))).toEqual([]);
  });

  test('a product page only prefetches, and never the checkout or my page @default-brand', async ({
    page,
  }) => {
    await page.goto('/');
    const path = await page.locator('a[href^="/product/"]').first().getAttribute('href');
    await page.goto(path ?? '/');
    const links = await speculatedLinks(page);
    expect(links.some((l) => l.kinds.includes('prerender'))).toBe(false);
    for (const link of links.filter((l) => forbidden(l.href))) {
      expect(link.kinds, link.href).toEqual([]);
    }
  });
});

/** The product page of a pick with its colour and size chosen. */
const pagePath = ({ article, variant }: Pick) =>
  `/product/${slugify(article.name)}?farge=${slugify(variant.color.name)}&storrelse=${encodeURIComponent(variant.size.name)}`;

test.describe('a prerendered page', () => {
  // The browser's own prerendering cannot be watched here: Chromium refuses to prerender
  // while DevTools drives it (PrerenderingDisabledByDevTools). So the page is told it is
  // being prerendered as Chromium tells it (document.prerendering, then prerenderingchange),
  // before any of its scripts runs.
  test('asks the API, the feed and the vendors nothing until it is shown; then its stock shows and add to cart works @default-brand', async ({
    page,
    brand,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const everything = { analytics: true, tagManager: true, pixel: true };
    await page
      .context()
      .addCookies([
        { name: CONSENT_COOKIE, value: encodeConsent(everything, new Date()), url: origin },
      ]);
    await page.addInitScript(() => {
      let prerendering = true;
      Object.defineProperty(Document.prototype, 'prerendering', {
        configurable: true,
        get: () => prerendering,
      });
      (window as unknown as { show: () => void }).show = () => {
        prerendering = false;
        document.dispatchEvent(new Event('prerenderingchange'));
      };
    });
    const [pick] = await new CartData(page.request).find(deliverable(1), 1, 1, page);
    if (!pick) throw new Error('No deliverable article');
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/(api|social|sanctum)\//.test(pathname)) asked.push(pathname);
    });
    const foreign = await foreignRequests(page, origin);
    const cookiesBefore = (await page.context().cookies()).map((c) => c.name);
    const product = new ProductPage(page);

    await page.goto(pagePath(pick));
    await watchWindow(page);
    expect(asked).toEqual([]);
    expect(foreign).toEqual([]);
    expect((await page.context().cookies()).map((c) => c.name)).toEqual(cookiesBefore);

    const stock = page.waitForResponse(/\/api\/v1\/articles\/availability\//);
    await page.evaluate(() => (window as unknown as { show: () => void }).show());
    expect((await stock).ok()).toBe(true);
    await expect
      .poll(() => foreign)
      .toEqual(expect.arrayContaining(vendorScripts(brand, ['analytics', 'tagManager', 'pixel'])));
    await product.addButton.hover();
    await expect(product.island).not.toHaveAttribute('ssr', /.*/);
    await expect(page.getByText('Henter lagerstatus …')).toHaveCount(0);
    await product.addButton.click();
    await expect(product.notice).toContainText('Lagt i handlekurven');
    await expect(product.cartBadge).toHaveText('1');
  });
});

test.describe('a prerendered navigation', () => {
  // Puppeteer starts the navigation (prerendering-tab.ts says why); Playwright takes over the
  // page once it is shown.
  test('a product hovered then clicked on a bundle page opens prerendered; its stock shows and add to cart works @default-brand', async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const data = new CartData(page.request);
    const [pick] = await data.find(deliverable(1), 1, 1, page);
    if (!pick) throw new Error('No deliverable article');
    // Its card third, past the first row, which the rules draw ahead without a hover.
    const before = await data.find(() => true, 2, pick.article.id + 1);
    const { browser, tab } = await prerenderingTab(origin);
    try {
      await tab.goto(origin + bundlePath([...before, pick].map((p) => p.article.id)));
      const link = await tab.waitForSelector(
        `main a[href^="/product/${slugify(pick.article.name)}"]`,
      );
      if (!link) throw new Error('No product card');
      expect(await link.evaluate((a, firstRow) => a.matches(firstRow), FIRST_ROW_LINKS)).toBe(
        false,
      );
      const href = new URL(await link.evaluate((a) => a.getAttribute('href') ?? ''), origin).href;
      await link.hover();
      // The browser starts the prerender once the pointer has rested on the link 200 ms
      // (moderate eagerness); a prerender still loading is shown all the same. Nothing here
      // can watch it start: a DevTools session of the test's own on the page stops it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await Promise.all([tab.waitForNavigation({ waitUntil: 'load' }), link.click()]);
      expect(await tab.evaluate(() => location.href)).toBe(href);
      expect(await activationStart(tab)).toBeGreaterThan(0);

      const driven = await chromium.connectOverCDP(browser.wsEndpoint());
      const shown = driven
        .contexts()
        .flatMap((context) => context.pages())
        .find((p) => p.url() === href);
      if (!shown) throw new Error('The prerendered page is not found');
      const product = new ProductPage(shown);
      await product.colors
        .getByRole('radio', { name: new RegExp(`^${pick.variant.color.name}\\b`) })
        .check({ force: true });
      await product.size(pick.variant.size.name).check({ force: true });
      await expect(product.island).not.toHaveAttribute('ssr', /.*/);
      await expect(product.stockList.locator('li').first()).toBeVisible();
      await product.addButton.click();
      await expect(product.notice).toContainText('Lagt i handlekurven');
      await expect(product.cartBadge).toHaveText('1');
    } finally {
      await browser.close();
    }
  });
});

test.describe("a listing's first row", () => {
  test('is prerendered at once; a page drawn ahead and never opened asks the API, the feed and the session nothing, and asks once opened @default-brand', async ({
    baseURL,
  }) => {
    const log = await requestLog(baseURL ?? '');
    const { browser, tab } = await prerenderingTab(log.origin);
    try {
      const cookiesBefore = (await tab.cookies(log.origin)).map((c) => c.name);
      await tab.goto(`${log.origin}/klaer`, { waitUntil: 'load' });
      const cards = await tab.$$eval('main article h3 a', (links) =>
        links.map((a) => a.getAttribute('href') ?? ''),
      );
      expect(cards.length).toBeGreaterThan(2);
      const drawnAhead = () =>
        log.requests
          .filter((r) => r.purpose.includes('prerender') && r.path.startsWith('/product/'))
          .map((r) => r.path);
      // No pointer has moved: the rules' first-row prerender, and nothing else, draws ahead.
      await expect.poll(() => new Set(drawnAhead())).toEqual(new Set(cards.slice(0, 2)));
      const fromProduct = () =>
        log.requests.filter((r) =>
          new URL(r.referer || log.origin).pathname.startsWith('/product/'),
        );
      await expect.poll(() => fromProduct().length).toBeGreaterThan(0);
      // A window longer than the layout's latest start (the session check waits for an idle
      // moment, 3 s at most): what a page drawn ahead would ask on its own, it asks in this.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const asksLive = (path: string) => /^\/(api|sanctum|social)\//.test(path);
      expect(fromProduct().filter((r) => asksLive(r.path))).toEqual([]);
      expect((await tab.cookies(log.origin)).map((c) => c.name)).toEqual(cookiesBefore);

      const first = await tab.$('main article h3 a');
      if (!first) throw new Error('No product card');
      await Promise.all([
        tab.waitForNavigation({ waitUntil: 'load' }),
        first.evaluate((a) => a.click()),
      ]);
      expect(await activationStart(tab)).toBeGreaterThan(0);
      // Shown, the page asks for its live stock: the log would have seen it before.
      await expect
        .poll(() => fromProduct().some((r) => r.path.startsWith('/api/v1/articles/availability/')))
        .toBe(true);
    } finally {
      await browser.close();
      await log.close();
    }
  });
});
