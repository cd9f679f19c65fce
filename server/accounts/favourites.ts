import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db/database.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { validationError } from '../http/errors.ts';

/** Most favourites one account keeps. */
export const MAX_FAVOURITES = 500;

/** The customer's favourite article ids, in the order they were sent. */
export function favouritesOf(db: DatabaseSync, customerId: number): number[] {
  const rows = cachedStatement(
    db,
    'SELECT article_id FROM favourites WHERE customer_id = ? ORDER BY position',
  ).all(customerId) as unknown as Array<{ article_id: number }>;
  return rows.map((row) => row.article_id);
}

/**
 * Replaces the customer's favourites with `ids` (repeats kept once, first place wins) and
 * returns them as stored. Ids are not checked against the catalogue: an article may be
 * hidden today and back tomorrow, and the shop skips what it cannot show.
 * @throws ApiHttpError 422 on `ids` unless it is an array of at most
 * {@link MAX_FAVOURITES} positive whole numbers.
 */
export function replaceFavourites(db: DatabaseSync, customerId: number, ids: unknown): number[] {
  if (
    !Array.isArray(ids) ||
    ids.length > MAX_FAVOURITES ||
    !ids.every((id) => Number.isSafeInteger(id) && id > 0)
  ) {
    throw validationError({
      ids: [
        `The ids field must be an array of at most ${String(MAX_FAVOURITES)} positive integers.`,
      ],
    });
  }
  const unique = [...new Set(ids as number[])];
  transaction(db, () => {
    cachedStatement(db, 'DELETE FROM favourites WHERE customer_id = ?').run(customerId);
    const insert = cachedStatement(
      db,
      'INSERT INTO favourites (customer_id, article_id, position) VALUES (?, ?, ?)',
    );
    unique.forEach((id, position) => insert.run(customerId, id, position));
  });
  return favouritesOf(db, customerId);
}
