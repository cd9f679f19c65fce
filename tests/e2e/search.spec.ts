import { expect, test } from './fixtures/shop.ts';
import { ListingPage } from './fixtures/listing-page.ts';

test.describe('search results', () => {
  test('jakke finds compound names such as Vinterjakke and Dunjakke', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.goto('/search/jakke');
    await expect(listing.heading).toHaveText('Søk: «jakke»');
    const names = await listing.names();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain('jakke');
    expect(names.some((name) => /\p{L}jakke/iu.test(name))).toBe(true);
  });

  test('uses the same filters, sort and pages as listings', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.goto('/search/jakke');
    const total = await listing.count();
    await listing.sortSelect.selectOption('price');
    await expect(page).toHaveURL(/\/search\/jakke\?sortering=pris/);
    await listing.openFilters();
    await listing.filter('colors').getByRole('checkbox').first().check({ force: true });
    await expect(listing.filterButton).toHaveText('Filter(1)');
    expect(await listing.count()).toBeLessThan(total);
    await listing.closeFilters();
    await page.goBack();
    await expect(listing.filterButton).toHaveText('Filter(0)');
    expect(await listing.count()).toBe(total);
  });

  test('a search with no hits says so and shows bestsellers', async ({ page }) => {
    const listing = new ListingPage(page);
    await listing.goto('/search/xyzzyqwv');
    await expect(page.getByText('Ingen treff på «xyzzyqwv»')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Populære varer' })).toBeVisible();
    expect(await listing.cardNames.count()).toBeGreaterThan(0);
  });

  test('no axe violations on search results', async ({ page, shop }) => {
    const listing = new ListingPage(page);
    await listing.goto('/search/jakke');
    await listing.names();
    expect(await shop.axeViolations()).toEqual([]);
  });
});
