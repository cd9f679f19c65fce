/**
 * Mappers of the right of withdrawal (angrerett): a customer's order with its period, and a
 * recorded withdrawal. Apart from the checkout's order mapper (checkout.ts), so that the
 * checkout's code carries none of this.
 */

import type { ApiOrderHistory, ApiWithdrawal } from '../../../contract/index.ts';
import type { CustomerOrder, OrderWithdrawal, Withdrawal } from '../types.ts';
import { toOrder } from './checkout.ts';
import { isRecord } from '../../../contract/guards.ts';
import { hasFields, missingData } from './common.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/u;

/**
 * Maps an order's `withdrawal`; null (nothing offered) when the API sends none or days that
 * are not `YYYY-MM-DD`, so a malformed period never offers a withdrawal it cannot date.
 */
export function toOrderWithdrawal(wire: unknown): OrderWithdrawal | null {
  if (!isRecord(wire)) return null;
  const { receivedDay, lastDay, withdrawnAt } = wire;
  if (typeof receivedDay !== 'string' || !DAY.test(receivedDay)) return null;
  if (typeof lastDay !== 'string' || !DAY.test(lastDay)) return null;
  return {
    receivedDay,
    lastDay,
    withdrawnAt: typeof withdrawnAt === 'string' && withdrawnAt !== '' ? withdrawnAt : null,
  };
}

/** Maps a customer's paid order with its withdrawal state; needs what `toOrder` needs. */
export function toCustomerOrder(wire: ApiOrderHistory): CustomerOrder | null {
  const order = toOrder(wire);
  if (order === null) return null;
  const withdrawal = toOrderWithdrawal(wire.withdrawal);
  // Either sign of a withdrawal counts, so a withdrawn order is never offered again.
  const withdrawn = wire.status === 'withdrawn' || (withdrawal?.withdrawnAt ?? null) !== null;
  return { ...order, status: withdrawn ? 'withdrawn' : 'paid', withdrawal };
}

/** Maps a recorded withdrawal; needs orderId and withdrawnAt. */
export function toWithdrawal(wire: ApiWithdrawal): Withdrawal | null {
  if (!hasFields(wire, ['orderId'], ['withdrawnAt'])) return missingData('withdrawal', wire);
  return {
    orderId: wire.orderId,
    withdrawnAt: wire.withdrawnAt,
    email: typeof wire.email === 'string' ? wire.email : '',
  };
}
