import type { ApiHomeSlot, ApiSettings } from '../../contract/index.ts';
import { HomePage } from './fixtures/home.ts';
import { expect, test } from './fixtures/shop.ts';

test.describe('home slots', () => {
  test('every slot of the layout is filled', async ({ page, brand, shop }) => {
    const settings = (await (
      await page.request.get(`/api/v1/settings?tenant=${brand.id}`)
    ).json()) as ApiSettings;
    await shop.goto('/');
    const home = new HomePage(page);
    const types = settings.home.map((s: ApiHomeSlot) => s.type);
    for (const type of types) await expect(home.slot(type), type).toBeVisible();

    if (types.includes('newspaper')) {
      await expect(home.slot('newspaper').getByRole('heading', { level: 2 })).toHaveText(
        'Ukens annonse!',
      );
    }
    const grid = settings.home.find((s) => s.type === 'grid');
    if (grid) {
      const cards = home.slot('grid').locator('article');
      expect(await cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBeLessThanOrEqual(9);
    }
    const promo = settings.home.find((s) => s.type === 'productPromo');
    if (promo)
      expect(await home.slot('productPromo').locator('article').count()).toBeGreaterThan(0);
    expect(await shop.axeViolations()).toEqual([]);
  });

  test('the first image loads first, the others lazily, all sized', async ({ page, shop }) => {
    await shop.goto('/');
    const images = page.locator('main img');
    const count = await images.count();
    expect(count).toBeGreaterThan(1);
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.last()).toHaveAttribute('loading', 'lazy');
    for (let i = 0; i < count; i++) {
      await expect(images.nth(i)).toHaveAttribute('width', /\d+/);
      await expect(images.nth(i)).toHaveAttribute('height', /\d+/);
    }
  });

  test('the home page loads no script beyond the layout @default-brand', async ({ page, shop }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await shop.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /react|client|suggestions/i.test(s))).toEqual([]);
  });

  test('every link on the home page answers 200', async ({ page, shop }) => {
    await shop.goto('/');
    const links = await new HomePage(page).internalLinks();
    expect(links.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const link of links) {
      const response = await page.request.get(link);
      if (response.status() !== 200) failures.push(`${link}: ${String(response.status())}`);
    }
    expect(failures).toEqual([]);
  });
});
