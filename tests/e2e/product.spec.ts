import type { Page } from '@playwright/test';
import type { ApiArticleDetail, ApiVariant } from '../../contract/index.ts';
import { SWIPE_THRESHOLD_PX } from '../../src/lib/domain/carousel.ts';
import { slugify } from '../../src/lib/domain/slug.ts';
import { builtHere, ProductData, ProductPage } from './fixtures/product-page.ts';
import { expectScaledToSlot } from './fixtures/pictures.ts';
import { expect, test } from './fixtures/shop.ts';
import { watchWindow } from './fixtures/watch-window.ts';

/** The purchase limit of docs/spec.md §9: the lower of webPurchaseLimit and the first shop's stock. */
const limitOf = (a: ApiArticleDetail, v: ApiVariant) =>
  Math.min(a.webPurchaseLimit, v.shops[0]?.qty ?? 0);

/** The first article of this brand's build that `test` accepts. */
async function findBuilt(
  page: ProductPage,
  test: (a: ApiArticleDetail) => boolean,
): Promise<ApiArticleDetail> {
  const data = new ProductData(page.page.request);
  for (let id = 1; id <= 1500; id++) {
    const a = await data.article(id);
    if (a?.visible && test(a) && (await builtHere(page.page, id))) return a;
  }
  throw new Error('No article of this brand matches');
}

/**
 * A built article whose first colour offers two sizes or more, so its page opens with no
 * size chosen; with those sizes.
 */
async function findWithSizes(
  page: ProductPage,
): Promise<{ article: ApiArticleDetail; sizes: ApiVariant[] }> {
  let sizes: ApiVariant[] = [];
  const article = await findBuilt(page, (a) => {
    const color = a.variants.find((v) => v.availability > 0)?.color.id;
    sizes = a.variants.filter((v) => v.color.id === color && v.availability > 0);
    return sizes.length >= 2;
  });
  return { article, sizes };
}

/** The live stock request of an article (the client adds the tenant to the query). */
const availabilityOf = (id: number) =>
  new RegExp(`/api/v1/articles/availability/${String(id)}(\\?|$)`);

const query = (v: ApiVariant) =>
  `?farge=${slugify(v.color.name)}&storrelse=${encodeURIComponent(v.size.name)}`;

