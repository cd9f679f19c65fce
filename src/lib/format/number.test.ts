import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber2, GROUP_SEPARATOR } from './number.ts';

describe('formatNumber2', () => {
  it.each([
    [1234.5, '1\u00a0234,50'],
    [0, '0,00'],
    [1, '1,00'],
    [0.005, '0,01'],
    [999.999, '1\u00a0000,00'],
    [1234567.891, '1\u00a0234\u00a0567,89'],
    [-1234.5, '\u22121\u00a0234,50'],
    [-0.001, '0,00'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%s -> %j', (input, expected) => {
    expect(formatNumber2(input)).toBe(expected);
  });

  it('groups with U+00A0 NO-BREAK SPACE', () => {
    expect(GROUP_SEPARATOR).toBe('\u00a0');
    expect(formatNumber2(1000)).toBe(`1${GROUP_SEPARATOR}000,00`);
  });

  it('always has exactly two decimals after a comma', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n) => {
        expect(formatNumber2(n)).toMatch(/^\u2212?\d{1,3}(\u00a0\d{3})*,\d{2}$/u);
      }),
    );
  });
});
