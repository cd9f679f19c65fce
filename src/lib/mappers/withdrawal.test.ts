import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiOrderHistory, ApiWithdrawal } from '../../../contract/index.ts';
import { toCustomerOrder, toOrderWithdrawal, toWithdrawal } from './withdrawal.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const period = { receivedDay: '2026-11-16', lastDay: '2026-11-30', withdrawnAt: null };

describe('toOrderWithdrawal', () => {
  it('maps the period and the withdrawal', () => {
    expect(toOrderWithdrawal(period)).toEqual(period);
    expect(toOrderWithdrawal({ ...period, withdrawnAt: '2026-11-20T09:00:00.000Z' })).toEqual({
      ...period,
      withdrawnAt: '2026-11-20T09:00:00.000Z',
    });
  });

  it('offers nothing for a missing or undated period', () => {
    expect(toOrderWithdrawal(undefined)).toBeNull();
    expect(toOrderWithdrawal({ ...period, lastDay: '30.11.2026' })).toBeNull();
    expect(toOrderWithdrawal({ ...period, receivedDay: 20261116 })).toBeNull();
  });
});

describe('toCustomerOrder', () => {
  const wire: ApiOrderHistory = {
    id: 7,
    vat: 25,
    vat_total: 100,
    net_amount: 400,
    total: 500,
    articles: [],
    date: '2026-11-12T10:00:00.000Z',
    status: 'paid',
    withdrawal: { ...period, extended: false, lines: [], withdrawals: [] },
    shipments: [],
  };

  it('is paid with its period', () => {
    expect(toCustomerOrder(wire)).toMatchObject({ status: 'paid', withdrawal: period });
  });

  it('is withdrawn by either the status or the record', () => {
    expect(toCustomerOrder({ ...wire, status: 'withdrawn' })?.status).toBe('withdrawn');
    const recorded = { ...wire.withdrawal, withdrawnAt: '2026-11-20T09:00:00.000Z' };
    expect(toCustomerOrder({ ...wire, withdrawal: recorded })?.status).toBe('withdrawn');
  });

  it('tells no withdrawal for an API without one', () => {
    const older: Partial<ApiOrderHistory> = { ...wire };
    delete older.status;
    delete older.withdrawal;
    expect(toCustomerOrder(older as ApiOrderHistory)).toMatchObject({
      status: 'paid',
      withdrawal: null,
    });
  });
});

describe('toWithdrawal', () => {
  it('maps the recorded withdrawal', () => {
    const recorded = {
      orderId: 7,
      withdrawnAt: '2026-11-20T09:00:00.000Z',
      email: 'kari@example.no',
    };
    const wire: ApiWithdrawal = { ...recorded, id: 1, lines: [], refund: 0, shipping: 0 };
    expect(toWithdrawal(wire)).toEqual(recorded);
  });

  it('is missing data without an order id', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(toWithdrawal({ withdrawnAt: 'x' } as unknown as ApiWithdrawal)).toBeNull();
  });
});
