import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryEstimate } from './delivery-estimate.ts';

describe('deliveryEstimate', () => {
  it('names a range of working days', () => {
    expect(deliveryEstimate({ min: 2, max: 4 })).toBe('Ventet levert om 2–4 virkedager');
    expect(deliveryEstimate({ min: 0, max: 1 })).toBe('Ventet levert om 0–1 virkedag');
  });

  it('names one number when the range is one day, in the singular for one', () => {
    expect(deliveryEstimate({ min: 1, max: 1 })).toBe('Ventet levert om 1 virkedag');
    expect(deliveryEstimate({ min: 3, max: 3 })).toBe('Ventet levert om 3 virkedager');
    expect(deliveryEstimate({ min: 0, max: 0 })).toBe('Ventet levert samme virkedag');
  });

  it('says nothing when the method promises no time', () => {
    expect(deliveryEstimate(null)).toBeNull();
  });

  it('always names the latest day', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(30), (a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const text = deliveryEstimate({ min, max }) ?? '';
        expect(text.startsWith('Ventet levert ')).toBe(true);
        if (max > 0) expect(text).toMatch(new RegExp(`\\b${String(max)} virkedag`, 'u'));
      }),
    );
  });
});
