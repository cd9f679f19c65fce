import type { DatabaseSync } from 'node:sqlite';
import type {
  ApiCheckoutProvider,
  ApiOrderHistory,
  ApiPaymentRefund,
  ApiPaymentStatus,
} from '../../contract/index.ts';
import { queueOrderMail } from '../accounts/purchase-mail.ts';
import { transaction } from '../db/database.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { klarnaTaxOf } from '../providers/klarna-wire.ts';
import { providerConfigFromEnv } from '../providers/provider-config.ts';
import type { PaymentState } from './provider-adapter.ts';
import {
  findReservation,
  releaseInTransaction,
  toApiOrderLine,
  toApiReservation,
  type ReservationRow,
} from './reserve.ts';
import { orderWithdrawal } from './withdrawal.ts';

/** Norwegian VAT in percent; every article is sold at the standard rate. */
export const VAT_PERCENT = 25;

/** A provider payment's reservation by the provider's order id, or undefined. */
export function findPayment(
  db: DatabaseSync,
  provider: ApiCheckoutProvider,
  providerOrderId: string,
): ReservationRow | undefined {
  const row = cachedStatement(
    db,
    'SELECT id FROM reservations WHERE provider = ? AND provider_order_id = ?',
  ).get(provider, providerOrderId) as { id: number } | undefined;
  return row === undefined ? undefined : findReservation(db, row.id);
}

/** A row of `orders` as history shows it. */
export interface OrderRow {
  id: number;
  vat: number;
  vat_total: number;
  net_amount: number;
  total: number;
  created_at: string;
}

/** A stored order with its lines on the wire (`ApiOrderHistory`). */
export function toApiOrderHistory(db: DatabaseSync, row: OrderRow): ApiOrderHistory {
  const articles = cachedStatement(
    db,
    `SELECT variant_id AS variantId, article_id AS articleId, ean, name, size, color, count,
            price, pant, NULL AS campaignItemId
     FROM order_lines WHERE order_id = ? ORDER BY id`,
  ).all(row.id) as unknown as Parameters<typeof toApiOrderLine>[0][];
  return {
    id: row.id,
    vat: row.vat,
    vat_total: row.vat_total,
    net_amount: row.net_amount,
    total: row.total,
    articles: articles.map(toApiOrderLine),
    date: row.created_at,
    ...orderWithdrawal(db, row.id),
  };
}

function storedOrder(db: DatabaseSync, reservationId: number): ApiOrderHistory | null {
  const row = cachedStatement(
    db,
    'SELECT id, vat, vat_total, net_amount, total, created_at FROM orders WHERE reservation_id = ?',
  ).get(reservationId) as OrderRow | undefined;
  return row === undefined ? null : toApiOrderHistory(db, row);
}

/**
 * Stores the one order of a paid reservation, with its lines copied, and queues its
 * confirmation e-mail. Inside a transaction.
 */
function storeOrder(db: DatabaseSync, row: ReservationRow, now: Date): void {
  const vatTotal = klarnaTaxOf(row.total);
  const { lastInsertRowid } = cachedStatement(
    db,
    `INSERT INTO orders (customer_id, reservation_id, provider, provider_order_id, vat,
       vat_total, net_amount, total, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.customer_id,
    row.id,
    row.provider,
    row.provider_order_id,
    VAT_PERCENT,
    vatTotal,
    row.total - vatTotal,
    row.total,
    now.toISOString(),
  );
  const orderId = Number(lastInsertRowid);
  cachedStatement(
    db,
    `INSERT INTO order_lines (order_id, variant_id, article_id, ean, name, size, color, count,
       price, pant)
     SELECT ?, variant_id, article_id, ean, name, size, color, count, price, pant
     FROM reservation_lines WHERE reservation_id = ? ORDER BY rowid`,
  ).run(orderId, row.id);
  queueOrderMail(db, orderId, now);
}

/**
 * Stores the order of a reservation whose payment is paid and marks it `paid`, with its
 * confirmation queued. Call inside a transaction that has re-read `row`, so that a payment
 * makes one order.
 */
export function payInTransaction(db: DatabaseSync, row: ReservationRow, now: Date): void {
  storeOrder(db, row, now);
  cachedStatement(db, "UPDATE reservations SET payment_status = 'paid' WHERE id = ?").run(row.id);
}

/**
 * Records what the provider said about a pending payment, once: in one transaction that
 * re-reads the reservation, `paid` stores its order, `cancelled`/`failed` release its stock.
 * A payment already settled is left as it is, so a completion seen twice (push, webhook,
 * return page, refresh) makes one order and releases stock at most once.
 */
export function recordPayment(
  db: DatabaseSync,
  reservationId: number,
  state: PaymentState,
  now: Date,
): void {
  if (state === 'pending') return;
  transaction(db, () => {
    const row = findReservation(db, reservationId);
    if (row?.payment_status !== 'pending') return;
    if (state === 'paid') {
      payInTransaction(db, row, now);
    } else {
      releaseInTransaction(db, row.id, state);
    }
  });
}

// A late approval being turned into an order or given back is not finished: it reads as
// pending until it is (server/checkout/settle-payment.ts).
const STATUS: Record<string, ApiPaymentStatus['status']> = {
  pending: 'pending',
  paid: 'paid',
  cancelled: 'cancelled',
  failed: 'failed',
  expired: 'failed',
  late: 'pending',
  refunding: 'pending',
  refunded: 'refunded',
};

function storedRefund(db: DatabaseSync, reservationId: number): ApiPaymentRefund | null {
  const row = cachedStatement(
    db,
    'SELECT kind, amount, created_at FROM payment_returns WHERE reservation_id = ?',
  ).get(reservationId) as
    { kind: ApiPaymentRefund['kind']; amount: number; created_at: string } | undefined;
  return row === undefined ? null : { kind: row.kind, amount: row.amount, date: row.created_at };
}

/** The `ApiPaymentStatus` of a provider payment's reservation as stored. */
export function paymentStatus(db: DatabaseSync, row: ReservationRow): ApiPaymentStatus {
  return {
    orderId: row.provider_order_id ?? '',
    provider: row.provider === 'second' ? 'second' : 'first',
    status: STATUS[row.payment_status ?? ''] ?? 'pending',
    reservationId: row.id,
    reservation: toApiReservation(db, row),
    order: storedOrder(db, row.id),
    refund: storedRefund(db, row.id),
  };
}

/** `PAYMENT_TIMEOUT_MINUTES` (default 30) in ms. */
export function paymentTimeoutMs(): number {
  return providerConfigFromEnv().paymentTimeoutMinutes * 60_000;
}

/**
 * Gives up provider payments still pending `timeoutMs` after their reservation was made:
 * status 4, payment_status `expired`, stock returned. Returns how many were released.
 */
export function releaseExpiredPayments(
  db: DatabaseSync,
  now: Date,
  timeoutMs: number = paymentTimeoutMs(),
): number {
  const cutoff = new Date(now.getTime() - timeoutMs).toISOString();
  const stale = cachedStatement(
    db,
    "SELECT id FROM reservations WHERE payment_status = 'pending' AND created_at < ?",
  ).all(cutoff) as unknown as Array<{ id: number }>;
  if (stale.length === 0) return 0;
  return transaction(
    db,
    () =>
      stale.filter(
        ({ id }) =>
          findReservation(db, id)?.payment_status === 'pending' &&
          releaseInTransaction(db, id, 'expired'),
      ).length,
  );
}
