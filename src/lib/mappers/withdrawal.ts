/**
 * Mappers of the right of withdrawal (angrerett): a customer's order with its period and
 * what is left to withdraw, and a recorded withdrawal. Apart from the checkout's order
 * mapper (checkout.ts), so that the checkout's code carries none of this.
 */

import type { ApiOrderHistory, ApiOrderLine, ApiWithdrawal } from '../../../contract/index.ts';
import type {
  CustomerOrder,
  LineUnits,
  OrderWithdrawal,
  WithdrawableLine,
  Withdrawal,
  WithdrawalRecord,
} from '../types.ts';
import { toOrder, toOrderLine } from './checkout.ts';
import { isNumber, isRecord } from '../../../contract/guards.ts';
import { hasFields, list, mapList, missingData, money } from './common.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/u;

const isCount = (value: unknown): value is number => Number.isInteger(value) && Number(value) >= 0;

/** A `YYYY-MM-DD` day, null for none; undefined for anything else (a malformed period). */
function dayOrNull(value: unknown): string | null | undefined {
  if (value === null) return null;
  return typeof value === 'string' && DAY.test(value) ? value : undefined;
}

/** Units of a line: its place in the order and a count of at least one. */
function toLineUnits(wire: unknown): LineUnits | null {
  if (!isRecord(wire) || !isCount(wire['line']) || !isCount(wire['count'])) return null;
  return wire['count'] > 0 ? { line: wire['line'], count: wire['count'] } : null;
}

/** A line with what it has left, joined with the article it names; null for no such line. */
function toWithdrawableLine(
  wire: unknown,
  articles: readonly ApiOrderLine[],
): WithdrawableLine | null {
  if (!isRecord(wire)) return null;
  const { line, withdrawn, withdrawable } = wire;
  if (!isCount(line) || !isCount(withdrawn) || !isCount(withdrawable)) return null;
  const article = articles[line];
  const item = article === undefined ? null : toOrderLine(article);
  return item === null ? null : { line, item, withdrawn, withdrawable };
}

function toWithdrawalRecord(wire: unknown): WithdrawalRecord | null {
  if (!hasFields(wire, [], ['withdrawnAt'])) return null;
  return {
    withdrawnAt: String(wire['withdrawnAt']),
    lines: mapList(wire['lines'] as unknown[], toLineUnits),
    refund: money(wire['refund']),
    shipping: money(wire['shipping']),
  };
}

/**
 * Maps an order's `withdrawal` with the order's `articles`, which its lines name by place;
 * null (nothing offered) when the API sends none or days that are neither `YYYY-MM-DD` nor
 * null, so a malformed period never offers a withdrawal it cannot date.
 */
export function toOrderWithdrawal(
  wire: unknown,
  articles: readonly ApiOrderLine[],
): OrderWithdrawal | null {
  if (!isRecord(wire)) return null;
  const receivedDay = dayOrNull(wire['receivedDay']);
  const lastDay = dayOrNull(wire['lastDay']);
  if (receivedDay === undefined || lastDay === undefined) return null;
  const { withdrawnAt } = wire;
  return {
    receivedDay,
    lastDay,
    withdrawnAt: typeof withdrawnAt === 'string' && withdrawnAt !== '' ? withdrawnAt : null,
    lines: mapList(wire['lines'] as unknown[], (line) => toWithdrawableLine(line, articles)),
    withdrawals: mapList(wire['withdrawals'] as unknown[], toWithdrawalRecord),
  };
}

/** Maps a customer's paid order with its withdrawal state; needs what `toOrder` needs. */
export function toCustomerOrder(wire: ApiOrderHistory): CustomerOrder | null {
  const order = toOrder(wire);
  if (order === null) return null;
  const withdrawal = toOrderWithdrawal(wire.withdrawal, list(wire.articles));
  // Either sign of a withdrawal counts, so a withdrawn order is never offered again.
  const withdrawn = wire.status === 'withdrawn' || (withdrawal?.withdrawnAt ?? null) !== null;
  return { ...order, status: withdrawn ? 'withdrawn' : 'paid', withdrawal };
}

/** Maps a recorded withdrawal; needs orderId and withdrawnAt. */
export function toWithdrawal(wire: ApiWithdrawal): Withdrawal | null {
  const record = isNumber(wire.orderId) ? toWithdrawalRecord(wire) : null;
  if (record === null) return missingData('withdrawal', wire);
  return {
    ...record,
    orderId: wire.orderId,
    email: typeof wire.email === 'string' ? wire.email : '',
  };
}
