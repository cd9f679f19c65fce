import type { DatabaseSync } from 'node:sqlite';
import type { ApiWithdrawalRecord } from '../../contract/index.ts';
import {
  formatNorwegianDay,
  formatNorwegianMoment,
  norwegianDay,
} from '../../contract/withdrawal.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import {
  type LatePaymentReturn,
  type MailLine,
  type MailSeller,
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
    address: [row.address, `${row.zipcode} ${row.city}`.trim()]
      .filter((part) => part !== '')
      .join(', '),
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
    'SELECT name, size, color, count, price, pant FROM order_lines WHERE order_id = ? ORDER BY id',
  ).all(orderId) as unknown as MailLine[];
}

/**
 * The seller of a reservation: the company in the settings of the brand it was made in
 * (`reservations.tenant_id`), else of the first brand; null when no brand is stored.
 */
function sellerOf(db: DatabaseSync, tenantId: string | null): MailSeller | null {
  const row = cachedStatement(
    db,
    'SELECT tenant FROM tenants ORDER BY id IS ? DESC, rowid LIMIT 1',
  ).get(tenantId) as { tenant: string } | undefined;
  if (row === undefined) return null;
  const t = JSON.parse(row.tenant) as {
    company?: string;
    orgNo?: string;
    supportEmail?: string;
    companyAddress?: { street?: string; postalCode?: string; city?: string } | null;
  };
  const a = t.companyAddress ?? {};
  const place = `${a.postalCode ?? ''} ${a.city ?? ''}`.trim();
  return {
    company: t.company ?? '',
    orgNo: t.orgNo ?? '',
    address: [a.street ?? '', place].filter((part) => part !== '').join(', '),
    email: t.supportEmail ?? '',
  };
}

interface ConfirmedOrderRow {
  reservation_id: number;
  vat_total: number;
  created_at: string;
  shop_url: string | null;
  tenant_id: string | null;
  method: string;
  standard_shipping: number | null;
}

/**
 * Queues the confirmation of a paid order to its reservation's e-mail: the pre-contract
 * information, the withdrawal form as text and PDF, and the link that withdraws it when the
 * brand site the payment was started from is known (`reservations.shop_url`); and records
 * it as sent with its information (`orders.informed_at`), which the period of withdrawal
 * reads. With no brand stored there is no seller to name, so nothing is sent or recorded
 * (and the period is the extended one). Call in the transaction that stored the order, so
 * that one payment confirms once.
 */
export function queueOrderMail(db: DatabaseSync, orderId: number, now: Date): void {
  const order = cachedStatement(
    db,
    `SELECT o.reservation_id, o.vat_total, o.created_at, r.shop_url, r.tenant_id,
       sm.name || ' – ' || sm.description AS method,
       (SELECT price FROM shipping_methods WHERE is_default = 1 ORDER BY sort LIMIT 1)
         AS standard_shipping
     FROM orders o JOIN reservations r ON r.id = o.reservation_id
     JOIN shipping_methods sm ON sm.id = r.shipping_method_id WHERE o.id = ?`,
  ).get(orderId) as ConfirmedOrderRow | undefined;
  if (order === undefined) return;
  const mail = purchase(db, order.reservation_id, orderId, orderLines(db, orderId));
  const seller = sellerOf(db, order.tenant_id);
  if (mail === null || seller === null) return;
  const link =
    order.shop_url === null
      ? null
      : `${order.shop_url}/angre?ordre=${String(orderId)}&token=${encodeURIComponent(issueWithdrawalToken(db, orderId))}`;
  queueMail(
    db,
    orderMail(mail, {
      vatTotal: order.vat_total,
      orderedDay: formatNorwegianDay(norwegianDay(new Date(order.created_at))),
      method: order.method,
      seller,
      withdrawalLink: link,
      standardShipping: order.standard_shipping,
    }),
    now,
  );
  cachedStatement(db, 'UPDATE orders SET informed_at = ? WHERE id = ?').run(
    now.toISOString(),
    orderId,
  );
}

/**
 * Queues the receipt of a recorded withdrawal at once, listing the units it withdrew: to
 * `email` (the order's address, or the one the shopper gave when the order keeps none);
 * none when that is ''. Answers where it went. Call in the transaction that records it, so
 * one withdrawal sends one.
 */
export function queueWithdrawalReceipt(
  db: DatabaseSync,
  orderId: number,
  record: ApiWithdrawalRecord,
  email: string,
  now: Date,
): string {
  const order = cachedStatement(db, 'SELECT reservation_id FROM orders WHERE id = ?').get(
    orderId,
  ) as { reservation_id: number } | undefined;
  if (order === undefined || email === '') return '';
  const all = orderLines(db, orderId);
  const lines = record.lines.flatMap(({ line, count }) => {
    const bought = all[line];
    return bought === undefined ? [] : [{ ...bought, count }];
  });
  const mail = purchase(db, order.reservation_id, orderId, lines);
  if (mail === null) return '';
  const left = cachedStatement(
    db,
    `SELECT (SELECT coalesce(sum(count), 0) FROM order_lines WHERE order_id = ?1)
       - (SELECT coalesce(sum(wl.count), 0) FROM withdrawal_lines wl
          JOIN withdrawals w ON w.id = wl.withdrawal_id WHERE w.order_id = ?1) AS n`,
  ).get(orderId) as { n: number };
  const receipt = withdrawalReceiptMail(
    { ...mail, to: email },
    {
      moment: formatNorwegianMoment(new Date(record.withdrawnAt)),
      refund: record.refund,
      shipping: record.shipping,
      whole: left.n === 0,
    },
  );
  queueMail(db, receipt, now);
  return email;
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
