/**
 * The withdrawal function (angrefunksjon, contract/README.md "Withdrawal"): the order to
 * withdraw and the withdrawal itself, by the link's token or for the logged-in customer's
 * own order. Loaded only when a shopper starts a withdrawal.
 */

import type {
  ApiOrderHistory,
  ApiWithdrawal,
  ApiWithdrawalRequest,
} from '../../../contract/index.ts';
import { toCustomerOrder, toWithdrawal } from '../mappers/withdrawal.ts';
import type { CustomerOrder, Withdrawal } from '../types.ts';
import { defaultClient, unreadableAnswer, type ApiClient } from './client.ts';

const path = (orderId: number) => `orders/${String(orderId)}/withdrawal`;

/** The order to withdraw: by the link's `token`, or (null) the logged-in customer's own. */
export async function withdrawalOrder(
  orderId: number,
  token: string | null,
  client: ApiClient = defaultClient(),
): Promise<CustomerOrder> {
  const order = toCustomerOrder(
    await client.get<ApiOrderHistory>(path(orderId), token === null ? {} : { token }),
  );
  if (!order) throw unreadableAnswer('a withdrawal');
  return order;
}

/**
 * Withdraws the order; the same answer however often it is sent. A period that has run out
 * is a 422 whose message says when.
 */
export async function withdrawOrder(
  orderId: number,
  token: string | null,
  client: ApiClient = defaultClient(),
): Promise<Withdrawal> {
  const body: ApiWithdrawalRequest = token === null ? {} : { token };
  const withdrawal = toWithdrawal(await client.post<ApiWithdrawal>(path(orderId), { ...body }));
  if (!withdrawal) throw unreadableAnswer('a withdrawal');
  return withdrawal;
}
