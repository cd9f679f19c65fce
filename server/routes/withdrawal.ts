import { type Context, Hono } from 'hono';
import type { ApiOrderHistory, ApiWithdrawal } from '../../contract/index.ts';
import { sessionCustomerId } from '../accounts/session-customer.ts';
import { isWithdrawalToken } from '../accounts/tokens.ts';
import { type OrderRow, toApiOrderHistory } from '../checkout/payments.ts';
import { type WithdrawalVia, withdrawOrder } from '../checkout/withdrawal.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { readJsonObject } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError } from '../http/errors.ts';
import { parseIntParam } from '../http/params.ts';
import { NOT_LOGGED_IN } from './customers.ts';

/**
 * 404 of an order that is unknown, another customer's, or not the link's: the same answer
 * in every case, so a guess tells nothing.
 */
export const UNKNOWN_ORDER = 'Vi fant ikke ordren. Sjekk lenken i ordrebekreftelsen.';

interface OrderAccess {
  row: OrderRow;
  via: WithdrawalVia;
}

/**
 * The order of `{id}` when the request may withdraw it: with the token of the link in its
 * confirmation (anyone holding the e-mail), else the logged-in customer's own order. 404
 * {@link NOT_LOGGED_IN} with neither; 404 {@link UNKNOWN_ORDER} for any other order.
 */
function orderAccess(c: Context<AppEnv>, token: unknown): OrderAccess {
  const db = c.get('db');
  const id = parseIntParam(c.req.param('id'), 'id');
  const row = cachedStatement(
    db,
    'SELECT id, customer_id, vat, vat_total, net_amount, total, created_at FROM orders WHERE id = ?',
  ).get(id) as (OrderRow & { customer_id: number | null }) | undefined;
  if (token !== undefined && token !== null && token !== '') {
    if (row === undefined || !isWithdrawalToken(db, id, token)) {
      throw new ApiHttpError(404, { message: UNKNOWN_ORDER });
    }
    return { row, via: 'link' };
  }
  const customerId = sessionCustomerId(c);
  if (customerId === null) throw new ApiHttpError(404, { message: NOT_LOGGED_IN });
  if (row?.customer_id !== customerId) throw new ApiHttpError(404, { message: UNKNOWN_ORDER });
  return { row, via: 'account' };
}

/**
 * The withdrawal function (angrefunksjon) under /api/v1: `GET orders/{id}/withdrawal` shows
 * the order to withdraw (`ApiOrderHistory`, `?token=` from the link), and
 * `POST orders/{id}/withdrawal` (`ApiWithdrawalRequest`) withdraws it within its period and
 * sends the receipt at once; sent again, it answers the same. contract/README.md has the
 * rules.
 */
export const withdrawalRoutes = new Hono<AppEnv>();

withdrawalRoutes.get('/orders/:id/withdrawal', (c) => {
  const { row } = orderAccess(c, c.req.query('token'));
  return c.json<ApiOrderHistory>(toApiOrderHistory(c.get('db'), row));
});

withdrawalRoutes.post('/orders/:id/withdrawal', async (c) => {
  const body = await readJsonObject(c);
  const { row, via } = orderAccess(c, body['token']);
  return c.json<ApiWithdrawal>(withdrawOrder(c.get('db'), row.id, via, c.get('now')()));
});
