/**
 * When the shop offers 'Angre kjøpet' and what it says when a withdrawal fails. The period
 * itself is contract/withdrawal.ts's, the rule the backend refuses by.
 */

import { withdrawalExpiredMessage, withinWithdrawalPeriod } from '../../../contract/withdrawal.ts';
import type {
  CustomerOrder,
  LineUnits,
  NamedUnits,
  OrderLine,
  Withdrawal,
  WithdrawalReceipt,
  WithdrawalRecord,
} from '../types.ts';
import { GENERIC_FAILURE, RELOAD_PAGE } from './account-messages.ts';

/**
 * What a withdrawal is made by: the token of the confirmation e-mail's link, the e-mail
 * address the order was made with (the withdrawal form), or null for the logged-in
 * customer's own order.
 */
export type WithdrawalAccess = { token: string } | { email: string } | null;

/** Whether anything of `order` is left to withdraw: some line has a unit not withdrawn. */
function hasWithdrawable(order: Pick<CustomerOrder, 'status' | 'withdrawal'>): boolean {
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

/**
 * Why `order` cannot be withdrawn at `now`, in the words the backend would refuse with, or
 * null when it can: shown before the shopper is asked to confirm (a link opened late, or
 * a second time).
 */
export function withdrawalRefusal(order: CustomerOrder, now: Date): string | null {
  if (order.withdrawal === null) return `Ordre ${String(order.id)} kan ikke angres her.`;
  if (!hasWithdrawable(order)) return `Ordre ${String(order.id)} er allerede angret.`;
  const { lastDay } = order.withdrawal;
  if (lastDay !== null && !withinWithdrawalPeriod(lastDay, now)) {
    return withdrawalExpiredMessage(lastDay);
  }
  return null;
}

/** The units chosen to withdraw, by line (`WithdrawableLine.line`); 0 or none: not chosen. */
export type WithdrawalChoice = Readonly<Record<number, number>>;

/** What a withdrawal asks unless the shopper chooses less: every unit still withdrawable. */
export function everythingLeft(order: CustomerOrder): WithdrawalChoice {
  const lines = order.withdrawal?.lines ?? [];
  return Object.fromEntries(
    lines.filter((l) => l.withdrawable > 0).map((l) => [l.line, l.withdrawable]),
  );
}

/** The chosen units as a withdrawal names them, by line in the order's order. */
export function chosenUnits(choice: WithdrawalChoice): LineUnits[] {
  return Object.entries(choice)
    .map(([line, count]) => ({ line: Number(line), count }))
    .filter((units) => units.count > 0)
    .sort((a, b) => a.line - b.line);
}

/** Whether `choice` takes every unit `order` has left, so that nothing of it is left after. */
export function choosesEverything(order: CustomerOrder, choice: WithdrawalChoice): boolean {
  return (order.withdrawal?.lines ?? []).every((l) => (choice[l.line] ?? 0) >= l.withdrawable);
}

/** Said when the shopper confirms a withdrawal with nothing chosen. */
export const NOTHING_CHOSEN = 'Velg minst én vare du vil angre.';

/** How many units `order` has left to withdraw, over all its lines. */
export function unitsLeft(order: CustomerOrder): number {
  return (order.withdrawal?.lines ?? []).reduce((sum, line) => sum + line.withdrawable, 0);
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

/**
 * `order` once `withdrawal` is recorded: its lines have that much less left, the record is
 * added, and with nothing left the order is withdrawn. A record it holds already (the answer
 * to a withdrawal sent again) changes nothing.
 */
export function withWithdrawal(order: CustomerOrder, withdrawal: Withdrawal): CustomerOrder {
  const current = order.withdrawal;
  if (current === null) return { ...order, status: 'withdrawn' };
  if (current.withdrawals.some((w) => w.withdrawnAt === withdrawal.withdrawnAt)) return order;
  const taken = new Map(withdrawal.lines.map((units) => [units.line, units.count]));
  const lines = current.lines.map((line) => {
    const count = Math.min(taken.get(line.line) ?? 0, line.withdrawable);
    return { ...line, withdrawn: line.withdrawn + count, withdrawable: line.withdrawable - count };
  });
  const done = lines.every((line) => line.withdrawable === 0);
  const { withdrawnAt, refund, shipping } = withdrawal;
  return {
    ...order,
    status: done ? 'withdrawn' : order.status,
    withdrawal: {
      ...current,
      lines,
      withdrawals: [
        ...current.withdrawals,
        { withdrawnAt, lines: withdrawal.lines, refund, shipping },
      ],
      withdrawnAt: done ? withdrawnAt : null,
    },
  };
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

/**
 * The receipt of `withdrawal` as the shopper is told it, from the order it was recorded in
 * (`withWithdrawal`): its units named, and whether nothing of the order is left.
 */
export function receiptOf(recorded: CustomerOrder, withdrawal: Withdrawal): WithdrawalReceipt {
  return {
    withdrawal,
    units: withdrawnUnits(recorded, withdrawal),
    whole: recorded.status === 'withdrawn',
  };
}
