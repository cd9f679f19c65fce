import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCategory } from '../../../contract/index.ts';
import {
  displayCategoryName,
  toBestseller,
  toBrand,
  toCategory,
  toColorGroup,
  toGender,
  toProductLine,
  toSubcategory,
} from './taxonomy.ts';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const subcategory = {
  ArticleGroup2ID: 10,
  MainGroupID: 1,
  Name: 'Jakker',
  minPrice: 19900.4,
  maxPrice: 299900,
  articlesCount: 12,
  custom: 1 as const,
  groups: [
    { id: 100, name: 'Vinterjakker', articleGroup2ID: 10, articleGroup3ID: 100 },
    { id: 101, name: 'Broken' },
  ],
};

function category(overrides: Partial<ApiCategory> = {}): ApiCategory {
  return {
    id: 1,
    name: 'Tekstil',
    count: 40,
    banner: null,
    bannerLink: null,
    current_page: 1,
    last_page: 2,
    minPrice: 9900,
    maxPrice: 299900,
    subcategories: [subcategory as unknown as ApiCategory['subcategories'][number]],
    availableProductlines: [{ ProductLineID: 8, Name: 'Pro' }],
    ...overrides,
  };
}

describe('toCategory', () => {
  it.each([
    ['Tekstil', 'Klær'],
    ['Sko', 'Sko'],
    ['Tilbehør', 'Tilbehør'],
    ['tekstil', 'tekstil'],
  ])('shows %j as %j', (name, shown) => {
    expect(displayCategoryName(name)).toBe(shown);
    expect(toCategory(category({ name }))?.name).toBe(shown);
  });

  it('maps subcategories and product lines, dropping broken groups', () => {
    const mapped = toCategory(category());
    expect(mapped?.subcategories[0]).toMatchObject({ custom: true, minPrice: 19900 });
    expect(mapped?.subcategories[0]?.groups.map((g) => g.id)).toEqual([100]);
    expect(mapped?.availableProductlines).toEqual([{ ProductLineID: 8, Name: 'Pro' }]);
    expect(warn).toHaveBeenCalledWith(
      'Missing data',
      expect.stringMatching(/^group /),
      subcategory.groups[1],
    );
  });

  it('skips a category without a name', () => {
    expect(toCategory(category({ name: undefined as unknown as string }))).toBeNull();
  });
});

describe('small mappers', () => {
  it.each([
    [toSubcategory, { Name: 'x' }],
    [toGender, { id: 1 }],
    [toBrand, { name: 'x' }],
    [toProductLine, { ProductLineID: 1 }],
    [toColorGroup, { id: 1 }],
    [toBestseller, { article_id: 1, qty_rank: 1 }],
  ])('%o rejects %j', (mapper, wire) => {
    expect((mapper as (w: unknown) => unknown)(wire)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('maps good rows', () => {
    expect(toGender({ id: 10, name: 'Uni' })).toEqual({ id: 10, name: 'Uni' });
    expect(toBrand({ id: 4, name: 'Fjell', count: 3 })).toEqual({ id: 4, name: 'Fjell', count: 3 });
    expect(toColorGroup({ id: 2, label: '', name: 'Rød', hex: null, colorId: 1 })).toEqual({
      id: 2,
      label: 'Rød',
      name: 'Rød',
      hex: null,
      colorId: 1,
    });
    expect(toBestseller({ article_id: 1, qty_rank: 2, turnover_rank: 3 })).toEqual({
      article_id: 1,
      qty_rank: 2,
      turnover_rank: 3,
    });
  });
});
