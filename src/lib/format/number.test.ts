import { describe, expect, it } from 'vitest';
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
