/**
 * When the shop offers 'Angre kjøpet', how it names what was withdrawn, and the link that
 * withdraws. The period itself is contract/withdrawal.ts's, the rule the backend refuses by.
 * What only the confirming step needs is in withdrawal-step.ts, loaded with its dialog.
 */

import { withinWithdrawalPeriod } from '../../../contract/withdrawal.ts';
import type { CustomerOrder, NamedUnits, OrderLine, WithdrawalRecord } from '../types.ts';

/**
 * What a withdrawal is made by: the token of the confirmation e-mail's link, the e-mail
 * address the order was made with (the withdrawal form), or null for the logged-in
 * customer's own order.
 */
export type WithdrawalAccess = { token: string } | { email: string } | null;

/** Whether anything of `order` is left to withdraw: some line has a unit not withdrawn. */
export function hasWithdrawable(order: Pick<CustomerOrder, 'status' | 'withdrawal'>): boolean {
  const { withdrawal } = order;
  return (
    order.status === 'paid' &&
    withdrawal !== null &&
    withdrawal.withdrawnAt === null &&
    withdrawal.lines.some((line) => line.withdrawable > 0)
  );
}

/**
 * Whether `order` can be withdrawn at `now`: paid, something left, and within its period;
 * before the goods are delivered there is no last day and it always can.
 */
export function canWithdraw(
  order: Pick<CustomerOrder, 'status' | 'withdrawal'>,
  now: Date,
): boolean {
  const lastDay = order.withdrawal?.lastDay ?? null;
  return hasWithdrawable(order) && (lastDay === null || withinWithdrawalPeriod(lastDay, now));
}

/** The units a withdrawal took back, named by the order's lines it points to. */
export function withdrawnUnits(order: CustomerOrder, record: WithdrawalRecord): NamedUnits[] {
  const lines = order.withdrawal?.lines ?? [];
  return record.lines.flatMap(({ line, count }) => {
    const item = lines.find((l) => l.line === line)?.item;
    return item === undefined ? [] : [{ item, count }];
  });
}

const listFormat = new Intl.ListFormat('nb-NO', { type: 'conjunction' });

/** An order's line as the shopper knows it: `Turjakke (M, Blå)`. */
export function lineLabel({ name, size, color }: OrderLine): string {
  return `${name} (${size}, ${color})`;
}

/** Units of lines: `1 × Turjakke (M, Blå)`. */
export function unitsLabel({ item, count }: NamedUnits): string {
  return `${String(count)} × ${lineLabel(item)}`;
}

/** Units in a sentence: `1 × Turjakke (M, Blå) og 2 × Sokker (39–42, Grå)`. */
export function unitsText(units: readonly NamedUnits[]): string {
  return listFormat.format(units.map(unitsLabel));
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
