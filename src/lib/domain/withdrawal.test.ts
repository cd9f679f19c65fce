import { describe, expect, it } from 'vitest';
import type { CustomerOrder } from '../types.ts';
import { GENERIC_FAILURE, RELOAD_PAGE } from './account-messages.ts';
import {
  canWithdraw,
  withdrawalFailure,
  withdrawalLinkOf,
  withdrawalRefusal,
} from './withdrawal.ts';

const open: Pick<CustomerOrder, 'status' | 'withdrawal'> = {
  status: 'paid',
  withdrawal: { receivedDay: '2026-11-16', lastDay: '2026-11-30', withdrawnAt: null },
};

describe('canWithdraw', () => {
  it('offers a paid order through the end of its last day, Norwegian time', () => {
    expect(canWithdraw(open, new Date('2026-11-20T10:00:00Z'))).toBe(true);
    expect(canWithdraw(open, new Date('2026-11-30T22:59:00Z'))).toBe(true);
    expect(canWithdraw(open, new Date('2026-11-30T23:00:00Z'))).toBe(false);
  });

  it('offers no withdrawn order and none without a period', () => {
    const now = new Date('2026-11-20T10:00:00Z');
    expect(canWithdraw({ ...open, status: 'withdrawn' }, now)).toBe(false);
    const recorded = { ...open.withdrawal, withdrawnAt: '2026-11-19T10:00:00Z' };
    expect(
      canWithdraw({ status: 'paid', withdrawal: recorded as CustomerOrder['withdrawal'] }, now),
    ).toBe(false);
    expect(canWithdraw({ status: 'paid', withdrawal: null }, now)).toBe(false);
  });
});

describe('withdrawalRefusal', () => {
  const order = { id: 12, status: 'paid', withdrawal: open.withdrawal } as CustomerOrder;
  const during = new Date('2026-11-20T10:00:00Z');

  it('has nothing against an order within its period', () => {
    expect(withdrawalRefusal(order, during)).toBeNull();
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
