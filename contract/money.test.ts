import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intlMade } from '../src/test-support/intl.ts';
import {
  formatPrice,
  formatPriceRange,
  kronerToOre,
  oreToKroner,
  schemaOrgPrice,
} from './money.ts';

// Intl's nb-NO data (ICU in Node 24 and current browsers) groups thousands with U+00A0 and
// writes a minus as U+2212; pinned here so an ICU update that changes them is noticed.
const NBSP = '\u00a0';
const MINUS = '\u2212';

describe('oreToKroner / kronerToOre', () => {
  it.each([
    [0, 0],
    [100, 1],
    [149950, 1499.5],
    [9900, 99],
  ])('%i øre is %d kr', (ore, kr) => {
    expect(oreToKroner(ore)).toBe(kr);
    expect(kronerToOre(kr)).toBe(ore);
  });

  it('round-trips every whole øre amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (ore) => {
        expect(kronerToOre(oreToKroner(ore))).toBe(ore);
      }),
    );
  });
});

describe('formatPrice', () => {
  it.each([
    [236600, `2${NBSP}366,00${NBSP}kr`],
    [133267, `1${NBSP}332,67${NBSP}kr`],
    [149950, `1${NBSP}499,50${NBSP}kr`],
    [19900, `199,00${NBSP}kr`],
    [5, `0,05${NBSP}kr`],
    [0, `0,00${NBSP}kr`],
    [-0.4, `0,00${NBSP}kr`],
    [100000000, `1${NBSP}000${NBSP}000,00${NBSP}kr`],
    [-5000, `${MINUS}50,00${NBSP}kr`],
    [12345.6, `123,46${NBSP}kr`],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%s øre -> %j', (ore, expected) => {
    expect(formatPrice(ore)).toBe(expected);
  });

  it('writes every amount with exactly two decimals, nb-NO groups and kr', () => {
    const amount = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.double({ min: -1e12, max: 1e12, noNaN: true }),
      fc.constantFrom(0, -0, 100, -100, 99, 100000),
    );
    fc.assert(
      fc.property(amount, (ore) => {
        const text = formatPrice(ore);
        expect(text).toMatch(/^\u2212?\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0kr$/u);
        const kroner = Number(
          text
            .replace(/\u00a0kr$/u, '')
            .replaceAll(NBSP, '')
            .replace(',', '.')
            .replace(MINUS, '-'),
        );
        expect(Math.abs(kroner - ore / 100)).toBeLessThanOrEqual(0.005 + Math.abs(ore) * 1e-15);
      }),
    );
  });
});

describe('the kroner format', () => {
  it('is made on the first price written, not when the module loads, and once', async () => {
    const made = await intlMade(
      'NumberFormat',
      () => import('./money.ts'),
      (money) => {
        expect(money.formatPrice(149950)).toBe(`1${NBSP}499,50${NBSP}kr`);
        expect(money.formatPriceRange(19900, 149900)).toBe(`199,00–1${NBSP}499,00${NBSP}kr`);
      },
    );
    expect(made).toEqual({ atLoad: 0, inUse: 1 });
  });
});

describe('formatPriceRange', () => {
  it.each([
    [19900, 149900, `199,00\u20131${NBSP}499,00${NBSP}kr`],
    [149900, 19900, `199,00\u20131${NBSP}499,00${NBSP}kr`],
    [19900, 19900, `199,00${NBSP}kr`],
    [19950, 29900, `199,50\u2013299,00${NBSP}kr`],
    [Number.NaN, 100, ''],
  ])('%s..%s -> %j', (min, max, expected) => {
    expect(formatPriceRange(min, max)).toBe(expected);
  });
});

describe('schemaOrgPrice', () => {
  it.each([
    [236600, '2366.00'],
    [133267, '1332.67'],
    [0, '0.00'],
    [149950, '1499.50'],
    [12345.6, '123.46'],
  ])('%s øre -> %j', (ore, expected) => {
    expect(schemaOrgPrice(ore)).toBe(expected);
  });

  it('is a plain decimal with a full stop and two decimals for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (ore) => {
        const text = schemaOrgPrice(ore);
        expect(text).toMatch(/^\d+\.\d{2}$/u);
        expect(Math.round(Number(text) * 100)).toBe(ore);
      }),
    );
  });
});