test.describe('product page', () => {
  test('offers only sizes in stock, keeps the choice in the URL @default-brand', async ({
    page,
  }) => {
    const product = new ProductPage(page);
    let soldOut: ApiVariant | undefined;
    let inStock: ApiVariant | undefined;
    const article = await findBuilt(product, (a) => {
      soldOut = a.variants.find((v) => v.availability === 0);
      inStock = a.variants.find(
        (v) =>
          v.availability > 0 && v.color.id === soldOut?.color.id && v.size.id !== soldOut.size.id,
      );
      return inStock !== undefined;
    });
    if (!soldOut || !inStock) throw new Error('unreachable');
    await product.open(`/product/${slugify(article.name)}?farge=${slugify(soldOut.color.name)}`);
    await expect(product.size(soldOut.size.name)).toBeDisabled();
    await expect(product.sizes.getByText('Utsolgt').first()).toBeVisible();
    await product.size(inStock.size.name).check({ force: true });
    await expect(page).toHaveURL(
      new RegExp(`storrelse=${encodeURIComponent(inStock.size.name).replace('+', '\\+')}`),
    );
    await page.reload();
    await product.page.getByText('Henter lagerstatus …').waitFor({ state: 'detached' });
    await expect(product.size(inStock.size.name)).toBeChecked();
  });

  test('loads live stock without React; a size picked before hydration is kept @default-brand', async ({
    page,
  }) => {
    const product = new ProductPage(page);
    const { article, sizes } = await findWithSizes(product);
    const size = sizes[1];
    if (!size) throw new Error('unreachable');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const live = page.waitForResponse(availabilityOf(article.id));
    await product.goto(`/product/${slugify(article.name)}`);
    expect((await live).ok()).toBe(true);
    await watchWindow(page);
    await expect(product.island).toHaveAttribute('ssr', '');
    const renderer = (await product.island.getAttribute('renderer-url')) ?? '';
    expect(renderer).not.toBe('');
    expect(scripts.some((url) => url.endsWith(renderer))).toBe(false);
    await expect(page.getByText('Velg farge og størrelse for å se')).toBeVisible();

    await product.size(size.size.name).check({ force: true });
    await expect(product.island).not.toHaveAttribute('ssr', /.*/);
    await expect(page).toHaveURL(new RegExp(`storrelse=${encodeURIComponent(size.size.name)}`));
    await expect(product.size(size.size.name)).toBeChecked();
    await expect(product.stockList.locator('li')).toHaveCount(
      size.shops.filter((s) => s.qty > 0).length,
    );
  });

  test('hydrates at once when live stock has sold out a size the HTML offers @default-brand', async ({
    page,
  }) => {
    const product = new ProductPage(page);
    const { article, sizes } = await findWithSizes(product);
    const gone = sizes[0];
    if (!gone) throw new Error('unreachable');
    await page.route(availabilityOf(article.id), (route) =>
      route.fulfill({
        json: {
          articleId: article.id,
          variants: article.variants.map((v) =>
            v.id === gone.id ? { ...v, availability: 0, shops: [] } : v,
          ),
        },
      }),
    );
    // A first render that does not match the server HTML is reported as an error.
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await product.goto(`/product/${slugify(article.name)}`);
    await expect(product.island).not.toHaveAttribute('ssr', /.*/);
    await expect(product.size(gone.size.name)).toBeDisabled();
    expect(errors).toEqual([]);
  });

  test('adds to the cart up to the limit; a second tab sees the count @default-brand', async ({
    page,
    context,
  }) => {
    const product = new ProductPage(page);
    let chosen: ApiVariant | undefined;
    const article = await findBuilt(product, (a) => {
      chosen = a.variants.find(
        (v) => v.availability > 0 && limitOf(a, v) >= 1 && limitOf(a, v) <= 3,
      );
      return a.purchasableOnWeb === 1 && chosen !== undefined;
    });
    if (!chosen) throw new Error('unreachable');
    const limit = limitOf(article, chosen);
    await product.open(`/product/${slugify(article.name)}${query(chosen)}`);
    await expect(product.cartBadge).toBeHidden();
    // Alerts show one at a time: each success is closed so the next one can be seen.
    const closeSuccess = page.getByRole('button', { name: 'Lukk melding: Suksess' });
    for (let i = 1; i <= limit; i++) {
      await product.addButton.click();
      await expect(product.cartBadge).toHaveText(String(i));
      await expect(product.notice).toContainText('Lagt i handlekurven');
      await closeSuccess.click();
    }
    await product.addButton.click();
    await expect(page.locator('[data-alert-type="warning"]')).toContainText('allerede');
    await expect(product.cartBadge).toHaveText(String(limit));

    const second = new ProductPage(await context.newPage());
    await second.goto('/');
    await expect(second.cartBadge).toHaveText(String(limit));
  });

  test('a visible article id redirects to its slug page @default-brand', async ({ page }) => {
    const product = new ProductPage(page);
    const article = await findBuilt(product, () => true);
    await product.goto(`/product/${article.id}`);
    await expect(page).toHaveURL(new RegExp(`/product/${slugify(article.name)}$`));
    await expect(product.heading).toHaveText(article.name);
  });

  test('an invisible article logs and sends the shopper back @default-brand', async ({ page }) => {
    const product = new ProductPage(page);
    const data = new ProductData(page.request);
    const hidden = await data.find((a) => !a.visible, 1500);
    const previous = await findBuilt(product, () => true);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await product.open(`/product/${slugify(previous.name)}`);
    await page.goto(`/product/${hidden.id}`);
    await expect(page).toHaveURL(new RegExp(`/product/${slugify(previous.name)}$`));
    expect(errors).toContain('Error: Article marked not visible for web');
  });

  test('unknown ids and slugs get a Norwegian answer @default-brand', async ({ page }) => {
    const product = new ProductPage(page);
    await product.goto('/product/99999999');
    await expect(page.getByText('Error: Could not load article')).toBeVisible();
    await product.goto('/product/finnes-ikke-denne-varen');
    await expect(product.heading).toHaveText('Fant ikke varen');
    await expect(page.getByRole('link', { name: 'Gå til forsiden' })).toBeVisible();
  });

  test('lists shops with stock, nearest first after a postal code @default-brand', async ({
    page,
  }) => {
    const product = new ProductPage(page);
    let chosen: ApiVariant | undefined;
    const article = await findBuilt(product, (a) => {
      chosen = a.variants.find((v) => v.shops.filter((s) => s.qty > 0).length >= 3);
      return chosen !== undefined;
    });
    if (!chosen) throw new Error('unreachable');
    await product.open(`/product/${slugify(article.name)}${query(chosen)}`);
    await expect(product.stockList.locator('li')).toHaveCount(
      chosen.shops.filter((s) => s.qty > 0).length,
    );
    await product.postalCode.fill('12');
    await product.findNearest.click();
    await expect(page.getByText('Postnummeret må være fire sifre')).toBeVisible();
    await product.postalCode.fill('5003');
    await product.findNearest.click();
    await expect(page.getByText(/Sortert etter avstand fra 5003/)).toBeVisible();
    await expect(product.stockList.locator('[data-distance]').first()).toBeVisible();
    const km = await product.distancesKm();
    expect(km.length).toBeGreaterThanOrEqual(2);
    expect(km).toEqual(km.toSorted((x, y) => x - y));
  });

  test('has no axe violations', async ({ page }) => {
    const product = new ProductPage(page);
    const article = await findBuilt(product, (a) => a.reviews.length > 0);
    await product.open(`/product/${slugify(article.name)}`);
    expect(await product.axeViolations()).toEqual([]);
  });
});

