import type { DatabaseSync } from 'node:sqlite';
import type {
  ApiCustomerReview,
  ApiOrderHistory,
  ApiPaginated,
  ApiReservation,
} from '../../contract/index.ts';
import { type OrderRow, toApiOrderHistory } from '../checkout/payments.ts';
import { type ReservationRow, toApiReservation } from '../checkout/reserve.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { pageMeta } from '../http/paginate.ts';

/** Rows per page of every history list. */
export const HISTORY_PER_PAGE = 10;

function page<Row, T>(
  db: DatabaseSync,
  table: string,
  where: string,
  customerId: number,
  pageNumber: number,
  map: (row: Row) => T,
): ApiPaginated<T> {
  const { n: total } = cachedStatement(db, `SELECT count(*) AS n FROM ${table} WHERE ${where}`).get(
    customerId,
  ) as { n: number };
  const rows = cachedStatement(
    db,
    `SELECT * FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  ).all(customerId, HISTORY_PER_PAGE, (pageNumber - 1) * HISTORY_PER_PAGE) as unknown as Row[];
  return {
    data: rows.map(map),
    meta: pageMeta(pageNumber, HISTORY_PER_PAGE, total, rows.length),
  };
}

/**
 * A page of the customer's reservations, newest first: Klikk & Hent and other reservations
 * without a provider payment (a paid provider payment is listed among the orders).
 */
export function reservationHistory(
  db: DatabaseSync,
  customerId: number,
  pageNumber: number,
): ApiPaginated<ApiReservation> {
  return page<ReservationRow, ApiReservation>(
    db,
    'reservations',
    'customer_id = ? AND provider IS NULL',
    customerId,
    pageNumber,
    (row) => toApiReservation(db, row),
  );
}

/** A page of the customer's paid orders, newest first. */
export function orderHistory(
  db: DatabaseSync,
  customerId: number,
  pageNumber: number,
): ApiPaginated<ApiOrderHistory> {
  return page<OrderRow, ApiOrderHistory>(
    db,
    'orders',
    'customer_id = ?',
    customerId,
    pageNumber,
    (row) => toApiOrderHistory(db, row),
  );
}

/** A row of `reviews` with its article's name. */
export interface CustomerReviewRow {
  id: number;
  article_id: number;
  article_name: string | null;
  content: string;
  rating: number;
  approved: number;
  created_at: string;
  true_to_size: number | null;
  anonymous: number;
}

/**
 * A review on the wire for its author. The reviews table keeps fit as -1 small, 0 true to
 * size, 1 large (ApiReview); the customer's own answer is yes or no, so 1 means "true to
 * size" (stored 0) and 0 anything else.
 */
export function toApiCustomerReview(row: CustomerReviewRow): ApiCustomerReview {
  return {
    id: row.id,
    content: row.content,
    rating: row.rating,
    approved: row.approved === 1 ? 1 : 0,
    created_at: row.created_at,
    articleId: row.article_id,
    articleName: row.article_name ?? '',
    true_to_size: row.true_to_size === 0 ? 1 : 0,
    anonymous: row.anonymous === 1 ? 1 : 0,
  };
}

/** A page of the customer's reviews, approved or waiting, newest first. */
export function reviewHistory(
  db: DatabaseSync,
  customerId: number,
  pageNumber: number,
): ApiPaginated<ApiCustomerReview> {
  return page<CustomerReviewRow, ApiCustomerReview>(
    db,
    `(SELECT r.*, a.name AS article_name FROM reviews r LEFT JOIN articles a ON a.id = r.article_id)`,
    'customer_id = ?',
    customerId,
    pageNumber,
    toApiCustomerReview,
  );
}
