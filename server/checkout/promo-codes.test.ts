import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPromoCode } from './promo-codes.ts';

const code = fc.record({
  fixed: fc.constantFrom(0, 1),
  amount: fc.oneof(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.integer({ min: 0, max: 10 ** 6 }),
  ),
  type: fc.constantFrom('cart', 'shipping'),
});

describe('applyPromoCode', () => {
  it('never takes goods below the pant sum nor shipping below 0, and never adds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 7 }),
        fc.integer({ min: 0, max: 10 ** 7 }),
        fc.integer({ min: 0, max: 10 ** 5 }),
        code,
        (a, b, shipping, promo) => {
          const [pant, subtotal] = a < b ? [a, b] : [b, a];
          const { goods, shipping: after } = applyPromoCode(subtotal, pant, shipping, promo);
          expect(goods).toBeGreaterThanOrEqual(pant);
          expect(goods).toBeLessThanOrEqual(subtotal);
          expect(after).toBeGreaterThanOrEqual(0);
          expect(after).toBeLessThanOrEqual(shipping);
          expect(Number.isInteger(goods) && Number.isInteger(after)).toBe(true);
        },
      ),
    );
  });

  it('takes a fraction or a fixed amount off the goods, or off the shipping', () => {
    expect(applyPromoCode(10_000, 0, 19_900, { fixed: 0, amount: 0.2, type: 'cart' })).toEqual({
      goods: 8_000,
      shipping: 19_900,
    });
    expect(applyPromoCode(10_000, 500, 0, { fixed: 1, amount: 25_000, type: 'cart' })).toEqual({
      goods: 500,
      shipping: 0,
    });
    expect(
      applyPromoCode(10_000, 0, 19_900, { fixed: 1, amount: 19_900, type: 'shipping' }),
    ).toEqual({ goods: 10_000, shipping: 0 });
    expect(applyPromoCode(10_000, 0, 19_900, null)).toEqual({ goods: 10_000, shipping: 19_900 });
  });
});
