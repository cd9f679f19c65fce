import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFilterString, type SearchFilter } from './filter-string.ts';

describe('buildFilterString', () => {
  it.each<[SearchFilter, string]>([
    [{}, ''],
    [{ genders: [] }, ''],
    [{ genders: [2, 1] }, 'GenderID IN [1, 2]'],
    [{ colorGroups: [3] }, 'colorGroups.ColorGroupID IN [3]'],
    [{ brands: [7, 7, 5] }, 'BrandID IN [5, 7]'],
    [{ productLines: [12] }, 'ProductLineID IN [12]'],
    [{ shops: [55] }, 'available.ShopID IN [55]'],
    [{ price: { min: 100, max: 500 } }, 'GrossPrice 10000 TO 50000'],
    [{ price: { min: 500, max: 100 } }, 'GrossPrice 10000 TO 50000'],
    [{ price: { min: 0, max: 0 } }, 'GrossPrice 0 TO 0'],
    [{ price: { min: 99.5, max: 500 } }, ''],
    [{ price: null }, ''],
    [{ group3: [301, 300] }, 'ArticleGroup3ID IN [300, 301]'],
    [{ excludeArticleIds: [9, 4] }, 'ArticleID NOT IN [4, 9]'],
    [
      {
        excludeArticleIds: [1],
        group3: [3],
        price: { min: 200, max: 1500 },
        shops: [55, 1],
        productLines: [8],
        brands: [4],
        colorGroups: [6, 2],
        genders: [10],
      },
      'GenderID IN [10] AND colorGroups.ColorGroupID IN [2, 6] AND BrandID IN [4] AND ' +
        'ProductLineID IN [8] AND available.ShopID IN [1, 55] AND GrossPrice 20000 TO 150000 ' +
        'AND ArticleGroup3ID IN [3] AND ArticleID NOT IN [1]',
    ],
    [{ genders: [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2], brands: [0.1] }, 'GenderID IN [2]'],
    [{ genders: [-1] }, 'GenderID IN [-1]'],
  ])('%j -> %j', (filter, expected) => {
    expect(buildFilterString(filter)).toBe(expected);
  });

  it('is always well-formed for any numbers', () => {
    const ids = fc.array(fc.oneof(fc.integer(), fc.double()), { maxLength: 6 });
    const part = String.raw`(?:[\w.]+ (?:NOT )?IN \[-?\d+(?:, -?\d+)*\]|GrossPrice -?\d+ TO -?\d+)`;
    const grammar = new RegExp(`^(?:${part}(?: AND ${part})*)?$`, 'u');
    fc.assert(
      fc.property(
        fc.record({
          genders: ids,
          colorGroups: ids,
          brands: ids,
          shops: ids,
          excludeArticleIds: ids,
          price: fc.record({ min: fc.double(), max: fc.double() }),
        }),
        (filter) => {
          expect(buildFilterString(filter)).toMatch(grammar);
        },
      ),
    );
  });
});
