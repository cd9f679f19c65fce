/**
 * The total the shop's checkout shows is the total the server charges (issue 47): for random
 * carts (prices and pant as the API may send them, fractional included, and counts), promo
 * codes of every kind the server knows and shipping methods at random prices, the cart the
 * shop's own rules build from the API's answers (cart-lines.ts, promo-code.ts, and the
 * checkout summary's checkoutTotals in checkout.ts) shows what the reference backend prices
 * for the order the shop sends (server/checkout/pricing.ts). Both reckon through
 * contract/cart-totals.ts; this test holds them to it from either end. It sits outside src/ and server/ because it is the
 * one place allowed to import both.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { priceReservation } from '../../server/checkout/pricing.ts';
import { openDatabase } from '../../server/db/database.ts';
import { NO_RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { serializeArticleDetail } from '../../server/serialize/article.ts';
import { seedDatabase, webShopId } from '../../server/seed/seed.ts';
import { createApiClient } from '../../src/lib/api/client.ts';
import { checkPromoCode } from '../../src/lib/api/promo-codes.ts';
import { getShippingMethods } from '../../src/lib/api/shipping.ts';
import { emptyCart, type CartState } from '../../src/lib/domain/cart.ts';
import { addLine, cartLineFor } from '../../src/lib/domain/cart-lines.ts';
import { checkoutTotals, type CheckoutForm } from '../../src/lib/domain/checkout.ts';
import { reservationRequest } from '../../src/lib/domain/checkout-submit.ts';
import { applyPromo } from '../../src/lib/domain/promo-code.ts';
import { toArticleDetail } from '../../src/lib/mappers/article.ts';

const NOW = new Date('2026-01-15T10:00:00Z');
const RUNS = 1_000;
/** The code each run writes anew: its terms are the run's. */
const CODE = 'PROVEKODE';
const db = openDatabase(':memory:');
const app = createApp({ db, now: () => NOW, rateLimits: NO_RATE_LIMITS, logRequests: false });
// The shop's own API client, answered in-process by the reference backend.
const client = createApiClient({
  baseURL: 'http://api.test/api/v1',
  fetch: (input, init) => Promise.resolve(app.request(String(input), init)),
});

/** One variant a run may put in the cart, each of its own article. */
interface Sellable {
  articleId: number;
  ean: string;
}
let sellable: Sellable[] = [];
/** A physical shop that carries every sellable variant, for the pick-up method. */
let pickupShopId = 0;

beforeAll(() => {
  seedDatabase(db, { articles: 60, seed: 3, now: NOW });
  sellable = db
    .prepare(
      `SELECT a.id AS articleId, min(v.ean) AS ean FROM articles a JOIN variants v ON v.article_id = a.id
       WHERE a.visible = 1 AND a.purchasable_on_web = 1 AND a.only_cc = 0
       GROUP BY a.id ORDER BY a.id LIMIT 8`,
    )
    .all() as unknown as Sellable[];
  pickupShopId = (
    db.prepare('SELECT min(id) AS id FROM shops WHERE is_web_shop = 0').get() as { id: number }
  ).id;
  // Enough of each in the web shop and the pick-up shop, and a limit above any count drawn,
  // so that the cart keeps every count drawn and the server refuses none.
  const stock = db.prepare(
    `INSERT INTO stock (variant_id, shop_id, qty) SELECT id, ?, 99 FROM variants WHERE ean = ?
     ON CONFLICT (variant_id, shop_id) DO UPDATE SET qty = 99`,
  );
  for (const { articleId, ean } of sellable) {
    stock.run(webShopId, ean);
    stock.run(pickupShopId, ean);
    db.prepare('UPDATE articles SET web_purchase_limit = 99 WHERE id = ?').run(articleId);
  }
  db.prepare(
    `INSERT INTO promo_codes (name, valid_from, valid_to, fixed, amount, type)
     VALUES (?, '2025-01-01', '2027-12-31', 0, 0, 'cart')`,
  ).run(CODE);
});

