import type { DatabaseSync } from 'node:sqlite';
import type { ApiReservationRequest } from '../../contract/index.ts';
import { createApp, type CreateAppOptions } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { NO_RATE_LIMITS } from '../http/rate-limit.ts';
import { TestClient } from './client.ts';
import { rebuildSearchIndex } from '../search/indexer.ts';
import { seedDatabase, webShopId } from '../seed/seed.ts';

/** The clock of the checkout tests; seed-relative campaigns and promo codes follow it. */
export const CHECKOUT_NOW = new Date('2025-03-10T12:00:00.000Z');

/** A variant a test may sell: a visible, purchasable article that is not Klikk & Hent only. */
export interface TestVariant {
  ean: string;
  variantId: number;
  articleId: number;
}

/** A small seeded catalogue behind the whole app, with helpers to shape stock and prices. */
export interface CheckoutFixture {
  db: DatabaseSync;
  app: ReturnType<typeof createApp>;
  client: TestClient;
  /** Moves the app's clock. */
  setNow(now: Date): void;
  /** The `n`-th sellable variant stocked in `shopId` (default the web shop). */
  variant(n?: number, shopId?: number): TestVariant;
  /** Sets the stock of a variant in a shop (the row must exist). */
  setStock(v: TestVariant, qty: number, shopId?: number): void;
  /** The stock of a variant in a shop. */
  stock(v: TestVariant, shopId?: number): number;
  /** Sets an article's price and pant (øre, pant may be null) and its purchase limit. */
  setArticle(
    v: TestVariant,
    fields: { price?: number; pant?: number | null; limit?: number },
  ): void;
  /** A valid delivery request for the lines, with `overrides` on top. */
  body(
    lines: Array<[TestVariant, number]>,
    overrides?: Record<string, unknown>,
  ): ApiReservationRequest;
  /** A physical shop (not the web shop) that stocks `v`. */
  pickupShop(v: TestVariant): number;
}

/**
 * Seeds 150 articles into an in-memory database (or the file `dbPath`, which a server in
 * another process can open too) and builds the app over it, without request limits unless
 * `options` sets some: every test request comes from the same in-process client.
 */
export function createCheckoutFixture(
  options: Omit<CreateAppOptions, 'db' | 'now'> & { dbPath?: string } = {},
): CheckoutFixture {
  const { dbPath = ':memory:', ...appOptions } = options;
  const db = openDatabase(dbPath);
  seedDatabase(db, { articles: 150, seed: 7, now: CHECKOUT_NOW });
  rebuildSearchIndex(db);
  let now = CHECKOUT_NOW;
  const app = createApp({ rateLimits: NO_RATE_LIMITS, ...appOptions, db, now: () => now });
  const one = <T>(sql: string, ...params: Array<string | number | null>): T =>
    db.prepare(sql).get(...params) as T;
  return {
    db,
    app,
    client: new TestClient(app),
    setNow(next) {
      now = next;
    },
    variant(n = 0, shopId = webShopId) {
      const row = one<{ ean: string; variant_id: number; article_id: number } | undefined>(
        `SELECT v.ean, v.id AS variant_id, a.id AS article_id
         FROM variants v JOIN articles a ON a.id = v.article_id
         JOIN stock st ON st.variant_id = v.id AND st.shop_id = ?
         WHERE a.visible = 1 AND a.purchasable_on_web = 1 AND a.only_cc = 0
         ORDER BY v.id LIMIT 1 OFFSET ?`,
        shopId,
        n,
      );
      if (row === undefined) throw new Error(`No sellable variant number ${String(n)}.`);
      return { ean: row.ean, variantId: row.variant_id, articleId: row.article_id };
    },
    setStock(v, qty, shopId = webShopId) {
      db.prepare('UPDATE stock SET qty = ? WHERE variant_id = ? AND shop_id = ?').run(
        qty,
        v.variantId,
        shopId,
      );
    },
    stock(v, shopId = webShopId) {
      return one<{ qty: number }>(
        'SELECT qty FROM stock WHERE variant_id = ? AND shop_id = ?',
        v.variantId,
        shopId,
      ).qty;
    },
    setArticle(v, fields) {
      if (fields.price !== undefined) {
        db.prepare('UPDATE articles SET price = ? WHERE id = ?').run(fields.price, v.articleId);
      }
      if (fields.pant !== undefined) {
        db.prepare('UPDATE articles SET pant = ? WHERE id = ?').run(fields.pant, v.articleId);
      }
      if (fields.limit !== undefined) {
        db.prepare('UPDATE articles SET web_purchase_limit = ? WHERE id = ?').run(
          fields.limit,
          v.articleId,
        );
      }
    },
    body(lines, overrides = {}) {
      const valid: ApiReservationRequest = {
        CustomerName: 'Kari Nordmann',
        Email: 'kari@example.no',
        Phone: '+47 91234567',
        Delivery: 1,
        Address: 'Storgata 12B',
        PostalCode: '0155',
        City: 'Oslo',
        ShopID: webShopId,
        items: lines.map(([v, count]) => ({ EanNo: v.ean, Count: count, CampaignArticleID: null })),
        shipping_method_id: 'delivery',
      };
      // Overrides may be any JSON on purpose: tests send wrong types too.
      return { ...valid, ...overrides } as ApiReservationRequest;
    },
    pickupShop(v) {
      const row = one<{ shop_id: number } | undefined>(
        'SELECT shop_id FROM stock WHERE variant_id = ? AND shop_id != ? ORDER BY shop_id LIMIT 1',
        v.variantId,
        webShopId,
      );
      if (row === undefined) throw new Error(`No shop stocks ${v.ean}.`);
      return row.shop_id;
    },
  };
}
