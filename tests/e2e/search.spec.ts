import { expect, test } from './fixtures/shop.ts';
import { ListingPage } from './fixtures/listing-page.ts';

test.describe('search results', () => {
  test('jakke finds compound names such as Vinterjakke and Dunjakke @default-brand', async ({
    page,
  }) => {
    const listing = new ListingPage(page);
    await listing.gotoSearch('/search/jakke');
    await expect(listing.heading).toHaveText('Søk: «jakke»');
    await expect(page).toHaveTitle('Søk: jakke');
    const names = await listing.names();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain('jakke');
    expect(names.some((name) => /\p{L}jakke/iu.test(name))).toBe(true);
  });

  test('shows the first results without React until the shopper interacts @default-brand', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const listing = new ListingPage(page);
    await listing.gotoSearch('/search/jakke');
    expect(await listing.count()).toBeGreaterThan(20);
    await expect(listing.pagination.getByRole('link', { name: 'Side 2' })).toHaveAttribute(
      'href',
      '?side=2',
    );
    await expect(listing.island).toHaveAttribute('ssr', '');
    // The toolbar shows the order the results are in, before React too.
    await expect(listing.sortSelect).toHaveValue('relevance');
    await expect(listing.reverseButton).toBeDisabled();
    const islandScript = (await listing.island.getAttribute('component-url')) ?? '';
    expect(islandScript).not.toBe('');
    expect(scripts.some((url) => url.endsWith(islandScript))).toBe(false);

    // A click made before the framework arrives is not lost: the panel opens after hydration.
    await listing.filterButton.click();
    await expect(listing.filterDialog).toBeVisible();
    await listing.hydrated();
    expect(scripts.some((url) => url.endsWith(islandScript))).toBe(true);
  });

  test('the host sends page one in the HTML: it shows without JavaScript, and nothing asks for it again @default-brand', async ({
    page,
    browser,
    baseURL,
  }) => {
    const html = await (await page.request.get('/search/jakke')).text();
    expect(html).toContain('Søk: «jakke»</h1>');
    expect(html).toContain('<title>Søk: jakke</title>');
    expect(html.match(/<article /g)).toHaveLength(20);

    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    const noScript = new ListingPage(await plain.newPage());
    await noScript.gotoSearch('/search/jakke');
    await expect(noScript.cardNames).toHaveCount(20);
    await expect(noScript.resultCount).toHaveText(/^\d+ varer$/);
    await plain.close();

    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/articles/search')) searches.push(request.url());
    });
    const listing = new ListingPage(page);
    await listing.gotoSearch('/search/jakke');
    const firstPage = await listing.names();
    // The island starts from the drawn page, as a listing's island from its HTML.
    await listing.hydrated();
    await expect(listing.sortSelect).toHaveValue('relevance');
    expect(await listing.names()).toEqual(firstPage);
    expect(searches).toEqual([]);
    await listing.sortSelect.selectOption('price');
    await expect(page).toHaveURL(/\/search\/jakke\?sortering=pris/);
    await expect.poll(() => searches.length).toBe(1);
  });

  test('uses the same filters, sort and pages as listings @default-brand', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.gotoSearch('/search/jakke');
    const total = await listing.count();
    const firstPage = await listing.names();
    // Chosen before the island has hydrated: the choice is replayed to it.
    await listing.sortSelect.selectOption('price');
    await expect(page).toHaveURL(/\/search\/jakke\?sortering=pris/);
    await listing.hydrated();
    expect(await listing.count()).toBe(total);
    await listing.openFilters();
    await listing.filter('colors').getByRole('checkbox').first().check({ force: true });
    await expect(listing.filterButton).toHaveText('Filter(1)');
    expect(await listing.count()).toBeLessThan(total);
    await listing.closeFilters();
    await page.goBack();
    await expect(listing.filterButton).toHaveText('Filter(0)');
    await expect(listing.sortSelect).toHaveValue('price');
    await page.goBack();
    // Back at the plain search, the page's own first results show again.
    await expect(listing.sortSelect).toHaveValue('relevance');
    expect(await listing.count()).toBe(total);
    expect(await listing.names()).toEqual(firstPage);
  });

  test('a further page from its link is shown by the island @default-brand', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.gotoSearch('/search/jakke');
    const firstPage = await listing.names();
    await listing.pagination.getByRole('link', { name: 'Side 2' }).click();
    await expect(page).toHaveURL(/\/search\/jakke\?side=2$/);
    await listing.hydrated();
    await expect(listing.pagination.getByRole('link', { name: 'Side 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const secondPage = await listing.names();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage).not.toEqual(firstPage);
  });

  test('a search with no hits says so and shows bestsellers @default-brand', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.gotoSearch('/search/xyzzyqwv');
    await expect(page.getByText('Ingen treff på «xyzzyqwv»')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Populære varer' })).toBeVisible();
    expect(await listing.cardNames.count()).toBeGreaterThan(0);
  });

  test('a search page without a query asks for one, and ?q= from a form without JavaScript works @default-brand', async ({
    page,
  }) => {
    const listing = new ListingPage(page);
    await listing.gotoSearch('/search');
    await expect(page.locator('[data-search-empty-query]')).toHaveText(
      'Skriv inn det du leter etter i søkefeltet for å søke.',
    );
    await listing.gotoSearch('/search?q=ull%2Csokker');
    await expect(listing.heading).toHaveText('Søk: «ull sokker»');
    expect((await listing.names()).length).toBeGreaterThan(0);
  });

  test('no axe violations on search results', async ({ page, shop }) => {
    const listing = new ListingPage(page);
    await listing.gotoSearch('/search/jakke');
    await listing.names();
    expect(await shop.axeViolations()).toEqual([]);
  });
});
