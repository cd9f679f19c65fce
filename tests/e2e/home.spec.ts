import type { ApiHomeSlot, ApiSettings } from '../../contract/index.ts';
import { HomePage } from './fixtures/home.ts';
import { layoutShiftsSince, recordLayoutShifts } from './fixtures/layout-shifts.ts';
import { expect, test } from './fixtures/shop.ts';
import { watchWindow } from './fixtures/watch-window.ts';

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

  // Which slots are marked is one rule over the brand's slot list, the same on every brand.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`slots below the first screen are laid out as they come into view, unshifted, at ${String(viewport.width)} px @default-brand`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      await recordLayoutShifts(page);
      await shop.goto('/');
      const sections = page.locator('main section[data-slot]');
      const modes = await sections.evaluateAll((all) =>
        all.map((s) => getComputedStyle(s).contentVisibility),
      );
      // The first two slots are drawn with the page, every later one only near the viewport.
      expect(modes.slice(0, 2)).toEqual(['visible', 'visible']);
      expect(modes.slice(2).length).toBeGreaterThan(2);
      expect(new Set(modes.slice(2))).toEqual(new Set(['auto']));
      const lastHeading = sections.last().getByRole('heading', { level: 2 });
      const drawn = () =>
        lastHeading.evaluate((h) => h.checkVisibility({ contentVisibilityAuto: true }));
      expect(await drawn()).toBe(false);

      // Scrolled through a screen at a time, the page draws each slot as it comes, and
      // nothing already on screen moves.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += viewport.height) {
        await page.mouse.wheel(0, viewport.height);
        await page.waitForTimeout(100);
      }
      await expect.poll(drawn).toBe(true);
      expect(await layoutShiftsSince(page)).toEqual([]);
      expect(await shop.axeViolations()).toEqual([]);
    });
  }

  test('the home page loads no script beyond the layout @default-brand', async ({ page, shop }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await shop.goto('/');
    await watchWindow(page);
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
