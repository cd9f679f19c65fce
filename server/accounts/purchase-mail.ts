import type { DatabaseSync } from 'node:sqlite';
import { cachedStatement } from '../db/statement-cache.ts';
import {
  type LatePaymentReturn,
  type MailLine,
  type PurchaseMail,
  latePaymentMail,
  orderMail,
  reservationMail,
  withdrawalReceiptMail,
} from './mail.ts';
import { queueMail } from './outbox.ts';
import { issueWithdrawalToken } from './tokens.ts';

interface PurchaseRow {
  name: string;
  email: string;
  delivery: number;
  address: string;
  zipcode: string;
  city: string;
  shop: string;
  shipping_price: number;
  discount: number;
  promo_code: string | null;
  total: number;
}

const PURCHASE_SQL = `
  SELECT r.name, r.email, r.delivery, r.address, r.zipcode, r.city,
         s.name || ', ' || s.address || ', ' || s.post_no || ' ' || s.post_place AS shop,
         r.shipping_price, r.discount, r.promo_code, r.total
  FROM reservations r JOIN shops s ON s.id = r.shop_id WHERE r.id = ?`;

function purchase(
  db: DatabaseSync,
  reservationId: number,
  number: number,
  lines: MailLine[],
): PurchaseMail | null {
  const row = cachedStatement(db, PURCHASE_SQL).get(reservationId) as PurchaseRow | undefined;
  if (row === undefined) return null;
  return {
    to: row.email,
    name: row.name,
    number,
    lines,
    shippingPrice: row.shipping_price,
    discount: row.discount,
    promoCode: row.promo_code,
    total: row.total,
    where:
      row.delivery === 1
        ? `Sendes til ${row.address}, ${row.zipcode} ${row.city}.`
        : `Hentes i butikken ${row.shop}. Vi sier fra når varene er klare.`,
  };
}

function reservationLines(db: DatabaseSync, reservationId: number): MailLine[] {
  return cachedStatement(
    db,
    `SELECT name, size, color, count, price, pant FROM reservation_lines
     WHERE reservation_id = ? ORDER BY rowid`,
  ).all(reservationId) as unknown as MailLine[];
}

/**
 * Queues the confirmation of a stored reservation to the e-mail it was made with. Call in the
 * transaction that stored it, so that a reservation is confirmed exactly when it exists.
 */
export function queueReservationMail(db: DatabaseSync, reservationId: number, now: Date): void {
  const mail = purchase(db, reservationId, reservationId, reservationLines(db, reservationId));
  if (mail !== null) queueMail(db, reservationMail(mail), now);
}

function orderLines(db: DatabaseSync, orderId: number): MailLine[] {
  return cachedStatement(
    db,
    'SELECT name, size, color, count, price, pant FROM order_lines WHERE order_id = ? ORDER BY rowid',
  ).all(orderId) as unknown as MailLine[];
}

/**
 * Queues the confirmation of a paid order to its reservation's e-mail, with the link that
 * withdraws it when the brand site the payment was started from is known
 * (`reservations.shop_url`). Call in the transaction that stored the order, so that one
 * payment confirms once.
 */
export function queueOrderMail(db: DatabaseSync, orderId: number, now: Date): void {
  const order = cachedStatement(
    db,
    `SELECT o.reservation_id, o.vat_total, r.shop_url FROM orders o
     JOIN reservations r ON r.id = o.reservation_id WHERE o.id = ?`,
  ).get(orderId) as
    { reservation_id: number; vat_total: number; shop_url: string | null } | undefined;
  if (order === undefined) return;
  const mail = purchase(db, order.reservation_id, orderId, orderLines(db, orderId));
  if (mail === null) return;
  const link =
    order.shop_url === null
      ? null
      : `${order.shop_url}/angre?ordre=${String(orderId)}&token=${encodeURIComponent(issueWithdrawalToken(db, orderId))}`;
  queueMail(db, orderMail(mail, order.vat_total, link), now);
}

/**
 * Queues the receipt of a withdrawn order to its reservation's e-mail, at once; none when
 * the address is gone (a deleted account's order). `withdrawnDay` is the long Norwegian day
 * of the withdrawal. Call in the transaction that records it, so one withdrawal sends one.
 */
export function queueWithdrawalReceipt(
  db: DatabaseSync,
  orderId: number,
  withdrawnDay: string,
  now: Date,
): void {
  const order = cachedStatement(db, 'SELECT reservation_id FROM orders WHERE id = ?').get(
    orderId,
  ) as { reservation_id: number } | undefined;
  if (order === undefined) return;
  const mail = purchase(db, order.reservation_id, orderId, orderLines(db, orderId));
  if (mail !== null && mail.to !== '') {
    queueMail(db, withdrawalReceiptMail(mail, withdrawnDay), now);
  }
}

/**
 * Queues the notice of a payment approved too late, whose goods were gone, to its
 * reservation's e-mail: how it was given back. Call in the transaction that records the
 * return, so one payment is told about once.
 */
export function queueLatePaymentMail(
  db: DatabaseSync,
  reservationId: number,
  given: LatePaymentReturn,
  now: Date,
): void {
  const mail = purchase(db, reservationId, reservationId, reservationLines(db, reservationId));
  if (mail !== null) queueMail(db, latePaymentMail(mail, given), now);
}
