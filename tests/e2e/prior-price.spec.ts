import { slugify } from '../../src/lib/domain/slug.ts';
import { CartModal } from './fixtures/cart.ts';
import { BundlePage } from './fixtures/bundle.ts';
import { deliverable } from './fixtures/checkout.ts';
import { ListingPage } from './fixtures/listing-page.ts';
import {
  isReduced,
  pricePattern,
  PriorPriceView,
  productPagePath,
  runningCampaignArticles,
} from './fixtures/prior-price.ts';
import { ProductPage } from './fixtures/product-page.ts';
import { expect, test } from './fixtures/shop.ts';

// Prisopplysningsforskriften § 9a: a reduced price only with its førpris, in words, and a
// percentage reckoned from it; a campaign price at or above the førpris is no reduction.
test.describe('førpris @default-brand', () => {
  test('a campaign article shows its førpris on its card, its product page and in the cart', async ({
    page,
    brand,
  }) => {
    const [article] = await runningCampaignArticles(
      page,
      brand.id,
      (a) => isReduced(a) && a.variants.some((v) => deliverable()(a, v)),
    );
    if (!article) throw new Error('The seed has no reduced campaign article on this brand');
    const priorPrice = Math.round(article.priorPrice ?? 0);
    const percent = Math.floor(((priorPrice - Math.round(article.price)) / priorPrice) * 100);
    const view = new PriorPriceView(page);
    const prior = new RegExp(`Førpris\\s*${pricePattern(priorPrice)}`);

    // Its card in the search results, drawn from the build.
    const listing = new ListingPage(page);
    await listing.gotoSearch(`/search/${encodeURIComponent(article.name)}`);
    await expect(view.cardPrice(article.name)).toContainText(prior);
    await expect(view.cardPrice(article.name)).toContainText(`−${String(percent)}`);

    // Its product page.
    const product = new ProductPage(page);
    const variant = article.variants.find((v) => deliverable()(article, v));
    if (!variant) throw new Error('no deliverable variant');
    const path = await productPagePath(page, article.id);
    await product.open(
      `${path}?farge=${slugify(variant.color.name)}&storrelse=${encodeURIComponent(variant.size.name)}`,
    );
    await expect(view.productPrice).toContainText(prior);
    await expect(view.productPrice).toContainText(`−${String(percent)}`);
    await expect(view.productPrice.locator('s')).toHaveCount(1);

    // The cart.
    await product.addButton.click();
    await expect(product.notice).toContainText('Lagt i handlekurven');
    const cart = new CartModal(page);
    await cart.open();
    await expect(cart.line(article.name)).toContainText(prior);
  });

  test('a campaign article whose price is not below its førpris shows no reduction', async ({
    page,
    brand,
  }) => {
    const [article] = await runningCampaignArticles(
      page,
      brand.id,
      (a) => typeof a.priorPrice === 'number' && !isReduced(a),
    );
    if (!article) throw new Error('The seed has no unreduced campaign article on this brand');
    const view = new PriorPriceView(page);
    const product = new ProductPage(page);
    await product.open(await productPagePath(page, article.id));
    await expect(view.productPrice).toContainText(
      new RegExp(pricePattern(Math.round(article.price))),
    );
    await expect(view.productPrice).not.toContainText('Førpris');
    await expect(view.productPrice).not.toContainText('%');
    await expect(view.productPrice.locator('s')).toHaveCount(0);
    await expect(view.productPrice.locator('.text-red-800')).toHaveCount(0);

    const bundle = new BundlePage(page);
    await bundle.goto([article.id]);
    const card = view.cardPrice(article.name);
    await expect(card).toContainText(new RegExp(pricePattern(Math.round(article.price))));
    await expect(card).not.toContainText('Førpris');
    await expect(card).not.toContainText('%');
    await expect(card.locator('s')).toHaveCount(0);
  });
});
