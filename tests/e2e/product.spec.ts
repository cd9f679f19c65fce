import type { ApiArticleDetail, ApiVariant } from '../../contract/index.ts';
import { slugify } from '../../src/lib/domain/slug.ts';
import { builtHere, ProductData, ProductPage } from './fixtures/product-page.ts';
import { expect, test } from './fixtures/shop.ts';

/** The purchase limit of SPEC 9: the lower of webPurchaseLimit and the first shop's stock. */
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
  test('offers only sizes in stock, keeps the choice in the URL', async ({ page }) => {
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

  test('loads live stock without React; a size picked before hydration is kept', async ({
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
    await page.waitForLoadState('networkidle');
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

  test('hydrates at once when live stock has sold out a size the HTML offers', async ({ page }) => {
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

  test('adds to the cart up to the limit; a second tab sees the count', async ({
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
      await expect(page.getByText('Lagt i handlekurven')).toBeVisible();
      await closeSuccess.click();
    }
    await product.addButton.click();
    await expect(page.locator('[data-alert-type="warning"]')).toContainText('allerede');
    await expect(product.cartBadge).toHaveText(String(limit));

    const second = new ProductPage(await context.newPage());
    await second.goto('/');
    await expect(second.cartBadge).toHaveText(String(limit));
  });

  test('a visible article id redirects to its slug page', async ({ page }) => {
    const product = new ProductPage(page);
    const article = await findBuilt(product, () => true);
    await product.goto(`/product/${article.id}`);
    await expect(page).toHaveURL(new RegExp(`/product/${slugify(article.name)}$`));
    await expect(product.heading).toHaveText(article.name);
  });

  test('an invisible article logs and sends the shopper back', async ({ page }) => {
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

  test('unknown ids and slugs get a Norwegian answer', async ({ page }) => {
    const product = new ProductPage(page);
    await product.goto('/product/99999999');
    await expect(page.getByText('Error: Could not load article')).toBeVisible();
    await product.goto('/product/finnes-ikke-denne-varen');
    await expect(product.heading).toHaveText('Fant ikke varen');
    await expect(page.getByRole('link', { name: 'Gå til forsiden' })).toBeVisible();
  });

  test('lists shops with stock, nearest first after a postal code', async ({ page }) => {
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
