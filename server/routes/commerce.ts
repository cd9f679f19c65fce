import { Hono } from 'hono';
import type { ApiPromoCode, ApiShippingMethod } from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError, validationError } from '../http/errors.ts';

interface ShippingMethodRow {
  id: string;
  name: string;
  description: string;
  price: number;
  is_default: number;
  requires_shop: number;
}

interface PromoCodeRow {
  id: number;
  name: string;
  valid_from: string;
  valid_to: string;
  fixed: number;
  amount: number;
  type: string;
}

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

function toApiShippingMethod(row: ShippingMethodRow): ApiShippingMethod {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    isDefault: flag(row.is_default),
    requiresShop: flag(row.requires_shop),
  };
}

function toApiPromoCode(row: PromoCodeRow): ApiPromoCode {
  return {
    Id: row.id,
    Name: row.name,
    ValidFrom: row.valid_from,
    ValidTo: row.valid_to,
    Fixed: flag(row.fixed),
    Amount: row.amount,
    Type: row.type === 'shipping' ? 'shipping' : 'cart',
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

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
  const toStart = Date.parse(validTo);
  const to = /^\d{4}-\d{2}-\d{2}$/.test(validTo) ? toStart + DAY_MS : toStart;
  const t = now.getTime();
  if (Number.isNaN(from) || t < from) return 'pending';
  // A code whose end cannot be read is treated as ended rather than valid forever.
  if (Number.isNaN(to) || t >= to) return 'expired';
  return 'valid';
}

const selectPromoCodes =
  'SELECT id, name, valid_from, valid_to, fixed, amount, type FROM promo_codes';

/** `GET shipping_methods`, `GET promocodes`, `GET promocodes/check/{code}`; under /api/v1. */
export const commerceRoutes = new Hono<AppEnv>();

commerceRoutes.get('/shipping_methods', (c) => {
  const rows = c
    .get('db')
    .prepare(
      'SELECT id, name, description, price, is_default, requires_shop FROM shipping_methods ORDER BY sort, id',
    )
    .all() as unknown as ShippingMethodRow[];
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiShippingMethod[]>(rows.map(toApiShippingMethod));
});

commerceRoutes.get('/promocodes', (c) => {
  const now = c.get('now')();
  const rows = c
    .get('db')
    .prepare(`${selectPromoCodes} ORDER BY id`)
    .all() as unknown as PromoCodeRow[];
  const valid = rows.filter(
    (row) => promoCodeStatus(row.valid_from, row.valid_to, now) === 'valid',
  );
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiPromoCode[]>(valid.map(toApiPromoCode));
});

commerceRoutes.get('/promocodes/check/:code', (c) => {
  const code = c.req.param('code').trim();
  if (code.length === 0 || code.length > 64) {
    throw validationError({ code: ['The code field must be 1 to 64 characters.'] });
  }
  // The column is COLLATE NOCASE, so this match ignores ASCII case as the chain's API does.
  const row = c.get('db').prepare(`${selectPromoCodes} WHERE name = ?`).get(code) as unknown as
    PromoCodeRow | undefined;
  if (row === undefined) throw new ApiHttpError(404, { message: 'Promo code not found.' });
  const status = promoCodeStatus(row.valid_from, row.valid_to, c.get('now')());
  if (status === 'expired') throw validationError({ code: ['Promo code expired.'] });
  if (status === 'pending') throw validationError({ code: ['Promo code not yet valid.'] });
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiPromoCode>(toApiPromoCode(row));
});
