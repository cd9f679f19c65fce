import { servicePages } from '../../src/lib/routes/menu.ts';
import { expect, test } from './fixtures/shop.ts';

test.describe('header and menu', () => {
  test('desktop at 1280 px: menu in the header, no burger, desktop placeholder', async ({
    shop,
    brand,
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await shop.goto('/');
    await expect(shop.burger).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Hovedmeny', exact: true })).toBeVisible();
    if (brand.header.search !== 'hidden') {
      await expect(shop.searchField()).toHaveAttribute('placeholder', 'Søk i hele butikken her...');
    }
    await expect(shop.cartLink).toHaveAttribute('title', 'Gå til kassen');
  });

  test('mobile at 375 px: burger, mobile placeholder, menu hidden until opened', async ({
    shop,
    brand,
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await shop.goto('/');
    await expect(shop.burger).toBeVisible();
    await expect(shop.menu).toBeHidden();
    if (brand.header.search !== 'hidden') {
      await expect(shop.searchField()).toHaveAttribute('placeholder', 'Søk...');
    }
    // Nothing may stick out sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the burger menu locks page scrolling while open and closes with Escape', async ({
    shop,
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await shop.goto('/');
    await shop.burger.click();
    await expect(shop.menu).toBeVisible();
    await expect(shop.burger).toHaveAttribute('aria-expanded', 'true');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(shop.menu).toBeHidden();
    await expect(shop.burger).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('the menu lists genders, categories and exactly the brand service pages', async ({
    shop,
    brand,
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await shop.goto('/');
    const nav = page.getByRole('navigation', { name: 'Hovedmeny', exact: true });
    const labels = await nav.getByRole('link').allTextContents();
    const trimmed = labels.map((l) => l.trim());
    for (const entry of servicePages(brand)) expect(trimmed).toContain(entry.label);
    for (const absent of ['Vedlikehold', 'Informasjon'].filter(
      (label) => !servicePages(brand).some((e) => e.label === label),
    )) {
      expect(trimmed).not.toContain(absent);
    }
    if (brand.menu.categories.includes(1)) expect(trimmed).toContain('Klær');
    expect(trimmed).not.toContain('Tekstil');
    if (brand.menu.genders.includes(10)) expect(trimmed).toContain('Uni');
  });

  test('header variant and support link follow the brand', async ({ shop, brand, page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await shop.goto('/');
    await expect(page.locator('[data-support-link]')).toHaveCount(brand.header.supportLink ? 1 : 0);
    await expect(page.locator('header[data-single-line]')).toHaveCount(
      brand.header.singleLine ? 1 : 0,
    );
    const icon = page.locator('form[role="search"] button[type="submit"]:not(.sr-only):visible');
    const field = page.locator('form[role="search"] input');
    if (brand.header.search === 'hidden') {
      await expect(field).toHaveCount(0);
    } else {
      await expect(icon).toHaveCount(brand.header.search === 'full' ? 1 : 0);
    }
  });

  test('the footer has the support e-mail link and the copyright line', async ({ shop }) => {
    await shop.goto('/');
    const mail = shop.footer.locator('a[href^="mailto:"]');
    await expect(mail).toHaveCount(1);
    await expect(shop.footer).toContainText('©');
  });
});

test('the skip link is the first stop and moves focus to the content', async ({ shop, page }) => {
  await shop.goto('/kundeservice');
  await page.keyboard.press('Tab');
  await expect(shop.skipLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(shop.main).toBeFocused();
});

test('an empty search is not allowed; a brand without search has no field', async ({
  shop,
  brand,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await shop.goto('/om-oss');
  const field = shop.searchField();
  if (brand.header.search === 'hidden') {
    await expect(page.locator('form[role="search"]')).toHaveCount(0);
    return;
  }
  await field.fill('   ');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/om-oss$/);
  expect(await field.evaluate((el: HTMLInputElement) => el.validationMessage)).toContain(
    'Skriv inn',
  );
  await field.fill('jakke, dun');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\/jakke%20dun$/);
});

test('the logo falls back to the bitmap when the vector logo fails', async ({ page, brand }) => {
  await page.route('**/logo.svg', (route) => route.abort());
  await page.goto('/');
  const logo = page.locator('header img[data-fallback]');
  await expect(logo).toHaveAttribute('src', brand.logo.png);
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test("a stylesheet that fails to load is logged as 'Unable to preload CSS' @default-brand", async ({
  shop,
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const blocked: string[] = [];
  await page.route('**/*.css', (route) => {
    blocked.push(route.request().url());
    return route.abort();
  });
  await shop.goto('/om-oss');
  expect(blocked).not.toEqual([]);
  await expect
    .poll(() => errors.filter((text) => text.includes('Unable to preload CSS')).length)
    .toBe(blocked.length);
  for (const url of blocked) {
    expect(errors.some((text) => text.startsWith(`Error: Unable to preload CSS for ${url}`))).toBe(
      true,
    );
  }
});

test('the back crumb reads Forside on home and Tilbake elsewhere, back to the last page', async ({
  shop,
  page,
}) => {
  await shop.goto('/');
  await expect(page.locator('[data-back-crumb]')).toHaveText(/Forside/);
  await shop.goto('/kundeservice');
  await expect(page.locator('[data-back-crumb]')).toHaveText(/Tilbake/);
  await shop.goto('/personvernerklaering');
  await expect(page.locator('[data-back-crumb]')).toHaveAttribute('href', '/kundeservice');
});

test('the cart badge is hidden at 0 and shows the persisted count', async ({ shop, page }) => {
  await shop.goto('/');
  await expect(shop.cartBadge).toBeHidden();
  await page.evaluate(() => localStorage.setItem('count', '3'));
  await shop.goto('/om-oss');
  await expect(shop.cartBadge).toHaveText('3');
  await page.evaluate(() => localStorage.setItem('count', '{corrupt'));
  await shop.goto('/om-oss');
  await expect(shop.cartBadge).toBeHidden();
});
