import { BundlePage, someArticles } from './fixtures/bundle.ts';
import { expect, test } from './fixtures/shop.ts';

test.describe('bundle page /utvalg/{ids}', () => {
  test('shows the articles of the ids in the given order', async ({ page, brand, shop }) => {
    const known = await someArticles(page.request, brand.id);
    expect(known.length).toBeGreaterThanOrEqual(3);
    // Reversed and spread out, so the order on the page can only come from the URL.
    const chosen = [known[known.length - 1], known[Math.floor(known.length / 2)], known[0]].map(
      (a) => a as { id: number; name: string },
    );
    const bundle = new BundlePage(page);
    await bundle.goto(chosen.map((a) => a.id));
    await expect(bundle.cards).toHaveCount(3);
    expect(await bundle.names()).toEqual(chosen.map((a) => a.name));
    await expect(bundle.heading).toBeVisible();
    await expect(bundle.count).toHaveText('3 varer');
    await expect(page).toHaveTitle('Utvalg (3 varer)');
    expect(await shop.axeViolations()).toEqual([]);
  });

  test('a card opens its product page @default-brand', async ({ page, brand }) => {
    const [first] = await someArticles(page.request, brand.id);
    const bundle = new BundlePage(page);
    await bundle.goto([first?.id ?? 1]);
    const link = bundle.cards.first().getByRole('link');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/product\//);
    expect((await page.request.get(href)).status()).toBe(200);
  });

  for (const ids of [
    '1+abc',
    '0',
    '1++2',
    Array.from({ length: 101 }, (_, i) => i + 1).join('+'),
  ]) {
    test(`refuses invalid ids ${ids.slice(0, 12)} with a Norwegian message @default-brand`, async ({
      page,
      shop,
    }) => {
      const bundle = new BundlePage(page);
      await bundle.goto(ids);
      await expect(bundle.message).toContainText('Lenken til utvalget er ugyldig');
      await expect(bundle.cards).toHaveCount(0);
      expect(await shop.axeViolations()).toEqual([]);
    });
  }

  test('says so when none of the ids is an article @default-brand', async ({ page }) => {
    const bundle = new BundlePage(page);
    await bundle.goto([987654321]);
    await expect(bundle.message).toHaveText('Fant ingen varer i dette utvalget');
  });

  test('shows an error with a retry when the API fails @default-brand', async ({ page }) => {
    await page.route('**/api/v1/articles/bundle**', (route) =>
      route.fulfill({ status: 500, json: { message: 'Server Error' } }),
    );
    const bundle = new BundlePage(page);
    await bundle.goto([1, 2]);
    await expect(bundle.message).toContainText('utvalget kunne ikke hentes');
    await page.unroute('**/api/v1/articles/bundle**');
    await page.getByRole('button', { name: 'Prøv igjen' }).click();
    await expect(bundle.message).toHaveCount(0);
  });

  test('resets the breadcrumbs: the back crumb leads home @default-brand', async ({
    page,
    brand,
  }) => {
    const [first] = await someArticles(page.request, brand.id);
    const bundle = new BundlePage(page);
    await bundle.goto([first?.id ?? 1]);
    const crumbs = await page.evaluate(() => sessionStorage.getItem('breadcrumbs'));
    expect(JSON.parse(crumbs ?? '[]')).toHaveLength(1);
  });
});
