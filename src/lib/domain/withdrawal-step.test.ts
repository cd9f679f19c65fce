import { describe, expect, it } from 'vitest';
import type { CustomerOrder, Withdrawal } from '../types.ts';
import { GENERIC_FAILURE, RELOAD_PAGE } from './account-messages.ts';
import {
  choosesEverything,
  chosenUnits,
  everythingLeft,
  linesLeft,
  receiptOf,
  unitsLeft,
  withdrawalFailure,
  withdrawalRefusal,
  withWithdrawal,
} from './withdrawal-step.ts';
import { orderLine as item, partlyWithdrawn } from '../../test-support/withdrawal.ts';

const order = partlyWithdrawn;
const period = order.withdrawal as NonNullable<CustomerOrder['withdrawal']>;
const during = new Date('2026-11-20T10:00:00Z');
/** The cap of order 12 withdrawn. */
const cap: Withdrawal = {
  orderId: 12,
  withdrawnAt: '2026-11-20T10:00:00.000Z',
  email: 'kari@example.no',
  lines: [{ line: 1, count: 1 }],
  refund: 19900,
  shipping: 0,
};

describe('withdrawalRefusal', () => {
  it('has nothing against an order within its period, or one not delivered yet', () => {
    expect(withdrawalRefusal(order, during)).toBeNull();
    const undelivered = { ...order, withdrawal: { ...period, receivedDay: null, lastDay: null } };
    expect(withdrawalRefusal(undelivered, new Date('2030-01-01T10:00:00Z'))).toBeNull();
  });

  it('says why not: withdrawn already, no period, or the period ran out', () => {
    expect(withdrawalRefusal({ ...order, status: 'withdrawn' }, during)).toBe(
      'Ordre 12 er allerede angret.',
    );
    expect(withdrawalRefusal({ ...order, withdrawal: null }, during)).toBe(
      'Ordre 12 kan ikke angres her.',
    );
    expect(withdrawalRefusal(order, new Date('2026-12-01T08:00:00Z'))).toBe(
      'Angrefristen for denne ordren gikk ut 30. november 2026.',
    );
  });
});

describe('choosing what to withdraw', () => {
  it('chooses every unit left at first, and asks for it by line in the order’s order', () => {
    expect(everythingLeft(order)).toEqual({ 0: 1, 1: 1 });
    expect(unitsLeft(order)).toBe(2);
    expect(chosenUnits({ 1: 1, 0: 1 })).toEqual([
      { line: 0, count: 1 },
      { line: 1, count: 1 },
    ]);
    expect(choosesEverything(order, everythingLeft(order))).toBe(true);
  });

  it('lists what is left of each line, for a confirmation that asks no choice', () => {
    expect(linesLeft(order)).toEqual([
      { ...item('1', 'Jakke', 2), count: 1 },
      { ...item('2', 'Lue', 1), count: 1 },
    ]);
    expect(linesLeft(withWithdrawal(order, cap))).toEqual([{ ...item('1', 'Jakke', 2), count: 1 }]);
  });

  it('leaves out a line chosen down to none, and knows a part from the whole', () => {
    expect(chosenUnits({ 0: 0, 1: 1 })).toEqual([{ line: 1, count: 1 }]);
    expect(chosenUnits({ 0: 0 })).toEqual([]);
    expect(choosesEverything(order, { 0: 0, 1: 1 })).toBe(false);
  });
});

describe('withWithdrawal and receiptOf', () => {
  it('takes a part off what is left and keeps the order paid', () => {
    const recorded = withWithdrawal(order, cap);
    expect(recorded.status).toBe('paid');
    expect(recorded.withdrawal?.lines.map((l) => [l.withdrawn, l.withdrawable])).toEqual([
      [1, 1],
      [1, 0],
    ]);
    expect(recorded.withdrawal?.withdrawals).toHaveLength(2);
    expect(recorded.withdrawal?.withdrawnAt).toBeNull();
    expect(receiptOf(recorded, cap)).toEqual({
      withdrawal: cap,
      order: recorded,
      units: [{ item: item('2', 'Lue', 1), count: 1 }],
    });
  });

  it('withdraws the order once nothing is left, and counts a record sent again once', () => {
    const rest: Withdrawal = {
      ...cap,
      withdrawnAt: '2026-11-21T10:00:00.000Z',
      lines: [{ line: 0, count: 1 }],
      refund: 24800,
      shipping: 4900,
    };
    const recorded = withWithdrawal(withWithdrawal(order, cap), rest);
    expect(recorded.status).toBe('withdrawn');
    expect(recorded.withdrawal?.withdrawnAt).toBe('2026-11-21T10:00:00.000Z');
    expect(withWithdrawal(recorded, rest)).toBe(recorded);
    expect(receiptOf(recorded, rest).units).toEqual([{ item: item('1', 'Jakke', 2), count: 1 }]);
  });
});

describe('withdrawalFailure', () => {
  it('shows the backend’s refusal as it is, without a retry', () => {
    const refusal = 'Angrefristen for denne ordren gikk ut 12. november 2026.';
    expect(withdrawalFailure(422, refusal)).toEqual({ message: refusal, retry: false });
  });

  it('uses the shop’s words where the backend gave none that fit', () => {
    expect(withdrawalFailure(419, 'CSRF token mismatch.')).toEqual({
      message: RELOAD_PAGE,
      retry: false,
    });
    expect(withdrawalFailure(0, '')).toEqual({ message: GENERIC_FAILURE, retry: true });
    expect(withdrawalFailure(500, 'Server Error')).toEqual({
      message: GENERIC_FAILURE,
      retry: true,
    });
  });
});
