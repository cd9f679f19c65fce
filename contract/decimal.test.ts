import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, type DecimalFormat } from './decimal.ts';

/** Intl's nb-NO format with the same settings, which formatDecimal must match exactly. */
function intl(value: number, format: DecimalFormat): string {
  const percent = format.shift === 2;
  return new Intl.NumberFormat('nb-NO', {
    ...(percent ? { style: 'percent' } : {}),
    minimumFractionDigits: format.minFraction,
    maximumFractionDigits: format.maxFraction,
    signDisplay: format.minusOnZero ? 'auto' : 'negative',
  })
    .format(value)
    .replace(/\u00a0%$/u, '');
}

const formats: DecimalFormat[] = [
  { minFraction: 2, maxFraction: 2, minusOnZero: false },
  { minFraction: 0, maxFraction: 3, minusOnZero: true },
  { shift: 2, minFraction: 0, maxFraction: 0, minusOnZero: true },
  { shift: 2, minFraction: 0, maxFraction: 1, minusOnZero: true },
];

const numbers = fc.oneof(
  fc.integer({ min: -1e12, max: 1e12 }),
  fc.double({ min: -1e15, max: 1e15, noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: -1, max: 1, noNaN: true }),
  // Any finite double, written as String writes it in exponent form (1e+21, 5e-324).
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  // Halves at every decimal place, where rounding is decided.
  fc
    .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }))
    .map(([n, places]) => (n + 0.5) / 10 ** places),
);

describe('formatDecimal', () => {
  it.each([
    [1499.5, formats[0], '1\u00a0499,50'],
    [0.005, formats[0], '0,01'],
    [-0.004, formats[0], '0,00'],
    [-0.005, formats[0], '\u22120,01'],
    [1234.5678, formats[1], '1\u00a0234,568'],
    [-0, formats[1], '\u22120'],
    [1e21, formats[1], `1${'\u00a0000'.repeat(7)}`],
    [0.145, formats[2], '15'],
    [-0.3, formats[2], '\u221230'],
    [999.9996, formats[1], '1\u00a0000'],
  ])('%d -> %j', (value, format, expected) => {
    expect(formatDecimal(value, format as DecimalFormat)).toBe(expected);
  });

  it.each(formats.map((format) => [JSON.stringify(format), format] as const))(
    'writes what Intl writes, %s',
    (_, format) => {
      fc.assert(
        fc.property(numbers, (value) => {
          expect(formatDecimal(value, format)).toBe(intl(value, format));
        }),
        { numRuns: 2000 },
      );
    },
  );
});
