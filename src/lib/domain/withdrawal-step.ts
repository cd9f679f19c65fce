/**
 * The confirming step of a withdrawal (the dialog's store): why an order cannot be
 * withdrawn, the units the shopper chooses, what they are told when it fails, and the order
 * once the withdrawal is recorded. Loaded with the dialog, not with the pages that open it.
 */

import { withdrawalExpiredMessage, withinWithdrawalPeriod } from '../../../contract/withdrawal.ts';
import type {
  CustomerOrder,
  LineUnits,
  OrderLine,
  Withdrawal,
  WithdrawalReceipt,
} from '../types.ts';
import { GENERIC_FAILURE, RELOAD_PAGE } from './account-messages.ts';
import { hasWithdrawable, withdrawnUnits } from './withdrawal.ts';

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

/** The lines of `order` with units left, each with as many units as it has left. */
export function linesLeft(order: CustomerOrder): OrderLine[] {
  const lines = order.withdrawal?.lines ?? [];
  return lines.filter((l) => l.withdrawable > 0).map((l) => ({ ...l.item, count: l.withdrawable }));
}

/** How many units `order` has left to withdraw, over all its lines. */
export function unitsLeft(order: CustomerOrder): number {
  return (order.withdrawal?.lines ?? []).reduce((sum, line) => sum + line.withdrawable, 0);
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
 * The receipt of `withdrawal` as the shopper is told it, with the order it was recorded in
 * (`withWithdrawal`) and its units named.
 */
export function receiptOf(recorded: CustomerOrder, withdrawal: Withdrawal): WithdrawalReceipt {
  return {
    withdrawal,
    order: recorded,
    units: withdrawnUnits(recorded, withdrawal),
  };
}
