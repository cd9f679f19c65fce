import type { DatabaseSync } from 'node:sqlite';
import type { ApiCustomerReview } from '../../contract/index.ts';
import { CANCELLED_STATUS } from '../checkout/reserve.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { FieldErrors } from '../http/errors.ts';
import type { CustomerRow } from './customer-row.ts';
import { type CustomerReviewRow, toApiCustomerReview } from './history.ts';

/** Longest review text accepted. */
export const MAX_REVIEW_LENGTH = 2000;

// An order line, or a line of a reservation that was not cancelled (a failed or abandoned
// payment bought nothing), whose variant is of the article.
const BOUGHT_SQL = `
  SELECT 1 FROM orders o JOIN order_lines l ON l.order_id = o.id
    JOIN variants v ON v.id = l.variant_id
  WHERE o.customer_id = ?1 AND v.article_id = ?2
  UNION ALL
  SELECT 1 FROM reservations r JOIN reservation_lines l ON l.reservation_id = r.id
    JOIN variants v ON v.id = l.variant_id
  WHERE r.customer_id = ?1 AND r.status_id != ${String(CANCELLED_STATUS)} AND v.article_id = ?2
  LIMIT 1`;

function flag(body: Record<string, unknown>, field: string, errors: FieldErrors): 0 | 1 {
  const value = body[field] ?? 0;
  if (value === 0 || value === 1) return value;
  errors.add(field, `The ${field.replaceAll('_', ' ')} field must be 0 or 1.`);
  return 0;
}

/**
 * Stores a review (`ApiReviewRequest`) by `customer`, waiting for approval (approved 0), of
 * an article they bought: an order line or a line of a reservation not cancelled holds one of
 * its variants. The name shown with it is the first name and the last name's initial, as on
 * the seeded reviews; none when anonymous.
 * @throws ApiHttpError 422 naming each invalid field, or `article_id` when not bought.
 */
export function postReview(
  db: DatabaseSync,
  customer: CustomerRow,
  body: Record<string, unknown>,
  now: Date,
): ApiCustomerReview {
  const errors = new FieldErrors();
  const articleId = body['article_id'];
  const rating = body['rating'];
  const content = typeof body['content'] === 'string' ? body['content'].trim() : '';
  const trueToSize = flag(body, 'true_to_size', errors);
  const anonymous = flag(body, 'anonymous', errors);
  if (!Number.isSafeInteger(rating) || (rating as number) < 1 || (rating as number) > 5) {
    errors.add('rating', 'The rating field must be a whole number between 1 and 5.');
  }
  if (content === '') errors.add('content', 'The content field is required.');
  else if (content.length > MAX_REVIEW_LENGTH) {
    errors.add(
      'content',
      `The content field must not be greater than ${String(MAX_REVIEW_LENGTH)} characters.`,
    );
  }
  if (!Number.isSafeInteger(articleId) || (articleId as number) < 1) {
    errors.add('article_id', 'The article id field must be an integer.');
  } else if (cachedStatement(db, BOUGHT_SQL).get(customer.id, articleId as number) === undefined) {
    errors.add('article_id', 'You can only review articles you have bought.');
  }
  errors.throwIfAny();

  const name = `${customer.first_name} ${customer.last_name.slice(0, 1).toUpperCase()}.`;
  const { lastInsertRowid } = cachedStatement(
    db,
    `INSERT INTO reviews (article_id, customer_id, customer_name, content, rating, approved,
       created_at, true_to_size, anonymous)
     VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  ).run(
    articleId as number,
    customer.id,
    anonymous === 1 ? null : name,
    content,
    rating as number,
    now.toISOString(),
    // Yes is "true to size" (0 on the table's scale); no says neither way, so nothing.
    trueToSize === 1 ? 0 : null,
    anonymous,
  );
  const row = cachedStatement(
    db,
    `SELECT r.*, a.name AS article_name FROM reviews r LEFT JOIN articles a ON a.id = r.article_id
     WHERE r.id = ?`,
  ).get(Number(lastInsertRowid)) as unknown as CustomerReviewRow;
  return toApiCustomerReview(row);
}
