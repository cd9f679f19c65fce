import { describe, expect, it } from 'vitest';
import { promoTerms } from './promo-codes.ts';

describe('promoTerms', () => {
  it('reads `fixed` 1 as øre, and any type but `shipping` as a cart code', () => {
    expect(promoTerms({ fixed: 1, amount: 25_000, type: 'cart' })).toEqual({
      fixed: true,
      amount: 25_000,
      type: 'cart',
    });
    expect(promoTerms({ fixed: 0, amount: 1, type: 'shipping' })).toEqual({
      fixed: false,
      amount: 1,
      type: 'shipping',
    });
    expect(promoTerms({ fixed: 0, amount: 0.2, type: 'other' })).toMatchObject({ type: 'cart' });
  });
});
