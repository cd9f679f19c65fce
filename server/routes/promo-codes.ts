import { Hono } from 'hono';
import type { ApiPromoCode } from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { toApiFlag } from '../serialize/flag.ts';
import { ApiHttpError, validationError } from '../http/errors.ts';
import {
  PROMO_CODE_MESSAGES,
  lookupPromoCode,
  promoCodeEnd,
  promoCodeStatus,
  selectPromoCodes,
  type PromoCodeRow,
} from '../checkout/promo-codes.ts';

function toApiPromoCode(row: PromoCodeRow): ApiPromoCode {
  return {
    Id: row.id,
    Name: row.name,
    ValidFrom: row.valid_from,
    ValidTo: row.valid_to,
    Fixed: toApiFlag(row.fixed),
    Amount: row.amount,
    Type: row.type === 'shipping' ? 'shipping' : 'cart',
  };
}

/** `GET promocodes`, `GET promocodes/check/{code}`; under /api/v1. */
export const promoCodeRoutes = new Hono<AppEnv>();

promoCodeRoutes.get('/promocodes', (c) => {
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

// A shared cache may keep a valid answer for a minute, never past the code's end.
const CHECK_MAX_AGE_S = 60;

promoCodeRoutes.get('/promocodes/check/:code', (c) => {
  const code = c.req.param('code').trim();
  if (code.length === 0 || code.length > 64) {
    throw validationError({ code: ['Rabattkoden må være 1 til 64 tegn.'] });
  }
  const now = c.get('now')();
  const found = lookupPromoCode(c.get('db'), code, now);
  if (!found.ok && found.reason === 'unknown') {
    throw new ApiHttpError(404, { message: PROMO_CODE_MESSAGES.unknown });
  }
  if (!found.ok) throw validationError({ code: [PROMO_CODE_MESSAGES[found.reason]] });
  const left = Math.floor((promoCodeEnd(found.row.valid_to) - now.getTime()) / 1000);
  c.header('Cache-Control', `public, max-age=${String(Math.min(CHECK_MAX_AGE_S, left))}`);
  return c.json<ApiPromoCode>(toApiPromoCode(found.row));
});
