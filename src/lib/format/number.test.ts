import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intlMade } from '../../test-support/intl.ts';
import { formatNumber, formatPercent } from './number.ts';

describe('formatNumber', () => {
  it.each([
    [1234, '1\u00a0234'],
    [4.5, '4,5'],
    [4.25, '4,25'],
    [0, '0'],
  ])('%d -> %j', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});

describe('formatPercent', () => {
  it('writes whole percentages unless told more decimals', () => {
    expect(formatPercent(0.4)).toBe('40\u00a0%');
    expect(formatPercent(0.125)).toBe('13\u00a0%');
    expect(formatPercent(0.125, 1)).toBe('12,5\u00a0%');
    expect(formatPercent(-0.3)).toBe('−30\u00a0%');
  });
});

describe('formatNumber and formatPercent against Intl', () => {
  const values = fc.oneof(
    fc.integer({ min: -1e12, max: 1e12 }),
    fc.double({ noNaN: true }),
    fc.double({ min: -10, max: 10, noNaN: true }),
  );

  it('write exactly what Intl writes, infinities and NaN too', () => {
    const number = new Intl.NumberFormat('nb-NO');
    const percent = new Intl.NumberFormat('nb-NO', { style: 'percent', maximumFractionDigits: 0 });
    fc.assert(
      fc.property(values, (value) => {
        expect(formatNumber(value)).toBe(number.format(value));
        expect(formatPercent(value)).toBe(percent.format(value));
      }),
      { numRuns: 2000 },
    );
    expect(formatNumber(Number.NaN)).toBe(number.format(Number.NaN));
  });

  it('make no Intl object for finite numbers', async () => {
    const made = await intlMade(
      'NumberFormat',
      () => import('./number.ts'),
      (number) => {
        expect(number.formatNumber(1234)).toBe('1\u00a0234');
        expect(number.formatPercent(-0.3)).toBe('−30\u00a0%');
      },
    );
    expect(made).toEqual({ atLoad: 0, inUse: 0 });
  });
});
