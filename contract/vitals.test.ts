import { describe, expect, it } from 'vitest';
import { p75, vitalsRating } from './vitals.ts';

describe('p75', () => {
  it('is the nearest-rank 75th percentile: the smallest value three in four are at or under', () => {
    expect(p75([])).toBeNull();
    expect(p75([900])).toBe(900);
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([5, 1, 4, 2, 3])).toBe(4);
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(p75(hundred)).toBe(75);
    expect(p75(Array.from({ length: 20 }, (_, i) => (i + 1) * 100))).toBe(1500);
  });

  it('does not sort the values it is given', () => {
    const values = [3, 1, 2];
    p75(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('vitalsRating', () => {
  it("rates against Core Web Vitals' thresholds, each bound on the better side", () => {
    expect(vitalsRating('LCP', 2500)).toBe('good');
    expect(vitalsRating('LCP', 2501)).toBe('needs-improvement');
    expect(vitalsRating('LCP', 4000)).toBe('needs-improvement');
    expect(vitalsRating('LCP', 4001)).toBe('poor');
    expect(vitalsRating('INP', 200)).toBe('good');
    expect(vitalsRating('INP', 500.5)).toBe('poor');
    expect(vitalsRating('CLS', 0.1)).toBe('good');
    expect(vitalsRating('CLS', 0.25)).toBe('needs-improvement');
    expect(vitalsRating('TTFB', 801)).toBe('needs-improvement');
    expect(vitalsRating('TTFB', 1801)).toBe('poor');
  });
});
