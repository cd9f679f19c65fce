import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundlePath, MAX_BUNDLE_IDS, parseBundleIds } from './bundle-ids.ts';

describe('parseBundleIds', () => {
  it.each([
    ['/utvalg/12+7+30', [12, 7, 30]],
    ['/utvalg/12+7+30/', [12, 7, 30]],
    ['/utvalg/5', [5]],
    ['/utvalg/5%2B6', [5, 6]],
    ['/utvalg/4+4+2', [4, 2]],
    ['9+8', [9, 8]],
  ])('%s -> %j', (path, ids) => {
    expect(parseBundleIds(path)).toEqual(ids);
  });

  it.each([
    '/utvalg/',
    '/utvalg',
    '/utvalg/0',
    '/utvalg/-3',
    '/utvalg/1+abc',
    '/utvalg/1++2',
    '/utvalg/1.5',
    '/utvalg/01',
    '/utvalg/1,2',
    '/utvalg/%E0%A4%A',
    '/utvalg/9999999999999999',
  ])('refuses %s', (path) => {
    expect(parseBundleIds(path)).toBeNull();
  });

  it(`accepts ${MAX_BUNDLE_IDS} ids and refuses one more`, () => {
    const ids = Array.from({ length: MAX_BUNDLE_IDS + 1 }, (_, i) => i + 1);
    expect(parseBundleIds(`/utvalg/${ids.slice(0, -1).join('+')}`)).toHaveLength(MAX_BUNDLE_IDS);
    expect(parseBundleIds(`/utvalg/${ids.join('+')}`)).toBeNull();
  });

  it('reads back what bundlePath writes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 }), {
          minLength: 1,
          maxLength: MAX_BUNDLE_IDS,
        }),
        (ids) => {
          expect(parseBundleIds(bundlePath(ids))).toEqual(ids);
        },
      ),
    );
  });
});

describe('bundlePath', () => {
  it('joins with + and keeps to the limit', () => {
    expect(bundlePath([3, 1, 2])).toBe('/utvalg/3+1+2');
    const many = Array.from({ length: 150 }, (_, i) => i + 1);
    expect(parseBundleIds(bundlePath(many))).toHaveLength(MAX_BUNDLE_IDS);
  });
});