/** The colours of an article that are offered (some variant in stock), in variant order. */
function offeredColors(a: ApiArticleDetail): Array<{ id: number; name: string }> {
  const colors = new Map<number, { id: number; name: string }>();
  for (const v of a.variants) if (v.availability > 0) colors.set(v.color.id, v.color);
  return [...colors.values()];
}

/** A built article whose first offered colour has three pictures or more. */
const withPictures = (a: ApiArticleDetail) => {
  const first = offeredColors(a)[0];
  return (a.pictures?.find((p) => p.colorId === first?.id)?.pictures.length ?? 0) >= 3;
};

/** Collects the page's errors: a hydration mismatch, a style the CSP refused, a failure. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('product gallery', () => {
  test('is the page’s first picture, eager and high priority, and loads no code before it is reached for @default-brand', async ({
    page,
  }) => {
    const product = new ProductPage(page);
    const article = await findBuilt(product, withPictures);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await product.goto(`/product/${slugify(article.name)}`);
    await watchWindow(page);
    const { gallery } = product;
    const first = gallery.slides.first().locator('img');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('width', /^\d+$/);
    await expect(first).toHaveAttribute('height', /^\d+$/);
    expect(await page.locator('main img').first().getAttribute('src')).toBe(
      await first.getAttribute('src'),
    );
    await expect(gallery.slides.nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(gallery.slides.nth(1)).toHaveJSProperty('inert', true);
    // Until the shopper reaches for it, the gallery is server HTML and its code is not loaded.
    await expect(gallery.island).toHaveAttribute('ssr', '');
    const code = (await gallery.island.getAttribute('component-url')) ?? '';
    expect(code).not.toBe('');
    expect(scripts.some((url) => url.endsWith(code))).toBe(false);
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px the main picture is scaled near its slot, not the original @default-brand`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const product = new ProductPage(page);
      const article = await findBuilt(product, withPictures);
      await product.goto(`/product/${slugify(article.name)}`);
      await expectScaledToSlot(product.gallery.slides.first().locator('img'), 1500);
    });
  }

  test('changing colour in the buy box shows that colour’s pictures @default-brand', async ({
    page,
  }) => {
    const product = new ProductPage(page);
    const article = await findBuilt(
      product,
      (a) =>
        withPictures(a) &&
        offeredColors(a).filter((c) => a.pictures?.some((p) => p.colorId === c.id)).length >= 2,
    );
    const [first, other] = offeredColors(article);
    if (!first || !other) throw new Error('unreachable');
    const errors = pageErrors(page);
    await product.open(`/product/${slugify(article.name)}`);
    const { gallery } = product;
    await expect(gallery.shown).toHaveAttribute(
      'src',
      new RegExp(`/${article.id}/${first.id}-front\\.jpg$`),
    );
    // The buy box hydrated; the gallery did not, as its colour has not changed.
    await expect(gallery.island).toHaveAttribute('ssr', '');
    await product.colors.getByRole('radio', { name: other.name }).check({ force: true });
    await expect(gallery.shown).toHaveAttribute(
      'src',
      new RegExp(`/${article.id}/${other.id}-front\\.jpg$`),
    );
    expect(await gallery.current()).toMatch(/^1 av \d+$/);
    await expect(gallery.root).toHaveAttribute('data-color', String(other.id));
    // And back.
    await product.colors.getByRole('radio', { name: first.name }).check({ force: true });
    await expect(gallery.shown).toHaveAttribute(
      'src',
      new RegExp(`/${article.id}/${first.id}-front\\.jpg$`),
    );
    expect(errors).toEqual([]);
  });

  test('a colour in the URL shows its pictures at once @default-brand', async ({ page }) => {
    const product = new ProductPage(page);
    const article = await findBuilt(
      product,
      (a) => withPictures(a) && offeredColors(a).length >= 2,
    );
    const other = offeredColors(article)[1];
    if (!other) throw new Error('unreachable');
    const errors = pageErrors(page);
    await product.goto(`/product/${slugify(article.name)}?farge=${slugify(other.name)}`);
    await product.gallery.hydrated();
    await expect(product.gallery.shown).toHaveAttribute(
      'src',
      new RegExp(`/${article.id}/${other.id}-front\\.jpg$`),
    );
    expect(errors).toEqual([]);
  });

  test('axe finds nothing with the full-screen view open', async ({ page }) => {
    const product = new ProductPage(page);
    const article = await findBuilt(product, withPictures);
    await product.goto(`/product/${slugify(article.name)}`);
    const { gallery } = product;
    await gallery.fullScreen.click();
    await expect(gallery.dialog).toBeVisible();
    await expect(gallery.zoomImage).toBeVisible();
    expect(await product.axeViolations()).toEqual([]);
  });
});

test.describe('product gallery by mouse, keyboard and touch @default-brand', () => {
  test('by mouse: thumbnails, next, full screen with double-click zoom, and back', async ({
    page,
  }) => {
    const product = new ProductPage(page);
    const article = await findBuilt(product, withPictures);
    const errors = pageErrors(page);
    await product.goto(`/product/${slugify(article.name)}`);
    const { gallery } = product;
    const count = await gallery.slides.count();
    expect(count).toBeGreaterThanOrEqual(3);
    // Clicked before the code has arrived: the click is replayed once the gallery is live.
    await gallery.thumbnails.nth(1).click();
    await expect.poll(() => gallery.current()).toBe(`2 av ${count}`);
    await expect(gallery.thumbnails.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(gallery.thumbnails.nth(0)).not.toHaveAttribute('aria-current', /.*/);
    await expect(gallery.thumbnails.nth(1)).toHaveAccessibleName(
      new RegExp(`^Bilde 2 av ${count}: .+, bakfra$`),
    );
    await expect(gallery.next.locator('svg')).toBeVisible();
    await expect(gallery.next).toHaveText('');
    await gallery.next.click();
    await expect.poll(() => gallery.current()).toBe(`3 av ${count}`);
    await expect(gallery.counter).toHaveText(`3 / ${count}`);
    await expect(gallery.announcement).toHaveText(`Bilde 3 av ${count}`);

    await gallery.fullScreen.click();
    await expect(gallery.dialog).toBeVisible();
    await expect(gallery.zoomCounter).toHaveText(`3 / ${count}`);
    // The original's pixels, from the image service at its full width.
    await expect
      .poll(() => gallery.zoomImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1500);
    expect(await gallery.zoomScale()).toBe(1);
    await gallery.zoomSurface.dblclick({ position: { x: 40, y: 60 } });
    await expect.poll(() => gallery.zoomScale()).toBe(2.5);
    // Dragged, the zoomed picture pans with the pointer.
    const before = await gallery.zoomOffset();
    const centre = await gallery.centre(gallery.zoomSurface);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x - 30, centre.y - 20, { steps: 3 });
    await page.mouse.move(centre.x - 60, centre.y - 40, { steps: 3 });
    await page.mouse.up();
    const after = await gallery.zoomOffset();
    expect(after.x).toBeCloseTo(before.x - 60, 0);
    expect(after.y).toBeLessThan(before.y);
    expect(await gallery.zoomScale()).toBe(2.5);
    await gallery.zoomSurface.dblclick();
    await expect.poll(() => gallery.zoomScale()).toBe(1);
    await gallery.dialog.getByRole('button', { name: 'Neste bilde' }).click();
    await expect(gallery.zoomCounter).toHaveText(`1 / ${count}`);
    await gallery.close.click();
    await expect(gallery.dialog).toBeHidden();
    await expect(gallery.fullScreen).toBeFocused();
    // The gallery behind followed the full-screen view.
    expect(await gallery.current()).toBe(`1 av ${count}`);
    expect(errors).toEqual([]);
  });

  test('by mouse on the picture itself: a click opens full screen, a drag past 10 px does not', async ({
    page,
  }) => {
    const product = new ProductPage(page);
    const article = await findBuilt(product, withPictures);
    const errors = pageErrors(page);
    await product.goto(`/product/${slugify(article.name)}`);
    const { gallery } = product;
    const count = await gallery.slides.count();
    const box = await gallery.viewport.boundingBox();
    if (!box) throw new Error('Not laid out');
    // Near the top left corner, away from the icon in the right one. Clicked before the code
    // has arrived: the click is replayed once the gallery is live.
    await page.mouse.click(box.x + 20, box.y + 20);
    await expect(gallery.dialog).toBeVisible();
    await expect(gallery.zoomCounter).toHaveText(`1 / ${count}`);
    await page.keyboard.press('Escape');
    await expect(gallery.dialog).toBeHidden();
    await expect(gallery.fullScreen).toBeFocused();

    // Dragged sideways past the threshold, it moves on instead.
    await gallery.drag(-40, 0);
    await expect.poll(() => gallery.current()).toBe(`2 av ${count}`);
    // Up or down past it is no click either; were the view open, its modal would take the
    // click on 'Neste bilde'.
    await gallery.drag(0, 30);
    await gallery.next.click();
    await expect.poll(() => gallery.current()).toBe(`3 av ${count}`);
    await expect(gallery.dialog).toBeHidden();
    // A press that stays within it is a click.
    await gallery.drag(4, 3);
    await expect(gallery.dialog).toBeVisible();
    await expect(gallery.zoomCounter).toHaveText(`3 / ${count}`);
    expect(errors).toEqual([]);
  });

  test('by keyboard alone: Tab, arrows, Enter opens full screen, Escape closes', async ({
    page,
  }) => {
    const product = new ProductPage(page);
    const article = await findBuilt(product, withPictures);
    await product.goto(`/product/${slugify(article.name)}`);
    const { gallery } = product;
    const count = await gallery.slides.count();
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () => document.activeElement?.closest('[data-product-gallery]') !== null,
      );
      if (inside) break;
    }
    await expect(gallery.fullScreen).toBeFocused();
    await gallery.hydrated();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => gallery.current()).toBe(`2 av ${count}`);
    await expect(gallery.announcement).toHaveText(`Bilde 2 av ${count}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => gallery.current()).toBe(`${count} av ${count}`);

    await page.keyboard.press('Enter');
    await expect(gallery.dialog).toBeVisible();
    await expect(gallery.close).toBeFocused();
    await page.keyboard.press('+');
    await expect.poll(() => gallery.zoomScale()).toBe(1.5);
    await page.keyboard.press('0');
    await expect.poll(() => gallery.zoomScale()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await expect(gallery.zoomCounter).toHaveText(`1 / ${count}`);
    await expect(gallery.dialog.locator('[data-zoom-announcement]')).toHaveText(
      `Bilde 1 av ${count}`,
    );
    await page.keyboard.press('Escape');
    await expect(gallery.dialog).toBeHidden();
    await expect(gallery.fullScreen).toBeFocused();
    expect(await gallery.current()).toBe(`1 av ${count}`);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('shows the first picture and no control that would do nothing', async ({ page }) => {
      const product = new ProductPage(page);
      const article = await findBuilt(product, withPictures);
      await product.goto(`/product/${slugify(article.name)}`);
      const { gallery } = product;
      const first = gallery.slides.first().locator('img');
      await expect(first).toBeVisible();
      await expect
        .poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(gallery.fullScreen).toBeHidden();
      await expect(gallery.next).toBeHidden();
      await expect(gallery.thumbnails.first()).toBeHidden();
    });
  });

  test.describe('by touch', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test(`a swipe past ${SWIPE_THRESHOLD_PX} px moves, a smaller one does not; pinch and double tap zoom`, async ({
      page,
    }) => {
      const product = new ProductPage(page);
      const article = await findBuilt(product, withPictures);
      await product.goto(`/product/${slugify(article.name)}`);
      const { gallery } = product;
      const count = await gallery.slides.count();
      await gallery.viewport.scrollIntoViewIfNeeded();
      // The first touch hydrates it; a swipe is no tap, so nothing opens (the page behind a
      // full-screen view would take no more swipes).
      await gallery.swipe(-40);
      await gallery.hydrated();
      await gallery.swipe(-40);
      await expect.poll(() => gallery.current()).toBe(`2 av ${count}`);
      await gallery.swipe(40);
      await expect.poll(() => gallery.current()).toBe(`1 av ${count}`);
      await expect(gallery.dialog).toBeHidden();

      // A smaller one is a tap on the picture: it stays, and opens full screen.
      await gallery.swipe(-6);
      await expect(gallery.dialog).toBeVisible();
      await expect(gallery.zoomCounter).toHaveText(`1 / ${count}`);
      await expect(gallery.zoomSurface).toHaveCSS('touch-action', 'none');
      await gallery.pinch(60, 120);
      await expect.poll(() => gallery.zoomScale()).toBeCloseTo(2, 1);
      await gallery.pinch(20, 400);
      await expect.poll(() => gallery.zoomScale()).toBe(4);
      // A double tap from any zoom goes back to 1×, and from 1× to 2.5×.
      const centre = await gallery.centre(gallery.zoomSurface);
      await page.touchscreen.tap(centre.x, centre.y);
      await page.touchscreen.tap(centre.x, centre.y);
      await expect.poll(() => gallery.zoomScale()).toBe(1);
      await page.touchscreen.tap(centre.x, centre.y);
      await page.touchscreen.tap(centre.x, centre.y);
      await expect.poll(() => gallery.zoomScale()).toBe(2.5);
      // Another picture starts unzoomed.
      await gallery.dialog.getByRole('button', { name: 'Neste bilde' }).tap();
      await expect.poll(() => gallery.zoomScale()).toBe(1);
    });
  });
});
