import type { DatabaseSync } from 'node:sqlite';
import type {
  ApiCheckoutProvider,
  ApiOrderLine,
  ApiReservation,
  ApiStockConflict,
} from '../../contract/index.ts';
import { queueReservationMail } from '../accounts/purchase-mail.ts';
import { transaction } from '../db/database.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { ApiHttpError } from '../http/errors.ts';
import type { PricedLine, PricedReservation } from './pricing.ts';

/** Message of the 409 answered when a line is short of stock. */
export const STOCK_CONFLICT_MESSAGE = 'Noen varer er ikke lenger på lager.';

/** Status of a cancelled reservation whose stock went back. */
export const CANCELLED_STATUS = 4;

/** A provider payment to tie the reservation to. */
export interface PaymentLink {
  provider: ApiCheckoutProvider;
  /** Known up front for Vipps (the merchant picks the reference). */
  providerOrderId: string | null;
}

// `article_shops.in_stock` is derived from `stock` (server/search/indexer.ts); after a change
// in one shop only that article's row for that shop can differ, so only it is recomputed.
const REFRESH_IN_STOCK_SQL = `
  UPDATE article_shops SET in_stock = (
    SELECT coalesce(max(st.qty > 0), 0) FROM stock st JOIN variants v ON v.id = st.variant_id
    WHERE v.article_id = ?1 AND st.shop_id = ?2)
  WHERE article_id = ?1 AND shop_id = ?2`;

function refreshInStock(db: DatabaseSync, lines: readonly { articleId: number }[], shopId: number) {
  const refresh = cachedStatement(db, REFRESH_IN_STOCK_SQL);
  for (const articleId of new Set(lines.map((l) => l.articleId))) refresh.run(articleId, shopId);
}

/**
 * Takes the stock of `lines` from `shopId`: each line's `stock.qty` drops by a guarded UPDATE
 * that never goes below 0. Returns the EANs of the lines that were short; when some are, the
 * caller must roll back what was taken. Call inside a transaction.
 */
export function takeStock(
  db: DatabaseSync,
  lines: readonly Pick<PricedLine, 'articleId' | 'variantId' | 'count' | 'ean'>[],
  shopId: number,
): string[] {
  const take = cachedStatement(
    db,
    'UPDATE stock SET qty = qty - ?1 WHERE variant_id = ?2 AND shop_id = ?3 AND qty >= ?1',
  );
  const short = lines
    .filter((line) => Number(take.run(line.count, line.variantId, shopId).changes) === 0)
    .map((line) => line.ean);
  if (short.length === 0) refreshInStock(db, lines, shopId);
  return short;
}

/**
 * Stores a priced reservation and takes its stock from its shop ({@link takeStock}), in one
 * transaction: if any line is short everything rolls back and 409 {@link ApiStockConflict}
 * names every short EAN.
 * The reservation belongs to `customerId` (the customer logged in on the request), if any.
 * A reservation
 * without a provider payment is confirmed by e-mail at once (a paid one when its order is
 * stored). Returns the new reservation id.
 */
