import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dragMax,
  dragMin,
  handleGap,
  roundToStep,
  typeMax,
  typeMin,
  type PriceRange,
} from './price-slider.ts';
import { restorePrice } from './price-range.ts';

const RANGE = { min: 199, max: 1999 }; // width 1800, gap 270

describe('roundToStep', () => {
  it.each([
    [204, 200],
    [205, 210],
    [199, 199],
    [150, 199],
    [1995, 1999],
    [1990, 1990],
    [5000, 1999],
  ])('%d -> %d', (value, expected) => {
    expect(roundToStep(value, RANGE)).toBe(expected);
  });
});

describe('typeMin', () => {
  const values = { min: 300, max: 1000 };
  it.each([
    [500, 500],
    [504, 500],
    [199, 199],
    [1000, 1000],
    [198, 199], // below the range
    [1001, 199], // above the current max
    [Number.NaN, 199],
  ])('typed %d -> min %d', (typed, min) => {
    expect(typeMin(typed, values, RANGE)).toEqual({ min, max: 1000 });
  });
});

describe('typeMax', () => {
  const values = { min: 300, max: 1000 };
  it.each([
    [800, 800],
    [806, 810],
    [300, 300],
    [1999, 1999],
    [299, 1999], // below the current min
    [2000, 1999], // above the range
    [Number.NaN, 1999],
  ])('typed %d -> max %d', (typed, max) => {
    expect(typeMax(typed, values, RANGE)).toEqual({ min: 300, max });
  });
});

describe('dragging', () => {
  it('stops the min handle 15 % of the width before the max handle', () => {
    expect(handleGap(RANGE)).toBe(270);
    const values = { min: 199, max: 1000 };
    expect(dragMin(500, values, RANGE)).toEqual({ min: 500, max: 1000 });
    expect(dragMin(730, values, RANGE)).toEqual({ min: 730, max: 1000 });
    expect(dragMin(900, values, RANGE)).toEqual({ min: 730, max: 1000 });
    expect(dragMin(100, values, RANGE)).toEqual({ min: 199, max: 1000 });
  });

  it('stops the max handle 15 % of the width after the min handle', () => {
    const values = { min: 500, max: 1999 };
    expect(dragMax(1500, values, RANGE)).toEqual({ min: 500, max: 1500 });
    expect(dragMax(600, values, RANGE)).toEqual({ min: 500, max: 770 });
    expect(dragMax(3000, values, RANGE)).toEqual({ min: 500, max: 1999 });
  });
});

describe('restorePrice', () => {
  it.each([
    [
      { min: 300, max: 900 },
      { min: 300, max: 900 },
    ],
    [
      { min: 100, max: 900 },
      { min: 199, max: 900 },
    ],
    [
      { min: 300, max: 5000 },
      { min: 300, max: 1999 },
    ],
    [
      { min: 5000, max: 100 },
      { min: 199, max: 1999 },
    ],
    [
      { min: 900, max: 300 },
      { min: 199, max: 1999 },
    ],
    [{}, { min: 199, max: 1999 }],
    [null, { min: 199, max: 1999 }],
    [
      { min: Number.NaN, max: 400 },
      { min: 199, max: 400 },
    ],
  ])('%j -> %j', (stored, expected) => {
    expect(restorePrice(stored, RANGE)).toEqual(expected);
  });
});

describe('invariants', () => {
  const scenario = fc
    .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }))
    .map(([a, b]): PriceRange => ({ min: Math.min(a, b), max: Math.max(a, b) }))
    .chain((range) =>
      fc.record({
        range: fc.constant(range),
        start: fc.constant(restorePrice(null, range)),
        moves: fc.array(
          fc.tuple(
            fc.constantFrom('typeMin', 'typeMax', 'dragMin', 'dragMax'),
            fc.double({ min: -1000, max: 12_000, noNaN: true }),
          ),
          { maxLength: 30 },
        ),
      }),
    );
  const ops = { typeMin, typeMax, dragMin, dragMax };

  it('keeps values inside the range with min ≤ max, and drags keep the gap', () => {
    fc.assert(
      fc.property(scenario, ({ range, start, moves }) => {
        let values = start;
        for (const [op, to] of moves) {
          const before = values;
          values = ops[op](to, values, range);
          expect(values.min).toBeGreaterThanOrEqual(range.min);
          expect(values.max).toBeLessThanOrEqual(range.max);
          expect(values.min).toBeLessThanOrEqual(values.max);
          const gapBefore = before.max - before.min >= handleGap(range);
          if (op.startsWith('drag') && gapBefore) {
            expect(values.max - values.min).toBeGreaterThanOrEqual(handleGap(range) - 1e-9);
          }
        }
      }),
    );
  });

  it('restores any stored pair into the range', () => {
    fc.assert(
      fc.property(
        fc.record({ min: fc.double(), max: fc.double() }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 5000 }),
        (stored, lo, width) => {
          const range = { min: lo, max: lo + width };
          const values = restorePrice(stored, range);
          expect(values.min).toBeGreaterThanOrEqual(range.min);
          expect(values.max).toBeLessThanOrEqual(range.max);
          expect(values.min).toBeLessThanOrEqual(values.max);
        },
      ),
    );
  });
});
