import type { DatabaseSync } from 'node:sqlite';
import type { PromoTerms } from '../../contract/cart-totals.ts';
import { cachedStatement } from '../db/statement-cache.ts';

/** A row of `promo_codes`. */
export interface PromoCodeRow {
  id: number;
  name: string;
  valid_from: string;
  valid_to: string;
  fixed: number;
  amount: number;
  type: string;
}

/** Why a promo code cannot be used, in the words the shop shows as they are. */
export const PROMO_CODE_MESSAGES = {
  unknown: 'Rabattkoden finnes ikke.',
  expired: 'Rabattkoden er utløpt.',
  pending: 'Rabattkoden er ikke gyldig ennå.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a promo code stops being valid, in ms (NaN when unreadable). */
export function promoCodeEnd(validTo: string): number {
  const start = Date.parse(validTo);
  return /^\d{4}-\d{2}-\d{2}$/.test(validTo) ? start + DAY_MS : start;
}

/**
 * Where a promo code stands at `now`. A date-only `ValidTo` (`2025-06-30`) covers that
 * whole day, since a shopper reads "valid to 30 June" as including the 30th.
 */
export function promoCodeStatus(
  validFrom: string,
  validTo: string,
  now: Date,
): 'valid' | 'pending' | 'expired' {
  const from = Date.parse(validFrom);
  const to = promoCodeEnd(validTo);
  const t = now.getTime();
  if (Number.isNaN(from) || t < from) return 'pending';
  // A code whose end cannot be read is treated as ended rather than valid forever.
  if (Number.isNaN(to) || t >= to) return 'expired';
  return 'valid';
}

/** SQL that reads promo codes in {@link PromoCodeRow} shape. */
export const selectPromoCodes =
  'SELECT id, name, valid_from, valid_to, fixed, amount, type FROM promo_codes';

/** A code usable now, or the reason (a key of {@link PROMO_CODE_MESSAGES}) it is not. */
export type PromoCodeLookup =
  { ok: true; row: PromoCodeRow } | { ok: false; reason: keyof typeof PROMO_CODE_MESSAGES };

/** Finds a code by name, ignoring ASCII case (the column is COLLATE NOCASE), and judges it. */
export function lookupPromoCode(db: DatabaseSync, name: string, now: Date): PromoCodeLookup {
  const row = cachedStatement(db, `${selectPromoCodes} WHERE name = ?`).get(name) as unknown as
    PromoCodeRow | undefined;
  if (row === undefined) return { ok: false, reason: 'unknown' };
  const status = promoCodeStatus(row.valid_from, row.valid_to, now);
  return status === 'valid' ? { ok: true, row } : { ok: false, reason: status };
}

/**
 * A code's terms for the cart's arithmetic (contract/cart-totals.ts): `fixed` is 1 for an
 * amount in øre, and a type other than `shipping` counts as `cart`, as on the wire.
 */
export function promoTerms(code: Pick<PromoCodeRow, 'fixed' | 'amount' | 'type'>): PromoTerms {
  return {
    fixed: code.fixed === 1,
    amount: code.amount,
    type: code.type === 'shipping' ? 'shipping' : 'cart',
  };
}