export function reserve(
  db: DatabaseSync,
  priced: PricedReservation,
  now: Date,
  customerId: number | null,
  payment: PaymentLink | null = null,
): number {
  return transaction(db, () => {
    const short = takeStock(db, priced.lines, priced.shopId);
    if (short.length > 0) {
      throw new ApiHttpError(409, {
        message: STOCK_CONFLICT_MESSAGE,
        errors: { eanNo: short },
      } satisfies ApiStockConflict);
    }
    const { lastInsertRowid } = cachedStatement(
      db,
      `INSERT INTO reservations (shop_id, customer_id, status_id, name, email, phone, delivery,
         address, city, zipcode, shipping_method_id, promo_code_id, promo_code, subtotal,
         discount, shipping_price, total, provider, provider_order_id, payment_status, created_at)
       VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      priced.shopId,
      customerId,
      priced.name,
      priced.email,
      priced.phone,
      priced.delivery,
      priced.address,
      priced.city,
      priced.zipcode,
      priced.shippingMethodId,
      priced.promoCodeId,
      priced.promoCode,
      priced.subtotal,
      priced.discount,
      priced.shippingPrice,
      priced.total,
      payment?.provider ?? null,
      payment?.providerOrderId ?? null,
      payment === null ? null : 'pending',
      now.toISOString(),
    );
    const id = Number(lastInsertRowid);
    const insertLine = cachedStatement(
      db,
      `INSERT INTO reservation_lines (reservation_id, variant_id, article_id, ean, name, size,
         color, count, price, pant, campaign_item_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const l of priced.lines) {
      insertLine.run(
        id,
        l.variantId,
        l.articleId,
        l.ean,
        l.name,
        l.size,
        l.color,
        l.count,
        l.price,
        l.pant,
        l.campaignItemId,
      );
    }
    if (payment === null) queueReservationMail(db, id, now);
    return id;
  });
}

/**
 * Cancels a reservation (status 4) and returns its stock, once: a reservation already
 * cancelled is left alone, so a release seen twice never adds stock twice. Call inside a
 * transaction. Returns whether this call released it.
 */
export function releaseInTransaction(
  db: DatabaseSync,
  reservationId: number,
  paymentStatus: string | null,
): boolean {
  const { changes } = cachedStatement(
    db,
    `UPDATE reservations SET status_id = ${String(CANCELLED_STATUS)},
       payment_status = coalesce(?, payment_status)
     WHERE id = ? AND status_id != ${String(CANCELLED_STATUS)}`,
  ).run(paymentStatus, reservationId);
  if (Number(changes) === 0) return false;
  const { shop_id: shopId } = cachedStatement(
    db,
    'SELECT shop_id FROM reservations WHERE id = ?',
  ).get(reservationId) as { shop_id: number };
  const lines = reservationLines(db, reservationId);
  const giveBack = cachedStatement(
    db,
    'UPDATE stock SET qty = qty + ? WHERE variant_id = ? AND shop_id = ?',
  );
  for (const line of lines) giveBack.run(line.count, line.variantId, shopId);
  refreshInStock(db, lines, shopId);
  return true;
}

/** {@link releaseInTransaction} in its own transaction. */
export function releaseReservation(
  db: DatabaseSync,
  reservationId: number,
  paymentStatus: string | null,
): boolean {
  return transaction(db, () => releaseInTransaction(db, reservationId, paymentStatus));
}

/** The stored lines of a reservation, in the order they were sent. */
export function reservationLines(db: DatabaseSync, reservationId: number): PricedLine[] {
  return cachedStatement(
    db,
    `SELECT variant_id AS variantId, article_id AS articleId, ean, name, size, color, count,
            price, pant, campaign_item_id AS campaignItemId
     FROM reservation_lines WHERE reservation_id = ? ORDER BY rowid`,
  ).all(reservationId) as unknown as PricedLine[];
}

/** A stored line on the wire. */
export function toApiOrderLine(line: PricedLine): ApiOrderLine {
  return {
    EanNo: line.ean,
    Count: line.count,
    ArticleID: line.articleId,
    Name: line.name,
    Size: line.size,
    Color: line.color,
    Price: line.price,
    Pant: line.pant,
  };
}

/** A row of `reservations` as the checkout code reads it. */
export interface ReservationRow {
  id: number;
  shop_id: number;
  customer_id: number | null;
  status_id: number;
  name: string;
  email: string;
  phone: string;
  delivery: number;
  address: string;
  city: string;
  zipcode: string;
  shipping_method_id: string;
  promo_code: string | null;
  subtotal: number;
  discount: number;
  shipping_price: number;
  total: number;
  tracking_url: string | null;
  provider: string | null;
  provider_order_id: string | null;
  payment_status: string | null;
  created_at: string;
}

/** A reservation row by id, or undefined. */
export function findReservation(db: DatabaseSync, id: number): ReservationRow | undefined {
  return cachedStatement(db, 'SELECT * FROM reservations WHERE id = ?').get(id) as
    ReservationRow | undefined;
}

/** A stored reservation on the wire (`ApiReservation`). */
export function toApiReservation(db: DatabaseSync, row: ReservationRow): ApiReservation {
  return {
    id: row.id,
    shopID: row.shop_id,
    customerID: row.customer_id,
    statusID: row.status_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    delivery: row.delivery === 1 ? 1 : 0,
    address: row.address,
    city: row.city,
    zipcode: row.zipcode,
    subtotal: row.subtotal,
    discount: row.discount,
    promoCode: row.promo_code,
    shipping_method_id: row.shipping_method_id,
    shippingPrice: row.shipping_price,
    total: row.total,
    trackingUrl: row.tracking_url,
    articles: reservationLines(db, row.id).map(toApiOrderLine),
    date: row.created_at,
  };
}
