import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiPaymentStatus, ApiReservation } from '../../../contract/index.ts';
import { toFoundAddresses, toPaymentStart, toPaymentStatus, toReservation } from './checkout.ts';

const reservation: ApiReservation = {
  id: 12,
  shopID: 3,
  customerID: null,
  statusID: 1,
  name: 'Kari Nordmann',
  email: 'kari@eksempel.no',
  phone: '91234567',
  delivery: 0,
  address: '',
  city: '',
  zipcode: '',
  subtotal: 199800,
  discount: 39960,
  promoCode: 'VINTER20',
  shipping_method_id: 'pickup',
  shippingPrice: 0,
  total: 159840,
  trackingUrl: null,
  articles: [
    {
      EanNo: '7000000000011',
      Count: 2,
      ArticleID: 1,
      Name: 'Skalljakke',
      Size: 'M',
      Color: 'Rød',
      Price: 99899.6,
      Pant: 0,
    },
  ],
  date: '2026-11-24T10:00:00Z',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toReservation', () => {
  it('maps the priced reservation and rounds money', () => {
    expect(toReservation(reservation)).toMatchObject({
      id: 12,
      shopId: 3,
      delivery: false,
      discount: 39960,
      promoCode: 'VINTER20',
      total: 159840,
      lines: [{ ean: '7000000000011', count: 2, price: 99900, name: 'Skalljakke' }],
    });
  });

  it('drops a reservation without id as Missing data', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(toReservation({ ...reservation, id: 'x' } as unknown as ApiReservation)).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'Missing data',
      expect.stringMatching(/^reservation /),
      expect.anything(),
    );
  });
});

describe('toPaymentStatus', () => {
  const wire: ApiPaymentStatus = {
    orderId: 'abc',
    provider: 'first',
    status: 'paid',
    reservationId: 12,
    reservation,
    order: {
      id: 5,
      vat: 25,
      vat_total: 31968,
      net_amount: 127872,
      total: 159840,
      articles: [],
      date: '',
      status: 'paid',
      withdrawal: {
        receivedDay: '2026-11-16',
        lastDay: '2026-11-30',
        extended: false,
        withdrawnAt: null,
        lines: [],
        withdrawals: [],
      },
      shipments: [],
    },
    refund: null,
  };

  it('maps a late payment given back, and how', () => {
    const late = {
      ...wire,
      status: 'refunded',
      order: null,
      refund: { kind: 'cancel', amount: 159840, date: '2026-11-27T10:00:00.000Z' },
    } satisfies ApiPaymentStatus;
    expect(toPaymentStatus(late)).toMatchObject({
      status: 'refunded',
      order: null,
      refund: { kind: 'cancel', amount: 159840 },
    });
    expect(toPaymentStatus({ ...late, refund: { kind: 'gift' } } as never)?.refund).toBeNull();
  });

  it('maps a paid payment with its reservation and order', () => {
    expect(toPaymentStatus(wire)).toMatchObject({
      status: 'paid',
      reservation: { id: 12 },
      order: { id: 5, vatTotal: 31968, netAmount: 127872 },
    });
  });

  it('refuses an unknown status', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(toPaymentStatus({ ...wire, status: 'done' } as unknown as ApiPaymentStatus)).toBeNull();
  });
});

describe('toPaymentStart', () => {
  it('takes a same-origin path or an http(s) URL', () => {
    expect(
      toPaymentStart('second', { orderId: 'r1', shopId: 55, redirectUrl: '/providers/x' }),
    ).toEqual({ provider: 'second', orderId: 'r1', shopId: 55, redirectUrl: '/providers/x' });
    expect(toPaymentStart('first', { orderId: 'o', redirectUrl: 'https://pay.example/o' })).toEqual(
      { provider: 'first', orderId: 'o', shopId: null, redirectUrl: 'https://pay.example/o' },
    );
  });

  it('never sends the shopper to a script address', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      toPaymentStart('first', { orderId: 'o', redirectUrl: 'javascript:alert(1)' }),
    ).toBeNull();
    expect(toPaymentStart('first', { orderId: 'o', redirectUrl: '//evil.example' })).toBeNull();
  });
});

describe('toFoundAddresses', () => {
  it('reads the address tags and skips elements without them', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      toFoundAddresses({
        elements: [
          {
            type: 'node',
            id: 1,
            lat: 59.9,
            lon: 10.7,
            tags: {
              'addr:street': 'Storgata',
              'addr:housenumber': '1',
              'addr:postcode': '0150',
              'addr:city': 'Oslo',
            },
          },
          { type: 'node', id: 2 } as never,
        ],
      }),
    ).toEqual([{ street: 'Storgata', houseNumber: '1', postalCode: '0150', city: 'Oslo' }]);
  });
});
