import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiError, ApiReservation, ApiStockConflict } from '../../contract/index.ts';
import {
  CHECKOUT_NOW,
  createCheckoutFixture,
  type CheckoutFixture,
  type TestVariant,
} from '../test-support/checkout.ts';
import { TestClient } from '../test-support/client.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import { webShopId } from '../seed/seed.ts';
import { reservationRoutes } from './reservations.ts';

const post = (f: CheckoutFixture, body: unknown, headers: Record<string, string> = {}) =>
  f.client.request('/api/v1/reservations', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function reserveOk(f: CheckoutFixture, body: unknown): Promise<ApiReservation> {
  const res = await post(f, body);
  const json = (await res.json()) as ApiReservation;
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json;
}

async function errorsOf(f: CheckoutFixture, body: unknown): Promise<Record<string, string[]>> {
  const res = await post(f, body);
  const json = (await res.json()) as ApiError;
  expect(res.status, JSON.stringify(json)).toBe(422);
  return json.errors ?? {};
}

function addCampaign(f: CheckoutFixture, v: TestVariant, price: number, start: Date, end: Date) {
  const campaign = Number(
    f.db
      .prepare(
        `INSERT INTO campaigns (name, short_description, description, start, end, label_text)
         VALUES ('Test', '', '', ?, ?, 'Tilbud')`,
      )
      .run(start.toISOString(), end.toISOString()).lastInsertRowid,
  );
  return Number(
    f.db
      .prepare(
        `INSERT INTO campaign_items (campaign_id, article_id, price, label_type, label_data)
         VALUES (?, ?, ?, 'price', '{}')`,
      )
      .run(campaign, v.articleId, price).lastInsertRowid,
  );
}

const DAY = 24 * 60 * 60 * 1000;
const days = (n: number) => new Date(CHECKOUT_NOW.getTime() + n * DAY);

describe('POST /api/v1/reservations', () => {
  let f: CheckoutFixture;
  let a: TestVariant;
  let b: TestVariant;

  beforeEach(async () => {
    f = createCheckoutFixture();
    a = f.variant(0);
    b = f.variant(40);
    f.setArticle(a, { price: 49_950.4, pant: null, limit: 5 });
    f.setArticle(b, { price: 10_000, pant: 249.6, limit: 5 });
    f.setStock(a, 5);
    f.setStock(b, 5);
    await f.client.request('/sanctum/csrf-cookie');
  });

  it('prices every line from the database, ignoring prices the client sends', async () => {
    const body = f.body([
      [a, 2],
      [b, 1],
    ]);
    const items = body.items.map((item) => ({ ...item, Price: 1, Pant: 0 }));
    const r = await reserveOk(f, { ...body, items, total: 1, Price: 1 });
    expect(r.articles.map((l) => [l.EanNo, l.Count, l.Price, l.Pant])).toEqual([
      [a.ean, 2, 49_950, 0],
      [b.ean, 1, 10_000, 250],
    ]);
    expect(r.subtotal).toBe(2 * 49_950 + 10_250);
    expect(r.discount).toBe(0);
    expect(r.shippingPrice).toBe(19_900);
    expect(r.total).toBe(r.subtotal + 19_900);
    expect(r).toMatchObject({
      statusID: 1,
      shopID: webShopId,
      customerID: null,
      delivery: 1,
      name: 'Kari Nordmann',
      address: 'Storgata 12B',
      zipcode: '0155',
      promoCode: null,
      shipping_method_id: 'delivery',
    });
  });

  it('uses a campaign item price only while its campaign runs', async () => {
    const live = addCampaign(f, a, 29_990.6, days(-1), days(1));
    const pending = addCampaign(f, b, 5_000, days(1), days(5));
    const ended = addCampaign(f, b, 4_000, days(-5), days(-1));
    const r = await reserveOk(
      f,
      f.body([], {
        items: [
          { EanNo: a.ean, Count: 1, CampaignArticleID: live },
          { EanNo: b.ean, Count: 1, CampaignArticleID: pending },
        ],
      }),
    );
    expect(r.articles.map((l) => l.Price)).toEqual([29_991, 10_000]);
    const other = await reserveOk(
      f,
      f.body([], { items: [{ EanNo: b.ean, Count: 1, CampaignArticleID: ended }] }),
    );
    expect(other.articles[0]?.Price).toBe(10_000);
    // A campaign item of another article never prices this one.
    const wrong = await reserveOk(
      f,
      f.body([], { items: [{ EanNo: b.ean, Count: 1, CampaignArticleID: live }] }),
    );
    expect(wrong.articles[0]?.Price).toBe(10_000);
  });

  it('takes the stock from the web shop for delivery and keeps in_stock derived', async () => {
    f.setStock(a, 2);
    await reserveOk(f, f.body([[a, 2]]));
    expect(f.stock(a)).toBe(0);
    const inStock = f.db
      .prepare('SELECT in_stock FROM article_shops WHERE article_id = ? AND shop_id = ?')
      .get(a.articleId, webShopId) as { in_stock: number };
    const expected = f.db
      .prepare(
        `SELECT max(st.qty > 0) AS any FROM stock st JOIN variants v ON v.id = st.variant_id
         WHERE v.article_id = ? AND st.shop_id = ?`,
      )
      .get(a.articleId, webShopId) as { any: number };
    expect(inStock.in_stock).toBe(expected.any);
  });

  it('takes the stock from the chosen shop for Klikk & Hent', async () => {
    const shop = f.pickupShop(a);
    f.setStock(a, 3, shop);
    const r = await reserveOk(
      f,
      f.body([[a, 2]], { Delivery: 0, ShopID: shop, shipping_method_id: 'pickup', Address: '' }),
    );
    expect(r).toMatchObject({ shopID: shop, delivery: 0, shippingPrice: 0, address: '' });
    expect(f.stock(a, shop)).toBe(1);
    expect(f.stock(a)).toBe(5);
  });

  it('answers 409 naming every short EAN and takes nothing', async () => {
    f.setStock(a, 1);
    f.setStock(b, 0);
    const res = await post(
      f,
      f.body([
        [a, 2],
        [b, 1],
      ]),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: 'Noen varer er ikke lenger på lager.',
      errors: { eanNo: [a.ean, b.ean] },
    } satisfies ApiStockConflict);
    expect(f.stock(a)).toBe(1);
    expect(f.db.prepare('SELECT COUNT(*) AS n FROM reservations').get()).toEqual({ n: 0 });
  });

  it('applies cart promo codes: a fraction, a fixed amount, never below the pant sum', async () => {
    f.setArticle(a, { price: 10_000, pant: 1_000 });
    const fraction = await reserveOk(f, f.body([[a, 1]], { PromoCode: 'vinter20' }));
    expect(fraction).toMatchObject({ subtotal: 11_000, discount: 2_200, promoCode: 'VINTER20' });
    expect(fraction.total).toBe(8_800 + 19_900);

    const fixed = await reserveOk(f, f.body([[a, 2]], { PromoCode: 'KLUBB250' }));
    expect(fixed).toMatchObject({ subtotal: 22_000, discount: 20_000, total: 2_000 + 19_900 });

    const one = await reserveOk(f, f.body([[a, 1]], { PromoCode: 'KLUBB250' }));
    expect(one).toMatchObject({ subtotal: 11_000, discount: 10_000, total: 1_000 + 19_900 });
  });

  it('applies shipping promo codes to the shipping price only, never below 0', async () => {
    const free = await reserveOk(f, f.body([[a, 1]], { PromoCode: 'FRIFRAKT' }));
    expect(free).toMatchObject({ discount: 0, shippingPrice: 0, total: free.subtotal });
    f.db
      .prepare(
        `INSERT INTO promo_codes (name, valid_from, valid_to, fixed, amount, type)
         VALUES ('HALVFRAKT', ?, ?, 0, 0.5, 'shipping')`,
      )
      .run(days(-1).toISOString(), days(1).toISOString());
    const half = await reserveOk(
      f,
      f.body([[a, 1]], { PromoCode: 'HALVFRAKT', shipping_method_id: 'express' }),
    );
    const express = f.db
      .prepare("SELECT price FROM shipping_methods WHERE id = 'express'")
      .get() as {
      price: number;
    };
    expect(half.shippingPrice).toBe(Math.round(express.price / 2));
  });

  it('rejects unusable promo codes on PromoCode in Norwegian', async () => {
    for (const [code, message] of [
      ['FINNESIKKE', 'Rabattkoden finnes ikke.'],
      ['UTLOPT10', 'Rabattkoden er utløpt.'],
      ['SNART15', 'Rabattkoden er ikke gyldig ennå.'],
    ] as const) {
      expect(await errorsOf(f, f.body([[a, 1]], { PromoCode: code }))).toEqual({
        PromoCode: [message],
      });
    }
  });

  it('names the field of every invalid value', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ CustomerName: '' }, 'CustomerName'],
      [{ CustomerName: 'x'.repeat(101) }, 'CustomerName'],
      [{ CustomerName: 42 }, 'CustomerName'],
      [{ Email: 'kari@' }, 'Email'],
      [{ Phone: '81234567' }, 'Phone'],
      [{ Phone: '+46 91234567' }, 'Phone'],
      [{ Address: 'Storgata' }, 'Address'],
      [{ Address: 'Storgata 12BC' }, 'Address'],
      [{ PostalCode: '155' }, 'PostalCode'],
      [{ City: '' }, 'City'],
      [{ Delivery: 2 }, 'Delivery'],
      [{ Delivery: '1' }, 'Delivery'],
      [{ shipping_method_id: 'teleport' }, 'shipping_method_id'],
      [{ shipping_method_id: 'pickup' }, 'shipping_method_id'],
      [{ items: [] }, 'items'],
      [{ items: 'all' }, 'items'],
      [{ items: Array.from({ length: 51 }, () => ({ EanNo: a.ean, Count: 1 })) }, 'items'],
      [{ items: [{ EanNo: '7000000000000', Count: 1 }] }, 'items.0.EanNo'],
      [{ items: [{ EanNo: a.ean, Count: 0 }] }, 'items.0.Count'],
      [{ items: [{ EanNo: a.ean, Count: 1.5 }] }, 'items.0.Count'],
      [{ items: [{ EanNo: a.ean, Count: '1' }] }, 'items.0.Count'],
      [{ items: [{ EanNo: a.ean, Count: 6 }] }, 'items.0.Count'],
      [
        { items: [{ EanNo: a.ean, Count: 1, CampaignArticleID: 'x' }] },
        'items.0.CampaignArticleID',
      ],
      [{ items: [null] }, 'items.0'],
      [{ PromoCode: 7 }, 'PromoCode'],
    ];
    for (const [override, field] of cases) {
      const errors = await errorsOf(f, f.body([[a, 1]], override));
      expect(Object.keys(errors), JSON.stringify(override)).toEqual([field]);
    }
    expect((await errorsOf(f, f.body([[a, 1]], { Address: 'Storgata' }))).Address).toEqual([
      "Ingen husnummer oppgitt - addresse må være på format: 'gateaddresse husnummer'",
    ]);
  });

  it('counts the same EAN twice against its purchase limit', async () => {
    const errors = await errorsOf(
      f,
      f.body([
        [a, 3],
        [a, 3],
      ]),
    );
    expect(Object.keys(errors)).toEqual(['items.1.Count']);
  });

  it('checks the pick-up shop: it must exist, not be the web shop, and carry every line', async () => {
    const pickup = { Delivery: 0, shipping_method_id: 'pickup' } as const;
    for (const ShopID of [999, webShopId, 'x']) {
      expect(Object.keys(await errorsOf(f, f.body([[a, 1]], { ...pickup, ShopID })))).toEqual([
        'ShopID',
      ]);
    }
    const shop = f.pickupShop(a);
    f.db.prepare('DELETE FROM stock WHERE variant_id = ? AND shop_id = ?').run(b.variantId, shop);
    const errors = await errorsOf(
      f,
      f.body(
        [
          [a, 1],
          [b, 1],
        ],
        { ...pickup, ShopID: shop },
      ),
    );
    expect(errors).toEqual({ ShopID: ['Butikken fører ikke alle varene.'] });
    expect(Object.keys(await errorsOf(f, f.body([[a, 1]], { ShopID: shop, Delivery: 0 })))).toEqual(
      ['shipping_method_id'],
    );
  });

  it('never delivers Klikk & Hent only articles and never sells unpurchasable ones', async () => {
    f.db.prepare('UPDATE articles SET only_cc = 1 WHERE id = ?').run(a.articleId);
    expect(await errorsOf(f, f.body([[a, 1]]))).toEqual({
      items: [`Varen ${a.ean} kan bare hentes i butikk.`],
    });
    const shop = f.pickupShop(a);
    f.setStock(a, 1, shop);
    await reserveOk(
      f,
      f.body([[a, 1]], { Delivery: 0, ShopID: shop, shipping_method_id: 'pickup' }),
    );
    f.db.prepare('UPDATE articles SET purchasable_on_web = 0 WHERE id = ?').run(b.articleId);
    expect(await errorsOf(f, f.body([[b, 1]]))).toEqual({
      items: [`Varen ${b.ean} kan ikke kjøpes på nett.`],
    });
  });

  it('gives 10 of 100 concurrent requests for the last 10 units, never going below 0', async () => {
    const shop = f.pickupShop(a);
    f.setStock(a, 10, shop);
    f.setArticle(a, { limit: 5 });
    const body = f.body([[a, 1]], { Delivery: 0, ShopID: shop, shipping_method_id: 'pickup' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(f, body)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    expect(f.stock(a, shop)).toBe(0);
    const reserved = f.db
      .prepare('SELECT sum(count) AS n FROM reservation_lines WHERE ean = ?')
      .get(a.ean) as { n: number };
    expect(reserved.n).toBe(10);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, reserving once', async () => {
    const body = f.body([[a, 1]]);
    const first = await post(f, body, { 'Idempotency-Key': 'k-1' });
    const again = await post(f, body, { 'Idempotency-Key': 'k-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(f.stock(a)).toBe(4);
    const other = await post(f, body, { 'Idempotency-Key': 'k-2' });
    expect(other.status).toBe(201);
    expect(f.stock(a)).toBe(3);
  });

  it('keeps Idempotency-Key to one body, one session and 128 characters', async () => {
    await post(f, f.body([[a, 1]]), { 'Idempotency-Key': 'k' });
    const changed = await post(f, f.body([[a, 2]]), { 'Idempotency-Key': 'k' });
    expect(changed.status).toBe(422);
    const long = await post(f, f.body([[a, 1]]), { 'Idempotency-Key': 'x'.repeat(129) });
    expect(long.status).toBe(422);
    expect(((await long.json()) as ApiError).errors).toHaveProperty(['Idempotency-Key']);
    // Keys are per session: another shopper's identical key reserves on its own.
    const stranger = new TestClient(f.app);
    await stranger.request('/sanctum/csrf-cookie');
    const before = f.stock(a);
    const theirs = await stranger.request('/api/v1/reservations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
      body: JSON.stringify(f.body([[a, 1]])),
    });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull();
    expect(f.stock(a)).toBe(before - 1);
  });

  it('never answers 500 to garbage', async () => {
    const bare = createTestApp({ db: f.db, now: () => CHECKOUT_NOW }, [
      { path: '/api/v1', routes: reservationRoutes },
    ]);
    await expectNoServerErrors(bare, ['/api/v1/reservations'], 200);
    for (const body of ['[]', '"x"', 'null', '{"items":[{"EanNo":null}]}', '{"items":{}}']) {
      const res = await bare.request('/api/v1/reservations', { method: 'POST', body });
      expect(res.status).toBeLessThan(500);
    }
  });
});
