import type { DatabaseSync } from 'node:sqlite';
import type { ApiOrderHistory, ApiWithdrawal } from '../../contract/index.ts';
import {
  estimatedReceivedDay,
  formatNorwegianDay,
  norwegianDay,
  withdrawalExpiredMessage,
  withdrawalLastDay,
  withinWithdrawalPeriod,
} from '../../contract/withdrawal.ts';
import { queueWithdrawalReceipt } from '../accounts/purchase-mail.ts';
import { transaction } from '../db/database.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { ApiHttpError } from '../http/errors.ts';

/**
 * How a withdrawal reached the shop: from my page, through the confirmation's link, or by
 * the withdrawal form's order number and e-mail address.
 */
export type WithdrawalVia = 'account' | 'link' | 'form';

interface WithdrawalRow {
  created_at: string;
  email: string;
  delivery_days_max: number | null;
  withdrawn_at: string | null;
}

const WITHDRAWAL_SQL = `
  SELECT o.created_at, r.email, sm.delivery_days_max, w.created_at AS withdrawn_at
  FROM orders o JOIN reservations r ON r.id = o.reservation_id
  LEFT JOIN shipping_methods sm ON sm.id = r.shipping_method_id
  LEFT JOIN withdrawals w ON w.order_id = o.id
  WHERE o.id = ?`;

function withdrawalRow(db: DatabaseSync, orderId: number): WithdrawalRow | undefined {
  return cachedStatement(db, WITHDRAWAL_SQL).get(orderId) as WithdrawalRow | undefined;
}

/**
 * The last day of an order's period (contract/withdrawal.ts): the goods count as received
 * on the paid day plus the shipping method's latest promised delivery in working days; a
 * method that promises no time counts from the paid day itself.
 */
function periodOf(row: WithdrawalRow): { receivedDay: string; lastDay: string } {
  const receivedDay = estimatedReceivedDay(new Date(row.created_at), row.delivery_days_max ?? 0);
  return { receivedDay, lastDay: withdrawalLastDay(receivedDay) };
}

/** The state and right of withdrawal of a stored order, as `ApiOrderHistory` carries them. */
export function orderWithdrawal(
  db: DatabaseSync,
  orderId: number,
): Pick<ApiOrderHistory, 'status' | 'withdrawal'> {
  const row = withdrawalRow(db, orderId);
  if (row === undefined) throw new Error(`Order ${String(orderId)} has no reservation.`);
  return {
    status: row.withdrawn_at === null ? 'paid' : 'withdrawn',
    withdrawal: { ...periodOf(row), withdrawnAt: row.withdrawn_at },
  };
}

/**
 * Records the withdrawal of a stored order and queues its receipt at once, in one
 * transaction: a withdrawal sent again answers the first one as it was recorded, with no
 * second record and no second receipt. After the period: 422 with `withdrawalExpiredMessage`
 * in `message` and `errors.order`.
 */
export function withdrawOrder(
  db: DatabaseSync,
  orderId: number,
  via: WithdrawalVia,
  now: Date,
): ApiWithdrawal {
  return transaction(db, () => {
    const row = withdrawalRow(db, orderId);
    if (row === undefined) throw new Error(`Order ${String(orderId)} has no reservation.`);
    const answer = (withdrawnAt: string): ApiWithdrawal => ({
      orderId,
      withdrawnAt,
      email: row.email,
    });
    if (row.withdrawn_at !== null) return answer(row.withdrawn_at);
    const { lastDay } = periodOf(row);
    if (!withinWithdrawalPeriod(lastDay, now)) {
      const message = withdrawalExpiredMessage(lastDay);
      throw new ApiHttpError(422, { message, errors: { order: [message] } });
    }
    const withdrawnAt = now.toISOString();
    cachedStatement(db, 'INSERT INTO withdrawals (order_id, via, created_at) VALUES (?, ?, ?)').run(
      orderId,
      via,
      withdrawnAt,
    );
    queueWithdrawalReceipt(db, orderId, formatNorwegianDay(norwegianDay(now)), now);
    return answer(withdrawnAt);
  });
}