const line = fc.record({
  pick: fc.nat(),
  // Øre as the API may send them: the shop and the server each round them.
  price: fc.integer({ min: 0, max: 4_000_000 }).map((quarters) => quarters / 4),
  pant: fc.option(
    fc.integer({ min: 0, max: 12_000 }).map((quarters) => quarters / 4),
    { nil: null },
  ),
  count: fc.integer({ min: 1, max: 6 }),
});
const promo = fc.option(
  fc.oneof(
    fc.record({
      fixed: fc.constant(1),
      amount: fc.oneof(
        fc.integer({ min: 0, max: 600_000 }),
        fc.double({ min: 0, max: 600_000, noNaN: true }),
      ),
      type: fc.constantFrom('cart', 'shipping'),
    }),
    fc.record({
      fixed: fc.constant(0),
      amount: fc.double({ min: 0, max: 1.5, noNaN: true }),
      type: fc.constantFrom('cart', 'shipping'),
    }),
  ),
  { nil: null },
);
const shipping = fc.record({
  method: fc.constantFrom('delivery', 'pickup', 'mailbox', 'express'),
  price: fc.integer({ min: 0, max: 50_000 }),
});

const delivery: CheckoutForm = {
  name: 'Kari Nordmann',
  phone: '91234567',
  email: 'kari@example.no',
  fulfilment: 'delivery',
  address: 'Storgata 12B',
  postalCode: '0155',
  city: 'Oslo',
  shopId: null,
};

/** The cart after the shopper adds `count` of the variant with `ean` of article `id`. */
function addArticle(state: CartState, id: number, ean: string, count: number): CartState {
  const wire = serializeArticleDetail(db, id, NOW);
  const article = wire === null ? null : toArticleDetail(wire, NOW);
  const variant = article?.variants.find((v) => v.ean === ean);
  if (article === null || variant === undefined) throw new Error(`no variant ${ean}`);
  const added = cartLineFor(article, variant);
  return Array.from({ length: count }).reduce<CartState>((s) => addLine(s, added), state);
}

describe("the shop's checkout total against the server's price", () => {
  it(`agree to the øre over ${String(RUNS)} random carts, codes and shipping`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(line, {
          minLength: 1,
          maxLength: 5,
          selector: (l) => l.pick % sellable.length,
        }),
        promo,
        shipping,
        async (lines, code, ship) => {
          const chosen = lines.map((l) => ({
            ...l,
            ...(sellable[l.pick % sellable.length] as Sellable),
          }));
          for (const l of chosen) {
            db.prepare('UPDATE articles SET price = ?, pant = ? WHERE id = ?').run(
              l.price,
              l.pant,
              l.articleId,
            );
          }
          db.prepare('UPDATE shipping_methods SET price = ? WHERE id = ?').run(
            ship.price,
            ship.method,
          );
          if (code !== null) {
            db.prepare('UPDATE promo_codes SET fixed = ?, amount = ?, type = ? WHERE name = ?').run(
              code.fixed,
              code.amount,
              code.type,
              CODE,
            );
          }

          // The shop: the lines as the shopper adds them, the code and the method as the API
          // answers them, and the checkout summary's totals.
          let cart = chosen.reduce(
            (state, l) => addArticle(state, l.articleId, l.ean, l.count),
            emptyCart(),
          );
          const promoCode = code === null ? null : await checkPromoCode(CODE, client);
          if (code !== null) {
            if (promoCode === null) throw new Error(`the API does not know ${CODE}`);
            const applied = applyPromo(cart, null, promoCode);
            if (typeof applied === 'string')
              throw new Error(`the shop refused ${CODE}: ${applied}`);
            cart = applied;
          }
          const method = (await getShippingMethods(client)).find((m) => m.id === ship.method);
          if (method === undefined) throw new Error(`no shipping method ${ship.method}`);
          const shown = checkoutTotals(cart, method.price, promoCode);

          // The server: the order the shop sends, priced.
          const form: CheckoutForm = method.requiresShop
            ? { ...delivery, fulfilment: 'pickup', shopId: pickupShopId }
            : delivery;
          const body = reservationRequest(
            form,
            cart.orders,
            { methodId: method.id, webShopId },
            promoCode?.name ?? null,
          );
          // Spread: the server reads any JSON object, which the request's interface is not.
          const priced = priceReservation(db, { ...body }, NOW);

          expect(cart.orders.map((o) => o.count)).toEqual(chosen.map((l) => l.count));
          expect(shown).toEqual({
            subtotal: priced.subtotal,
            discount: priced.discount,
            shipping: priced.shippingPrice,
            total: priced.total,
          });
        },
      ),
      { numRuns: RUNS },
    );
  }, 180_000);
});
