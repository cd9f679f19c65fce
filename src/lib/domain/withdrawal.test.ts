import { describe, expect, it } from 'vitest';
import type { CustomerOrder } from '../types.ts';
import { orderLine as item, partlyWithdrawn } from '../../test-support/withdrawal.ts';
import { canWithdraw, unitsText, withdrawalLinkOf } from './withdrawal.ts';

const order = partlyWithdrawn;
const period = order.withdrawal as NonNullable<CustomerOrder['withdrawal']>;
const during = new Date('2026-11-20T10:00:00Z');

describe('canWithdraw', () => {
  it('offers a paid order through the end of its last day, Norwegian time', () => {
    expect(canWithdraw(order, during)).toBe(true);
    expect(canWithdraw(order, new Date('2026-11-30T22:59:00Z'))).toBe(true);
    expect(canWithdraw(order, new Date('2026-11-30T23:00:00Z'))).toBe(false);
  });

  it('offers one not delivered yet whenever it is asked: it has no last day', () => {
    const undelivered = { ...order, withdrawal: { ...period, receivedDay: null, lastDay: null } };
    expect(canWithdraw(undelivered, new Date('2030-01-01T10:00:00Z'))).toBe(true);
  });

  it('offers no withdrawn order, none with nothing left and none without a period', () => {
    expect(canWithdraw({ ...order, status: 'withdrawn' }, during)).toBe(false);
    const recorded = { ...period, withdrawnAt: '2026-11-19T10:00:00Z' };
    expect(canWithdraw({ status: 'paid', withdrawal: recorded }, during)).toBe(false);
    const nothingLeft = { ...period, lines: period.lines.map((l) => ({ ...l, withdrawable: 0 })) };
    expect(canWithdraw({ status: 'paid', withdrawal: nothingLeft }, during)).toBe(false);
    expect(canWithdraw({ status: 'paid', withdrawal: null }, during)).toBe(false);
  });
});

describe('unitsText', () => {
  it('names the units in one Norwegian sentence', () => {
    expect(unitsText([{ item: item('2', 'Lue', 1), count: 1 }])).toBe('1 × Lue (M, Blå)');
    expect(
      unitsText([
        { item: item('1', 'Jakke', 2), count: 2 },
        { item: item('2', 'Lue', 1), count: 1 },
        { item: item('3', 'Sokker', 3), count: 3 },
      ]),
    ).toBe('2 × Jakke (M, Blå), 1 × Lue (M, Blå) og 3 × Sokker (M, Blå)');
  });
});

describe('withdrawalLinkOf', () => {
  it('reads the order and token of the link', () => {
    expect(withdrawalLinkOf('?ordre=123&token=abc_-9')).toEqual({ orderId: 123, token: 'abc_-9' });
  });

  it('refuses a link without a whole order number or a token', () => {
    for (const search of [
      '',
      '?ordre=123',
      '?token=abc',
      '?ordre=0&token=a',
      '?ordre=1.5&token=a',
    ]) {
      expect(withdrawalLinkOf(search)).toBeNull();
    }
  });
});
