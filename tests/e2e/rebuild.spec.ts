import { formatPrice } from '../../src/lib/format/money.ts';
import { expect, test } from './fixtures/shop.ts';
import { RebuildShop } from './fixtures/rebuild.ts';

// Marketing's loop end to end, on a shop of its own (the builder does not depend on the brand):
// a campaign created through the backend rebuilds the brand, the hook coalesces a trigger
// during that build, the new release goes live by its switch while shoppers keep getting
// answers, and Chromium sees the campaign price and label on the product page and listing.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let shop: RebuildShop;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await RebuildShop.start();
});

test.afterAll(async () => {
  await shop.stop();
});

test('the build hook refuses a missing or wrong token @default-brand', async () => {
  expect((await shop.hook('POST', null)).status).toBe(401);
  expect((await shop.hook('POST', 'gjettet')).status).toBe(401);
  expect((await shop.hook('GET', 'gjettet')).status).toBe(401);
  const state = await shop.hook('GET');
  expect(state.status).toBe(200);
  expect(state.body.state).toBe('live');
});

test('a campaign goes live through the hook with no failed request during the switch @default-brand', async ({
  page,
}) => {
  const listing = '/klaer';
  const product = shop.productOn(listing.slice(1));
  const before = await shop.hook('GET');

  const created = await shop.createCampaign({
    name: 'Julekupp i test',
    start: new Date(Date.now() - 3_600_000).toISOString(),
    end: new Date(Date.now() + 86_400_000).toISOString(),
    labelText: 'Julekupp',
    items: [{ articleId: product.id, price: 12300, labelType: 'price', labelData: {} }],
  });
  expect(created.status).toBe(201);
  // The campaign change has started a build; a trigger during it is coalesced into one more.
  const triggered = await shop.hook('POST');
  expect(triggered.status).toBe(202);
  expect(['queued', 'building']).toContain(triggered.body.state);

  const loop = shop.requestLoop(
    ['/', listing, product.path, `/product/${product.id}`],
    shop.settled(),
  );
  const { made, failures } = await loop;
  expect(failures).toEqual([]);
  expect(made).toBeGreaterThan(20);

  const after = await shop.hook('GET');
  expect(after.body).toMatchObject({ state: 'live', error: null });
  expect(after.body.releaseId).not.toBe(before.body.releaseId);
  expect(after.body.pagesReused).toBeGreaterThan(0);

  const article = (await (
    await fetch(`${shop.origin}/api/v1/articles/${product.id}?tenant=${shop.brand}`)
  ).json()) as { price: number };
  const price = formatPrice(Math.round(article.price));
  expect(price).toBe(formatPrice(12300));

  await page.goto(`${shop.origin}${product.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Julekupp').first()).toBeVisible();
  await expect(page.locator('main').getByText(price).first()).toBeVisible();

  await page.goto(`${shop.origin}${listing}`);
  const card = page.locator(`a[href="${product.path}"]`).first();
  await expect(card).toBeVisible();
  await expect(page.locator('main').getByText(price).first()).toBeVisible();
});
