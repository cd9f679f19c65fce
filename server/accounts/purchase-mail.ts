import type { DatabaseSync } from 'node:sqlite';
import { cachedStatement } from '../db/statement-cache.ts';
import { type MailLine, type PurchaseMail, orderMail, reservationMail } from './mail.ts';
import { queueMail } from './outbox.ts';

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

/**
 * Queues the confirmation of a stored reservation to the e-mail it was made with. Call in the
 * transaction that stored it, so that a reservation is confirmed exactly when it exists.
 */
export function queueReservationMail(db: DatabaseSync, reservationId: number, now: Date): void {
  const lines = cachedStatement(
    db,
    `SELECT name, size, color, count, price, pant FROM reservation_lines
     WHERE reservation_id = ? ORDER BY rowid`,
  ).all(reservationId) as unknown as MailLine[];
  const mail = purchase(db, reservationId, reservationId, lines);
  if (mail !== null) queueMail(db, reservationMail(mail), now);
}

/**
 * Queues the confirmation of a paid order to its reservation's e-mail. Call in the
 * transaction that stored the order, so that one payment confirms once.
 */
export function queueOrderMail(db: DatabaseSync, orderId: number, now: Date): void {
  const order = cachedStatement(
    db,
    'SELECT reservation_id, vat_total FROM orders WHERE id = ?',
  ).get(orderId) as { reservation_id: number; vat_total: number } | undefined;
  if (order === undefined) return;
  const lines = cachedStatement(
    db,
    'SELECT name, size, color, count, price, pant FROM order_lines WHERE order_id = ? ORDER BY rowid',
  ).all(orderId) as unknown as MailLine[];
  const mail = purchase(db, order.reservation_id, orderId, lines);
  if (mail !== null) queueMail(db, orderMail(mail, order.vat_total), now);
}
