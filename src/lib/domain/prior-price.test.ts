import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reductionLabel, reductionOf } from './prior-price.ts';

describe('reductionOf', () => {
  it('reduces a price below its førpris, the percentage reckoned from the førpris', () => {
    expect(reductionOf({ price: 70_000, priorPrice: 100_000 })).toEqual({
      priorPrice: 100_000,
      percent: 30,
    });
    expect(reductionOf({ price: 66_667, priorPrice: 100_000 })).toEqual({
      priorPrice: 100_000,
      percent: 33,
    });
  });

  it('reduces nothing at or above the førpris, or without one', () => {
    expect(reductionOf({ price: 100_000, priorPrice: 100_000 })).toBeNull();
    expect(reductionOf({ price: 80_000, priorPrice: 60_000 })).toBeNull();
    expect(reductionOf({ price: 80_000, priorPrice: null })).toBeNull();
    expect(reductionOf({ price: 0, priorPrice: 0 })).toBeNull();
  });

  it('never claims more off than the førpris gives, and reduces exactly below it', () => {
    const ore = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(ore, fc.option(ore, { nil: null }), (price, priorPrice) => {
        const reduction = reductionOf({ price, priorPrice });
        expect(reduction !== null).toBe(priorPrice !== null && price < priorPrice);
        if (reduction === null || priorPrice === null) return;
        expect(reduction.priorPrice).toBe(priorPrice);
        expect(reduction.percent).toBeGreaterThanOrEqual(0);
        expect(reduction.percent).toBeLessThanOrEqual(100);
        // The price the percentage claims is never below the real one.
        expect(priorPrice * (1 - reduction.percent / 100)).toBeGreaterThanOrEqual(price - 1e-6);
        expect(priorPrice * (1 - (reduction.percent + 1) / 100)).toBeLessThan(price);
      }),
    );
  });
});

describe('reductionLabel', () => {
  it('writes the percentage as nb-NO does, and nothing below one percent', () => {
    expect(reductionLabel({ priorPrice: 100_000, percent: 30 })).toBe('−30\u00a0%');
    expect(reductionLabel({ priorPrice: 100_000, percent: 0 })).toBe('');
  });
});
