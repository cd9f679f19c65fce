import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  flag,
  hasFields,
  list,
  mapList,
  missingData,
  money,
  resetSkipped,
  skippedCounts,
  skippedSummary,
  toPageInfo,
} from './common.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('mapList', () => {
  it('drops what the mapper rejects and keeps order', () => {
    const double = (n: number): number | null => (n < 0 ? null : n * 2);
    expect(mapList([1, -1, 2, -5, 3], double)).toEqual([2, 4, 6]);
  });

  it.each([null, undefined, 'x' as unknown as number[]])('gives [] for %j', (items) => {
    expect(mapList(items, (n: number) => n)).toEqual([]);
  });
});

describe('missingData', () => {
  it('logs "Missing data" with the kind and the object, and gives null', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wire = { id: 'x' };
    expect(missingData('article', wire)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Missing data', 'article x', wire);
  });

  it('names the id where the object has one, and counts skips per kind', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    resetSkipped();
    missingData('article', { id: 7 });
    missingData('article', { _source: { id: 8 } });
    missingData('category', 'x', '$: expected Object');
    expect(console.warn).toHaveBeenCalledWith('Missing data', 'article 8', { _source: { id: 8 } });
    expect(console.warn).toHaveBeenCalledWith(
      'Missing data',
      'category without id ($: expected Object)',
      'x',
    );
    expect(skippedCounts()).toEqual({ article: 2, category: 1 });
    expect(skippedSummary()).toBe("Skipped as 'Missing data': article 2, category 1");
    resetSkipped();
    expect(skippedSummary()).toBe("Skipped as 'Missing data': nothing");
  });
});

describe('helpers', () => {
  it.each([
    [{ id: 1, name: 'a' }, true],
    [{ id: '1', name: 'a' }, false],
    [{ id: Number.NaN, name: 'a' }, false],
    [{ id: 1 }, false],
    [null, false],
    [[1], false],
  ])('hasFields(%j, [id], [name]) is %s', (wire, expected) => {
    expect(hasFields(wire, ['id'], ['name'])).toBe(expected);
  });

  it.each([
    [1, true],
    [0, false],
    [true, true],
    ['1', false],
    [null, false],
  ])('flag(%j) is %s', (value, expected) => {
    expect(flag(value)).toBe(expected);
  });

  it.each([
    [149900.4, 149900],
    [149900.5, 149901],
    [null, 0],
    [Number.NaN, 0],
  ])('money(%j) is %i', (value, expected) => {
    expect(money(value)).toBe(expected);
  });

  it('copies arrays and replaces anything else with []', () => {
    const source = [1, 2];
    const copy = list(source);
    expect(copy).toEqual([1, 2]);
    expect(copy).not.toBe(source);
    expect(list(null)).toEqual([]);
  });

  it('converts paginator metadata, with defaults for gaps', () => {
    expect(
      toPageInfo({ current_page: 2, last_page: 5, per_page: 20, total: 93, from: 21, to: 40 }),
    ).toEqual({ currentPage: 2, lastPage: 5, perPage: 20, total: 93 });
    expect(toPageInfo(undefined)).toEqual({ currentPage: 1, lastPage: 1, perPage: 0, total: 0 });
  });
});
