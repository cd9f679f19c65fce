/**
 * Orders for the withdrawal's unit tests (domain and store): lines with what they have left
 * to withdraw and the withdrawals so far.
 */

import type { CustomerOrder, OrderLine } from '../lib/types.ts';

/** An order line of `count` units of article `name`, size M, blue, 199 kr each. */
export const orderLine = (ean: string, name: string, count: number): OrderLine => ({
  ean,
  count,
  articleId: 7,
  name,
  size: 'M',
  color: 'Blå',
  price: 19900,
  pant: 0,
});

/**
 * Order 12: two jackets (one withdrawn already on 17 November) and one cap; delivered on
 * 16 November 2026, its last day 30 November.
 */
export const partlyWithdrawn: CustomerOrder = {
  id: 12,
  vat: 25,
  vatTotal: 11940,
  netAmount: 47760,
  total: 59700,
  lines: [orderLine('1', 'Jakke', 2), orderLine('2', 'Lue', 1)],
  date: '2026-11-12T10:00:00.000Z',
  status: 'paid',
  withdrawal: {
    receivedDay: '2026-11-16',
    lastDay: '2026-11-30',
    withdrawnAt: null,
    lines: [
      { line: 0, item: orderLine('1', 'Jakke', 2), withdrawn: 1, withdrawable: 1 },
      { line: 1, item: orderLine('2', 'Lue', 1), withdrawn: 0, withdrawable: 1 },
    ],
    withdrawals: [
      {
        withdrawnAt: '2026-11-17T10:00:00.000Z',
        lines: [{ line: 0, count: 1 }],
        refund: 19900,
        shipping: 0,
      },
    ],
  },
};
