/**
 * The withdrawal function (angrefunksjon, contract/README.md "Withdrawal"): the order to
 * withdraw and the withdrawal itself, by the link's token, by the order's e-mail address, or
 * for the logged-in customer's own order. Loaded only when a shopper starts a withdrawal.
 */

import type {
  ApiOrderHistory,
  ApiWithdrawal,
  ApiWithdrawalLookup,
  ApiWithdrawalRequest,
} from '../../../contract/index.ts';
import type { WithdrawalAccess } from '../domain/withdrawal.ts';
import { toCustomerOrder, toWithdrawal } from '../mappers/withdrawal.ts';
import type { CustomerOrder, LineUnits, Withdrawal } from '../types.ts';
import { defaultClient, unreadableAnswer, type ApiClient } from './client.ts';

const path = (orderId: number) => `orders/${String(orderId)}/withdrawal`;

/**
 * The order to withdraw: by the link's token, by the order's e-mail address (sent in a body,
 * never in the address), or (null) the logged-in customer's own.
 */
export async function withdrawalOrder(
  orderId: number,
  access: WithdrawalAccess,
  client: ApiClient = defaultClient(),
): Promise<CustomerOrder> {
  const wire =
    access !== null && 'email' in access
      ? await client.post<ApiOrderHistory>(`${path(orderId)}/lookup`, {
          email: access.email,
        } satisfies ApiWithdrawalLookup)
      : await client.get<ApiOrderHistory>(path(orderId), access ?? {});
  const order = toCustomerOrder(wire);
  if (!order) throw unreadableAnswer('a withdrawal');
  return order;
}

/**
 * Withdraws `lines` of the order, or (null) everything it has left. The same
 * `idempotencyKey` sent again (a retry after a lost answer) records it once. A period that
 * has run out is a 422 whose message says when.
 */
export async function withdrawOrder(
  orderId: number,
  access: WithdrawalAccess,
  lines: LineUnits[] | null,
  idempotencyKey: string,
  client: ApiClient = defaultClient(),
): Promise<Withdrawal> {
  const body: ApiWithdrawalRequest = { ...access, ...(lines === null ? {} : { lines }) };
  const wire = await client.request<ApiWithdrawal>(path(orderId), {
    method: 'POST',
    body: { ...body },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const withdrawal = toWithdrawal(wire);
  if (!withdrawal) throw unreadableAnswer('a withdrawal');
  return withdrawal;
}
