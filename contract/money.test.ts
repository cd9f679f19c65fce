import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, formatPriceRange, kronerToOre, oreToKroner } from './money.ts';

const NBSP = '\u00a0';

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
    [149900, `1${NBSP}499${NBSP}kr`],
    [149950, `1${NBSP}499,50${NBSP}kr`],
    [19900, `199${NBSP}kr`],
    [9900, `99${NBSP}kr`],
    [5, `0,05${NBSP}kr`],
    [0, `0${NBSP}kr`],
    [100000000, `1${NBSP}000${NBSP}000${NBSP}kr`],
    [-5000, `\u221250${NBSP}kr`],
    [Number.NaN, ''],
  ])('%s øre -> %j', (ore, expected) => {
    expect(formatPrice(ore)).toBe(expected);
  });
});

describe('formatPriceRange', () => {
  it.each([
    [19900, 149900, `199\u20131${NBSP}499${NBSP}kr`],
    [149900, 19900, `199\u20131${NBSP}499${NBSP}kr`],
    [19900, 19900, `199${NBSP}kr`],
    [19950, 29900, `199,50\u2013299${NBSP}kr`],
    [Number.NaN, 100, ''],
  ])('%s..%s -> %j', (min, max, expected) => {
    expect(formatPriceRange(min, max)).toBe(expected);
  });
});
