/**
 * The withdrawal form's rules (`/angre-kjop`, for a shopper without the confirmation's link or
 * an account): the order number and the e-mail address the order was made with. Loaded with
 * the form, when the shopper starts to fill it in.
 */

import { EMAIL_MESSAGE, isEmailAddress } from './email-address.ts';
import { ORDER_NUMBER } from './withdrawal.ts';

/** What the shopper typed into the withdrawal form. */
export interface WithdrawalFormInput {
  orderNumber: string;
  email: string;
}

/** The form's field errors, by field; none when it can be sent. */
export type WithdrawalFormErrors = Partial<Record<keyof WithdrawalFormInput, string>>;

/** Message of an order number that is not one. */
export const ORDER_NUMBER_MESSAGE =
  'Skriv inn ordrenummeret fra ordrebekreftelsen, bare siffer, for eksempel 1042.';

/**
 * Checks the form: the order number (spaces around it ignored) and the e-mail address. Answers
 * the order to look up, or the errors to show.
 */
export function checkWithdrawalForm(
  input: WithdrawalFormInput,
): { ok: true; orderId: number; email: string } | { ok: false; errors: WithdrawalFormErrors } {
  const orderNumber = input.orderNumber.trim();
  const email = input.email.trim();
  const errors: WithdrawalFormErrors = {};
  if (!ORDER_NUMBER.test(orderNumber)) errors.orderNumber = ORDER_NUMBER_MESSAGE;
  if (!isEmailAddress(email)) errors.email = EMAIL_MESSAGE;
  if (errors.orderNumber !== undefined || errors.email !== undefined) return { ok: false, errors };
  return { ok: true, orderId: Number(orderNumber), email };
}
