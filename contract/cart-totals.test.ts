import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterDiscount,
  cartSum,
  isUsableDiscount,
  lineSum,
  orderTotals,
  pantSum,
  shippingAfterPromo,
  type PromoTerms,
} from './cart-totals.ts';

const tenPercent: PromoTerms = { type: 'cart', fixed: false, amount: 0.1 };
const freeShipping: PromoTerms = { type: 'shipping', fixed: false, amount: 1 };

const lines = fc.array(
  fc.record({
    price: fc.integer({ min: 0, max: 500_000 }),
    pant: fc.integer({ min: 0, max: 3000 }),
    count: fc.integer({ min: 1, max: 9 }),
  }),
  { maxLength: 6 },
);
const promo: fc.Arbitrary<PromoTerms> = fc.record({
  type: fc.constantFrom('cart' as const, 'shipping' as const),
  fixed: fc.boolean(),
  amount: fc.oneof(
    fc.integer({ min: 0, max: 10 ** 6 }),
    fc.double({ min: 0, max: 2, noNaN: true }),
    fc.constantFrom(-1, Number.NaN, Number.POSITIVE_INFINITY),
  ),
});

describe('lineSum, cartSum and pantSum', () => {
  it('sum (price + pant) × count, and pant × count', () => {
    expect(lineSum({ price: 2_990, pant: 300, count: 3 })).toBe(9_870);
    const order = [
      { price: 39_900, pant: 0, count: 2 },
      { price: 2_990, pant: 300, count: 3 },
    ];
    expect(cartSum(order)).toBe(2 * 39_900 + 3 * 3_290);
    expect(pantSum(order)).toBe(900);
    expect(cartSum([])).toBe(0);
    expect(pantSum([])).toBe(0);
  });
});

describe('isUsableDiscount', () => {
  it.each([
    [0, true],
    [0.2, true],
    [25_000, true],
    [-1, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('amount %d is usable: %s', (amount, expected) => {
    expect(isUsableDiscount({ fixed: false, amount })).toBe(expected);
  });
});

describe('afterDiscount', () => {
  it.each([
    [10_000, { fixed: false, amount: 0.2 }, 0, 8_000],
    [10_000, { fixed: true, amount: 25_000 }, 500, 500],
    [10_000, { fixed: true, amount: 2_500 }, 500, 7_500],
    // Half an øre off rounds to the nearest whole øre.
    [10_001, { fixed: false, amount: 0.5 }, 0, 5_001],
    [10_000, { fixed: true, amount: -5 }, 0, 10_000],
    [10_000, { fixed: false, amount: Number.NaN }, 0, 10_000],
  ])('%i less %j, floor %i, is %i', (price, terms, floor, expected) => {
    expect(afterDiscount(price, terms, floor)).toBe(expected);
  });

  it('stops at 0 without a floor', () => {
    expect(afterDiscount(19_900, { fixed: true, amount: 50_000 })).toBe(0);
  });
});

describe('shippingAfterPromo', () => {
  it.each([
    [19900, freeShipping, 0],
    [19900, { type: 'shipping', fixed: false, amount: 0.5 }, 9950],
    [19900, { type: 'shipping', fixed: true, amount: 5000 }, 14900],
    [19900, { type: 'shipping', fixed: true, amount: 50000 }, 0],
    [19900, tenPercent, 19900],
    [19900, null, 19900],
    [19900, { type: 'shipping', fixed: true, amount: -5 }, 19900],
  ] as const)('shipping %i with %j costs %i', (price, code, expected) => {
    expect(shippingAfterPromo(price, code)).toBe(expected);
  });
});

describe('orderTotals', () => {
  const order = [{ price: 10_000, pant: 0, count: 1 }];

  it('takes a fraction or a fixed amount off the goods, or off the shipping', () => {
    expect(orderTotals(order, 19_900, { type: 'cart', fixed: false, amount: 0.2 })).toEqual({
      subtotal: 10_000,
      discount: 2_000,
      shipping: 19_900,
      total: 27_900,
    });
    expect(
      orderTotals([{ price: 9_500, pant: 500, count: 1 }], 0, {
        type: 'cart',
        fixed: true,
        amount: 25_000,
      }),
    ).toEqual({ subtotal: 10_000, discount: 9_500, shipping: 0, total: 500 });
    expect(orderTotals(order, 19_900, { type: 'shipping', fixed: true, amount: 19_900 })).toEqual({
      subtotal: 10_000,
      discount: 0,
      shipping: 0,
      total: 10_000,
    });
    expect(orderTotals(order, 19_900, null)).toEqual({
      subtotal: 10_000,
      discount: 0,
      shipping: 19_900,
      total: 29_900,
    });
  });

  it('never takes goods below the pant sum nor shipping below 0, and never adds', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 10 ** 5 }), promo, (order, price, code) => {
        const totals = orderTotals(order, price, code);
        const goods = totals.subtotal - totals.discount;
        expect(totals.subtotal).toBe(cartSum(order));
        expect(goods).toBeGreaterThanOrEqual(pantSum(order));
        expect(goods).toBeLessThanOrEqual(totals.subtotal);
        expect(totals.shipping).toBeGreaterThanOrEqual(0);
        expect(totals.shipping).toBeLessThanOrEqual(price);
        expect(totals.total).toBe(goods + totals.shipping);
        expect(Number.isInteger(totals.total)).toBe(true);
        // A code discounts one of the two, never both; an unusable one neither.
        if (code.type === 'cart' || !isUsableDiscount(code)) expect(totals.shipping).toBe(price);
        if (code.type === 'shipping' || !isUsableDiscount(code)) expect(totals.discount).toBe(0);
      }),
    );
  });
});
