import { type Context, Hono } from 'hono';
import type { ApiOrderHistory, ApiWithdrawal } from '../../contract/index.ts';
import { sessionCustomerId } from '../accounts/session-customer.ts';
import { isWithdrawalToken } from '../accounts/tokens.ts';
import { normalizeEmail } from '../accounts/validation.ts';
import { type OrderRow, toApiOrderHistory } from '../checkout/payments.ts';
import { EMAIL } from '../checkout/pricing.ts';
import { type WithdrawalVia, withdrawOrder } from '../checkout/withdrawal.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { readJsonObject } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { parseIntParam } from '../http/params.ts';
import { NOT_LOGGED_IN } from './customers.ts';

/**
 * 404 of an order that is unknown, another customer's, or not the link's: the same answer
 * in every case, so a guess tells nothing.
 */
export const UNKNOWN_ORDER = 'Vi fant ikke ordren. Sjekk lenken i ordrebekreftelsen.';

/**
 * 404 of the withdrawal form when the order number and the e-mail address do not belong
 * together: the same answer for an unknown order and for another address, so a guess tells
 * nothing.
 */
export const NO_ORDER_FOR_EMAIL =
  'Vi fant ingen ordre med dette ordrenummeret og denne e-postadressen. Sjekk ordrebekreftelsen.';

interface OrderAccess {
  row: OrderRow;
  via: WithdrawalVia;
}

/** What a request may withdraw an order by: the link's token, or the order's e-mail address. */
interface OrderCredentials {
  token?: unknown;
  email?: unknown;
}

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * The order of `{id}` when the request may withdraw it: with the token of the link in its
 * confirmation (anyone holding the e-mail), with the e-mail address it was made with (the
 * withdrawal form, for a shopper without the link), else the logged-in customer's own order.
 * 404 {@link NOT_LOGGED_IN} with none of them; 404 {@link UNKNOWN_ORDER} or
 * {@link NO_ORDER_FOR_EMAIL} for any other order.
 */
function orderAccess(c: Context<AppEnv>, { token, email }: OrderCredentials): OrderAccess {
  const db = c.get('db');
  const id = parseIntParam(c.req.param('id'), 'id');
  const row = cachedStatement(
    db,
    `SELECT o.id, o.customer_id, o.vat, o.vat_total, o.net_amount, o.total, o.created_at,
       r.email
     FROM orders o JOIN reservations r ON r.id = o.reservation_id WHERE o.id = ?`,
  ).get(id) as (OrderRow & { customer_id: number | null; email: string }) | undefined;
  if (given(token)) {
    if (row === undefined || !isWithdrawalToken(db, id, token)) {
      throw new ApiHttpError(404, { message: UNKNOWN_ORDER });
    }
    return { row, via: 'link' };
  }
  if (given(email)) {
    // Orders keep the address as the shopper typed it; compared as accounts store theirs.
    // An order whose address went with its account ('') is found by no address.
    const typed = typeof email === 'string' ? normalizeEmail(email) : '';
    if (row === undefined || typed === '' || normalizeEmail(row.email) !== typed) {
      throw new ApiHttpError(404, { message: NO_ORDER_FOR_EMAIL });
    }
    return { row, via: 'form' };
  }
  const customerId = sessionCustomerId(c);
  if (customerId === null) throw new ApiHttpError(404, { message: NOT_LOGGED_IN });
  if (row?.customer_id !== customerId) throw new ApiHttpError(404, { message: UNKNOWN_ORDER });
  return { row, via: 'account' };
}

/**
 * The withdrawal function (angrefunksjon) under /api/v1: `GET orders/{id}/withdrawal` shows
 * the order to withdraw (`ApiOrderHistory`, `?token=` from the link), as
 * `POST orders/{id}/withdrawal/lookup` (`ApiWithdrawalLookup`) does by the order's e-mail
 * address, kept out of the address line; `POST orders/{id}/withdrawal`
 * (`ApiWithdrawalRequest`) withdraws it within its period and sends the receipt at once;
 * sent again, it answers the same. contract/README.md has the rules.
 */
export const withdrawalRoutes = new Hono<AppEnv>();

withdrawalRoutes.get('/orders/:id/withdrawal', (c) => {
  const { row } = orderAccess(c, { token: c.req.query('token') });
  return c.json<ApiOrderHistory>(toApiOrderHistory(c.get('db'), row));
});

withdrawalRoutes.post('/orders/:id/withdrawal/lookup', async (c) => {
  const body = await readJsonObject(c);
  if (!given(body['email'])) throw new ApiHttpError(404, { message: NO_ORDER_FOR_EMAIL });
  const { row } = orderAccess(c, { email: body['email'] });
  return c.json<ApiOrderHistory>(toApiOrderHistory(c.get('db'), row));
});

withdrawalRoutes.post('/orders/:id/withdrawal', (c) =>
  idempotent(c, 'withdrawal', async () => {
    const body = await readJsonObject(c);
    const { row, via } = orderAccess(c, { token: body['token'], email: body['email'] });
    // With the link's token, an address sent beside it is where the receipt goes when the
    // order keeps none (its account was deleted).
    const given = body['email'];
    const fallbackEmail =
      typeof given === 'string' && EMAIL.test(given.trim()) ? normalizeEmail(given) : '';
    const answer = withdrawOrder(
      c.get('db'),
      row.id,
      { via, lines: body['lines'], fallbackEmail },
      c.get('now')(),
    );
    return c.json<ApiWithdrawal>(answer);
  }),
);
