/**
 * When the shop offers 'Angre kjøpet' and what it says when a withdrawal fails. The period
 * itself is contract/withdrawal.ts's, the rule the backend refuses by.
 */

import { withdrawalExpiredMessage, withinWithdrawalPeriod } from '../../../contract/withdrawal.ts';
import type { CustomerOrder } from '../types.ts';
import { GENERIC_FAILURE, RELOAD_PAGE } from './account-messages.ts';

/**
 * What a withdrawal is made by: the token of the confirmation e-mail's link, the e-mail
 * address the order was made with (the withdrawal form), or null for the logged-in
 * customer's own order.
 */
export type WithdrawalAccess = { token: string } | { email: string } | null;

/** Whether `order` can be withdrawn at `now`: paid, not withdrawn, within its period. */
export function canWithdraw(
  order: Pick<CustomerOrder, 'status' | 'withdrawal'>,
  now: Date,
): boolean {
  const { withdrawal } = order;
  return (
    order.status === 'paid' &&
    withdrawal !== null &&
    withdrawal.withdrawnAt === null &&
    withinWithdrawalPeriod(withdrawal.lastDay, now)
  );
}

/**
 * Why `order` cannot be withdrawn at `now`, in the words the backend would refuse with, or
 * null when it can: shown before the shopper is asked to confirm (a link opened late, or
 * a second time).
 */
export function withdrawalRefusal(order: CustomerOrder, now: Date): string | null {
  if (order.status === 'withdrawn') return `Ordre ${String(order.id)} er allerede angret.`;
  if (order.withdrawal === null) return `Ordre ${String(order.id)} kan ikke angres her.`;
  if (!withinWithdrawalPeriod(order.withdrawal.lastDay, now)) {
    return withdrawalExpiredMessage(order.withdrawal.lastDay);
  }
  return null;
}

/** A link to withdraw by: `?ordre=` a positive whole number and a non-empty `token`. */
export interface WithdrawalLink {
  orderId: number;
  token: string;
}

/** An order number as the confirmation shows it: a positive whole number. */
export const ORDER_NUMBER = /^[1-9]\d{0,14}$/u;

/** The order and token of the confirmation e-mail's link (`/angre?ordre=…&token=…`), or null. */
export function withdrawalLinkOf(search: string): WithdrawalLink | null {
  const params = new URLSearchParams(search);
  const order = params.get('ordre') ?? '';
  const token = params.get('token') ?? '';
  if (!ORDER_NUMBER.test(order) || token === '') return null;
  return { orderId: Number(order), token };
}

/**
 * What the shopper is told when a withdrawal fails, by HTTP status (0: no answer): the
 * backend's own Norwegian message for a refusal (422, the period ran out) and an unknown
 * order (404), else the shop's words. `retry` says whether trying again can help.
 */
export function withdrawalFailure(
  status: number,
  serverMessage: string,
): { message: string; retry: boolean } {
  if ((status === 422 || status === 404) && serverMessage !== '') {
    return { message: serverMessage, retry: false };
  }
  if (status === 419) return { message: RELOAD_PAGE, retry: false };
  if (status === 429) {
    return { message: 'Du har prøvd mange ganger. Vent litt, og prøv igjen.', retry: true };
  }
  return { message: GENERIC_FAILURE, retry: true };
}
