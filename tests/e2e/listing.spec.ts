import { expect, test } from './fixtures/shop.ts';
import { ListingPage } from './fixtures/listing-page.ts';
import { expectScaledToSlot } from './fixtures/pictures.ts';
import { genderPath } from '../../src/lib/routes/catalogue-routes.ts';
import type { Brand } from '../../src/brands/schema.ts';

/** The brand's first gender page: every brand sells at least one gender. */
const firstGender = (brand: Brand): string => genderPath(brand.menu.genders[0] ?? 0) ?? '/';

/**
 * A listing with several pages, more than one gender and enough variety to filter: Klær
 * (main group 1, the server's Tekstil), which every brand sells.
 */
async function bigListing(listing: ListingPage): Promise<void> {
  await listing.goto('/klaer');
}

test.describe('category listings', () => {
  test('browse gender -> category -> subcategory -> group, each with articles in the HTML', async ({
    page,
    brand,
  }) => {
    const listing = new ListingPage(page);
    const start = firstGender(brand);
    await listing.goto(start);
    const segments = [start];
    for (let level = 0; level < 3; level++) {
      const link = listing.categoryLinks.first();
      const label = (await link.locator('span').first().textContent()) ?? '';
      await link.click();
      await listing.hydrated();
      expect(new URL(page.url()).pathname.split('/').length).toBe(segments.length + 2);
      segments.push(new URL(page.url()).pathname);
      await expect(listing.heading).toContainText(label);
      expect((await listing.names()).length).toBeGreaterThan(0);
      expect(await listing.count()).toBeGreaterThan(0);
    }
    expect(segments.at(-1)?.startsWith(start)).toBe(true);
  });

  test('on a 390 px phone, products show in the first screen under one row of chips', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const listing = new ListingPage(page);
    await listing.goto('/klaer');
    // The subcategories are one row: every chip on the first chip's line, scrolling sideways.
    const chips = await listing.categoryLinks.evaluateAll((links) =>
      links.map((link) => link.getBoundingClientRect().top),
    );
    expect(chips.length).toBeGreaterThan(1);
    expect(new Set(chips).size).toBe(1);
    // The toolbar is one line, and the first card's picture starts well inside the screen.
    const toolbar = await page.getByRole('toolbar', { name: 'Visning' }).boundingBox();
    expect(toolbar?.height).toBeLessThan(60);
    const card = await page.locator('main article img').first().boundingBox();
    expect((card?.y ?? 844) + (card?.height ?? 0) / 2).toBeLessThan(844);
    // The row scrolls inside itself; the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  for (const width of [390, 1280]) {
    test(`at ${String(width)} px the cards' pictures are scaled near their slot, not the original @default-brand`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const listing = new ListingPage(page);
      await listing.goto('/klaer');
      await expectScaledToSlot(page.locator('main article img').first(), 1500);
    });
  }

  test('hydrates on the first interaction, with its code prefetched; at once for a URL with a query @default-brand', async ({
    page,
  }) => {
    const listing = new ListingPage(page);
    await page.goto('/klaer');
    const islandScript = (await listing.island.getAttribute('component-url')) ?? '';
    expect(islandScript).not.toBe('');
    // The build leaves the links in a template; once the page has loaded they are in the head.
    await expect(page.locator(`head link[rel="prefetch"][href="${islandScript}"]`)).toHaveCount(1);
    await expect(page.locator('template[data-prefetch-after-load]')).toHaveCount(0);
    // The code has arrived, and the island is still its server HTML: fetched is not run.
    await listing.codePrefetched();
    await expect(listing.island).toHaveAttribute('ssr', '');
    // A click made before React runs is not lost: the panel opens once the island is live.
    await listing.filterButton.click();
    await expect(listing.filterDialog).toBeVisible();
    await expect(listing.island).not.toHaveAttribute('ssr', /.*/);

    await page.goto('/klaer?side=2');
    await expect(listing.island).not.toHaveAttribute('ssr', /.*/);
    await expect(listing.pagination.getByRole('link', { name: 'Side 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the first page is pre-rendered: 20 cards and crawlable page links without JavaScript @default-brand', async ({
    browser,
    brand,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
    const page = await context.newPage();
    await page.goto(firstGender(brand));
    const listing = new ListingPage(page);
    await expect(listing.cardNames).toHaveCount(20);
    await expect(listing.nextLink).toHaveAttribute('href', '?side=2');
    await expect(listing.filterButton).toHaveText('Filter(0)');
    await context.close();
  });

  test('each filter changes the results and Filter(n); the URL carries them and Back restores @default-brand', async ({
    page,
  }) => {
    const listing = new ListingPage(page);
    await bigListing(listing);
    const total = await listing.count();
    const before = await listing.names();

    await listing.openFilters();
    await listing.filter('genders').getByRole('checkbox').first().check();
    await expect(listing.filterButton).toHaveText('Filter(1)');
    await expect(page).toHaveURL(/kjonn=\d+/);
    const byGender = await listing.count();
    expect(byGender).toBeLessThan(total);

    const colour = listing.filter('colors').getByRole('checkbox').first();
    await colour.check({ force: true });
    await expect(listing.filterButton).toHaveText('Filter(2)');
    await expect(page).toHaveURL(/farge=\d+/);
    const byColour = await listing.count();
    expect(byColour).toBeLessThan(byGender);

    await listing.filter('brands').getByRole('checkbox').first().check();
    await expect(listing.filterButton).toHaveText('Filter(3)');
    await expect(page).toHaveURL(/merke=\d+/);
    const byBrand = await listing.count();
    expect(byBrand).toBeLessThanOrEqual(byColour);

    const max = listing.filter('price').locator('[data-price-input="max"]');
    const min = Number(
      await listing.filter('price').locator('[data-price-input="min"]').inputValue(),
    );
    const top = Number(await max.inputValue());
    await max.fill(String(Math.round((min + (top - min) / 4) / 10) * 10));
    await max.press('Enter');
    await expect(listing.filterButton).toHaveText('Filter(4)');
    await expect(page).toHaveURL(/pris=\d+-\d+/);
    expect(await listing.count()).toBeLessThanOrEqual(byBrand);
    await listing.closeFilters();

    await page.goBack();
    await expect(listing.filterButton).toHaveText('Filter(3)');
    expect(await listing.count()).toBe(byBrand);
    await page.goBack();
    await page.goBack();
    await expect(listing.filterButton).toHaveText('Filter(1)');
    expect(await listing.count()).toBe(byGender);
    await page.goBack();
    await expect(listing.filterButton).toHaveText('Filter(0)');
    expect(await listing.names()).toEqual(before);
  });

  test('a filter with no match says so and clears @default-brand', async ({ page }) => {
    const listing = new ListingPage(page);
    await bigListing(listing);
    await page.goto(`${new URL(page.url()).pathname}?merke=999999`);
    await listing.hydrated();
    await expect(page.getByText('Ingen varer passer filtrene dine')).toBeVisible();
    await page.locator('[data-clear-filters]').click();
    await expect(listing.filterButton).toHaveText('Filter(0)');
    expect((await listing.names()).length).toBe(20);
  });

  test('sort and reverse change the order @default-brand', async ({ page }) => {
    const listing = new ListingPage(page);
    await bigListing(listing);
    const byName = await listing.names();
    await listing.sortSelect.selectOption('price');
    await expect(page).toHaveURL(/sortering=pris/);
    const cheapFirst = await listing.names();
    expect(cheapFirst).not.toEqual(byName);
    await listing.reverseButton.click();
    await expect(page).toHaveURL(/omvendt=1/);
    await expect(listing.reverseButton).toHaveAttribute('aria-pressed', 'true');
    const dearFirst = await listing.names();
    expect(dearFirst[0]).not.toBe(cheapFirst[0]);
  });

  test('the next page differs and Back returns to the first @default-brand', async ({ page }) => {
    const listing = new ListingPage(page);
    await bigListing(listing);
    const first = await listing.names();
    await expect(listing.nextLink).toHaveAttribute('href', '?side=2');
    // A click: the pager stays where Playwright scrolled it, as the offscreen cards' size
    // guess follows their column (src/lib/html/article-card-html.ts).
    await listing.nextLink.click();
    await expect(page).toHaveURL(/side=2/);
    const second = await listing.names();
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((name) => first.includes(name))).toBe(false);
    await page.goBack();
    expect(await listing.names()).toEqual(first);
  });

  test('share copies the link and shows Link Kopiert! for a while @default-brand', async ({
    page,
    brand,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const listing = new ListingPage(page);
    await listing.goto(firstGender(brand));
    await listing.shareButton.click();
    await expect(listing.shareDialog.getByRole('heading', { name: 'Del' })).toBeVisible();
    await expect(
      listing.shareDialog.getByRole('link', { name: 'Del på Facebook' }),
    ).toHaveAttribute('href', /facebook\.com\/sharer/);
    await expect(listing.shareDialog.getByRole('link', { name: 'Send på e-post' })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    await listing.shareDialog.getByRole('button', { name: 'Kopier lenke' }).click();
    const note = listing.shareDialog.getByText('Link Kopiert!');
    await expect(note).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expect(note).toBeHidden({ timeout: 5000 });
    await page.keyboard.press('Escape');
    await expect(listing.shareDialog).toBeHidden();
  });

  test('no axe violations with the filter panel open', async ({ page, shop }) => {
    const listing = new ListingPage(page);
    await bigListing(listing);
    await listing.openFilters();
    expect(await shop.axeViolations()).toEqual([]);
  });
});

test.describe("docs/spec.md §2's short aliases @default-brand", () => {
  // Each alias shows exactly the groups the spec names; the seed names every article after its
  // group (…Alpinhjelm, …Visirhjelm), so the names tell the groups apart.
  for (const { alias, group, shows, leavesOut } of [
    {
      alias: '/hjelmer',
      group: '/alpint/hjelmer/alpinhjelmer',
      shows: /Alpinhjelm/u,
      leavesOut: /Visirhjelm/u,
    },
    {
      alias: '/staver',
      group: '/alpint/staver/alpinstaver',
      shows: /Alpinstav/u,
      leavesOut: /Teleskopstav/u,
    },
    {
      alias: '/goggles',
      group: '/alpint/goggles',
      shows: /Goggles|Alpinbrille/u,
      leavesOut: /hjelm|stav/iu,
    },
  ]) {
    test(`${alias} shows what ${group} shows, nothing else`, async ({ page }) => {
      const listing = new ListingPage(page);
      await listing.goto(group);
      const expected = await listing.count();
      await listing.goto(alias);
      expect(await listing.count()).toBe(expected);
      const names = await listing.names();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) {
        expect(name).toMatch(shows);
        expect(name).not.toMatch(leavesOut);
      }
    });
  }

  test("/hjelmer's next page, which the island fetches, holds no visor helmets either", async ({
    page,
  }) => {
    const listing = new ListingPage(page);
    await listing.goto('/hjelmer');
    const first = await listing.names();
    await listing.nextLink.click();
    await expect(page).toHaveURL(/\/hjelmer\?/u);
    const second = await listing.names();
    expect(second.length).toBeGreaterThan(0);
    expect(second).not.toEqual(first);
    for (const name of second) expect(name).toMatch(/Alpinhjelm/u);
  });
});
