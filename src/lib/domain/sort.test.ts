import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intlMade } from '../../test-support/intl.ts';
import { compareValues, sortBy } from './sort.ts';

describe('compareValues', () => {
  it.each([
    [
      [10, 2, 33, -1],
      [-1, 2, 10, 33],
    ],
    [
      ['Øl', 'Ål', 'Zebra', 'Æble', 'abc', 'Bær'],
      ['abc', 'Bær', 'Zebra', 'Æble', 'Øl', 'Ål'],
    ],
    [
      [false, true, false],
      [true, false, false],
    ],
    [
      [null, 'b', 3, true, undefined, 'a', 1],
      [1, 3, 'a', 'b', true, null, undefined],
    ],
  ])('orders %j as %j', (input, expected) => {
    expect(input.toSorted(compareValues)).toEqual(expected);
  });

  it('is antisymmetric on numbers and strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.string()),
        fc.oneof(fc.integer(), fc.string()),
        (a, b) => {
          expect(Math.sign(compareValues(a, b))).toBe(-Math.sign(compareValues(b, a)) || 0);
        },
      ),
    );
  });
});

describe('sortBy', () => {
  const items = [
    { id: 1, name: 'Øks', price: 300, featured: false, rank: null as number | null },
    { id: 2, name: 'Anorakk', price: 100, featured: true, rank: 2 },
    { id: 3, name: 'Bukse', price: 300, featured: false, rank: 1 },
    { id: 4, name: 'Ål', price: 100, featured: true, rank: null },
  ];
  const ids = (list: ReadonlyArray<{ id: number }>): number[] => list.map((x) => x.id);

  it.each([
    ['price', false, [2, 4, 1, 3]],
    ['price', true, [1, 3, 2, 4]],
    ['name', false, [2, 3, 1, 4]],
    ['name', true, [4, 1, 3, 2]],
    ['featured', false, [2, 4, 1, 3]],
    ['rank', false, [3, 2, 1, 4]],
    ['rank', true, [2, 3, 1, 4]],
  ] as const)('by %s (reverse %s)', (key, reverse, expected) => {
    expect(ids(sortBy(items, key, reverse))).toEqual(expected);
  });

  it('does not modify its input', () => {
    const copy = structuredClone(items);
    sortBy(items, 'name');
    expect(items).toEqual(copy);
  });

  it('is stable in both directions', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 })), fc.boolean(), (keys, reverse) => {
        const list = keys.map((k, i) => ({ k, i }));
        const sorted = sortBy(list, 'k', reverse);
        for (let n = 1; n < sorted.length; n++) {
          const prev = sorted[n - 1];
          const cur = sorted[n];
          if (prev && cur && prev.k === cur.k) expect(prev.i).toBeLessThan(cur.i);
        }
      }),
    );
  });
});

describe('the nb collation', () => {
  it('is made on the first strings compared, not when the module loads', async () => {
    const made = await intlMade(
      'Collator',
      () => import('./sort.ts'),
      (sort) => {
        expect(sort.compareValues('å', 'z')).toBeGreaterThan(0);
        expect(sort.compareValues('ø', 'æ')).toBeGreaterThan(0);
      },
    );
    expect(made).toEqual({ atLoad: 0, inUse: 1 });
  });
});
