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
import type { CustomerOrder, Withdrawal } from '../types.ts';
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
 * Withdraws the order; the same answer however often it is sent. A period that has run out
 * is a 422 whose message says when.
 */
export async function withdrawOrder(
  orderId: number,
  access: WithdrawalAccess,
  client: ApiClient = defaultClient(),
): Promise<Withdrawal> {
  const body: ApiWithdrawalRequest = access ?? {};
  const withdrawal = toWithdrawal(await client.post<ApiWithdrawal>(path(orderId), { ...body }));
  if (!withdrawal) throw unreadableAnswer('a withdrawal');
  return withdrawal;
}
