import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiOrderHistory, ApiOrderLine, ApiWithdrawal } from '../../../contract/index.ts';
import { toCustomerOrder, toOrderWithdrawal, toWithdrawal } from './withdrawal.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const article = (ean: string, count: number): ApiOrderLine => ({
  EanNo: ean,
  Count: count,
  ArticleID: 7,
  Name: `Lue ${ean}`,
  Size: 'M',
  Color: 'Blå',
  Price: 19900,
  Pant: 0,
});
const articles = [article('1', 2), article('2', 1)];

const period = {
  receivedDay: '2026-11-16',
  lastDay: '2026-11-30',
  extended: false,
  withdrawnAt: null,
  lines: [
    { line: 0, count: 2, withdrawn: 1, withdrawable: 1 },
    { line: 1, count: 1, withdrawn: 0, withdrawable: 1 },
  ],
  withdrawals: [
    {
      id: 1,
      withdrawnAt: '2026-11-18T09:00:00.000Z',
      lines: [{ line: 0, count: 1 }],
      refund: 19900,
      shipping: 0,
    },
  ],
};

describe('toOrderWithdrawal', () => {
  it('maps the period, what each line has left, and the withdrawals so far', () => {
    expect(toOrderWithdrawal(period, articles)).toEqual({
      receivedDay: '2026-11-16',
      lastDay: '2026-11-30',
      withdrawnAt: null,
      lines: [
        {
          line: 0,
          item: expect.objectContaining({ ean: '1', count: 2 }),
          withdrawn: 1,
          withdrawable: 1,
        },
        {
          line: 1,
          item: expect.objectContaining({ ean: '2', name: 'Lue 2' }),
          withdrawn: 0,
          withdrawable: 1,
        },
      ],
      withdrawals: [
        {
          withdrawnAt: '2026-11-18T09:00:00.000Z',
          lines: [{ line: 0, count: 1 }],
          refund: 19900,
          shipping: 0,
        },
      ],
    });
  });

  it('keeps the order’s place of a line after an article that could not be read', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = { EanNo: '1' } as ApiOrderLine;
    const mapped = toOrderWithdrawal(period, [broken, article('2', 1)]);
    expect(mapped?.lines.map((l) => [l.line, l.item.ean])).toEqual([[1, '2']]);
  });

  it('is open with no last day before the goods are delivered', () => {
    expect(
      toOrderWithdrawal({ ...period, receivedDay: null, lastDay: null }, articles),
    ).toMatchObject({ receivedDay: null, lastDay: null });
  });

  it('offers nothing for a missing or undated period', () => {
    expect(toOrderWithdrawal(undefined, articles)).toBeNull();
    expect(toOrderWithdrawal({ ...period, lastDay: '30.11.2026' }, articles)).toBeNull();
    expect(toOrderWithdrawal({ ...period, receivedDay: 20261116 }, articles)).toBeNull();
    expect(toOrderWithdrawal({ ...period, lastDay: undefined }, articles)).toBeNull();
  });

  it('leaves out lines and units it cannot read', () => {
    const mapped = toOrderWithdrawal(
      {
        ...period,
        lines: [
          { line: 5, withdrawn: 0, withdrawable: 1 },
          { line: 0, withdrawable: 1 },
        ],
        withdrawals: [
          {
            withdrawnAt: 'x',
            lines: [
              { line: 0, count: 0 },
              { line: -1, count: 1 },
            ],
          },
        ],
      },
      articles,
    );
    expect(mapped?.lines).toEqual([]);
    expect(mapped?.withdrawals).toEqual([{ withdrawnAt: 'x', lines: [], refund: 0, shipping: 0 }]);
  });
});

describe('toCustomerOrder', () => {
  const wire: ApiOrderHistory = {
    id: 7,
    vat: 25,
    vat_total: 100,
    net_amount: 400,
    total: 500,
    articles,
    date: '2026-11-12T10:00:00.000Z',
    status: 'paid',
    withdrawal: period,
    shipments: [],
  };

  it('is paid with its period and lines', () => {
    expect(toCustomerOrder(wire)).toMatchObject({
      status: 'paid',
      withdrawal: { lastDay: '2026-11-30', lines: [{ line: 0 }, { line: 1 }] },
    });
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
    const wire: ApiWithdrawal = {
      orderId: 7,
      withdrawnAt: '2026-11-20T09:00:00.000Z',
      email: 'kari@example.no',
      id: 1,
      lines: [{ line: 1, count: 1 }],
      refund: 24800,
      shipping: 4900,
    };
    expect(toWithdrawal(wire)).toEqual({
      orderId: 7,
      withdrawnAt: '2026-11-20T09:00:00.000Z',
      email: 'kari@example.no',
      lines: [{ line: 1, count: 1 }],
      refund: 24800,
      shipping: 4900,
    });
  });

  it('is missing data without an order id or a time', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(toWithdrawal({ withdrawnAt: 'x' } as unknown as ApiWithdrawal)).toBeNull();
    expect(toWithdrawal({ orderId: 7 } as unknown as ApiWithdrawal)).toBeNull();
  });
});
