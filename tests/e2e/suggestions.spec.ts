import type { Page } from '@playwright/test';
import type { Brand } from '../../src/brands/schema.ts';
import { expect, test, type ShopPage } from './fixtures/shop.ts';
import { SearchSuggestions } from './fixtures/suggestions.ts';

/**
 * Opens home and answers its search field; on a brand without search it checks that there
 * is none and answers null, so each journey also holds that brand to having no field.
 */
async function openSearch(
  shop: ShopPage,
  brand: Brand,
  page: Page,
): Promise<SearchSuggestions | null> {
  await shop.goto('/');
  const search = new SearchSuggestions(page);
  if (brand.header.search !== 'hidden') return search;
  await expect(page.locator('form[role="search"] input')).toHaveCount(0);
  return null;
}

test.describe('header search suggestions', () => {
  test('the search field exists only on brands that show search', async ({ shop, brand, page }) => {
    await shop.goto('/');
    const fields = page.locator('form[role="search"] input');
    if (brand.header.search === 'hidden') await expect(fields).toHaveCount(0);
    else await expect(fields).toHaveCount(2);
  });

  test('typing suggests; ArrowDown and Enter open the suggestion @default-brand', async ({
    shop,
    brand,
    page,
  }) => {
    const search = await openSearch(shop, brand, page);
    if (!search) return;
    await search.type('jakke');
    await expect(search.listbox).toBeVisible();
    await expect(search.field).toHaveAttribute('aria-expanded', 'true');
    await expect(search.options.first()).toBeVisible();
    await expect(search.status).toContainText('forslag');
    expect(await search.options.count()).toBeLessThanOrEqual(10);

    await search.field.press('ArrowDown');
    const first = search.options.first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(search.field).toHaveAttribute(
      'aria-activedescendant',
      (await first.getAttribute('id')) ?? '',
    );
    const href = await search.hrefOf(0);
    expect(href).toMatch(/^\/(product\/|[a-z0-9-]+)/);

    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === href),
      search.field.press('Enter'),
    ]);
    expect(response.status()).toBe(200);
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('arrows move through the options and wrap @default-brand', async ({ shop, brand, page }) => {
    const search = await openSearch(shop, brand, page);
    if (!search) return;
    await search.type('jakke');
    await expect(search.options.first()).toBeVisible();
    const count = await search.options.count();
    await search.field.press('ArrowUp');
    await expect(search.options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
    await search.field.press('ArrowDown');
    await expect(search.options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
  });

  test('Escape closes the list and keeps the text; Enter then searches @default-brand', async ({
    shop,
    brand,
    page,
  }) => {
    const search = await openSearch(shop, brand, page);
    if (!search) return;
    await search.type('jakke');
    await expect(search.listbox).toBeVisible();
    await search.field.press('Escape');
    await expect(search.listbox).toBeHidden();
    await expect(search.field).toHaveAttribute('aria-expanded', 'false');
    await expect(search.field).toHaveValue('jakke');
    await search.field.press('Enter');
    await expect(page).toHaveURL(/\/search\/jakke$/);
  });

  test('an empty search stays blocked with the Norwegian message @default-brand', async ({
    shop,
    brand,
    page,
  }) => {
    const search = await openSearch(shop, brand, page);
    if (!search) return;
    await search.type('   ');
    await search.field.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    expect(await search.field.evaluate((el) => (el as HTMLInputElement).validationMessage)).toBe(
      'Skriv inn hva du vil søke etter.',
    );
    await expect(search.listbox).toBeHidden();
  });

  test('the mobile field suggests too, and the open list has no axe violations', async ({
    shop,
    brand,
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const search = await openSearch(shop, brand, page);
    if (!search) return;
    await expect(search.field).toHaveAttribute('id', 'sok-mobil');
    await search.type('ull');
    await expect(search.options.first()).toBeVisible();
    expect(await shop.axeViolations()).toEqual([]);
  });
});
