import { describe, expect, it } from 'vitest';
import type { Category, Subcategory } from '../types.ts';
import { categoryPages } from './category-pages.ts';

const sub = (id: number, name: string, count: number, groups: string[] = []): Subcategory => ({
  ArticleGroup2ID: id,
  MainGroupID: 0,
  Name: name,
  minPrice: 0,
  maxPrice: 0,
  articlesCount: count,
  custom: false,
  groups: groups.map((g, i) => ({
    id: id * 10 + i,
    name: g,
    articleGroup2ID: id,
    articleGroup3ID: id * 10 + i,
  })),
});
const category = (
  id: number,
  name: string,
  count: number,
  subcategories: Subcategory[],
): Category => ({
  id,
  name,
  count,
  banner: null,
  bannerLink: null,
  current_page: 1,
  last_page: 1,
  minPrice: 0,
  maxPrice: 0,
  subcategories,
  availableProductlines: [],
});

describe('categoryPages', () => {
  const pages = categoryPages([
    category(1, 'Klær', 30, [
      sub(11, 'Jakker', 20, ['Vinterjakker', 'Dunjakker']),
      sub(12, 'Tomt', 0),
    ]),
    category(4, 'Alpint', 9, [
      sub(41, 'Goggles', 5, ['Goggles til hjelm', 'Alpinbriller']),
      sub(42, 'Hjelmer', 4),
    ]),
    category(5, 'Ingenting', 0, []),
  ]);
  const byPath = new Map(pages.map((p) => [p.path, p]));

  it('makes pages for categories, subcategories and groups with articles, by slug', () => {
    expect(byPath.has('/klaer')).toBe(true);
    expect(byPath.get('/klaer/jakker/vinterjakker')?.scope).toEqual({
      mainGroupId: 1,
      group2Id: 11,
      group3Id: 110,
    });
    expect(byPath.has('/klaer/tomt')).toBe(false);
    expect(byPath.has('/ingenting')).toBe(false);
  });

  it('adds the alpine aliases for the subcategories that exist', () => {
    expect(byPath.get('/goggles')?.scope).toEqual({ mainGroupId: 4, group2Id: 41 });
    expect(byPath.get('/goggles')?.children.map((c) => c.href)).toEqual([
      '/alpint/goggles/goggles-til-hjelm',
      '/alpint/goggles/alpinbriller',
    ]);
    expect(byPath.get('/hjelmer')?.title).toBe('Hjelmer');
    expect(byPath.has('/staver')).toBe(false);
  });

  it('builds a trail from the category down', () => {
    expect(byPath.get('/klaer/jakker/dunjakker')?.trail.map((t) => t.name)).toEqual([
      'Klær',
      'Jakker',
      'Dunjakker',
    ]);
  });

  it('refuses two pages on one path', () => {
    expect(() => categoryPages([category(1, 'Sko', 1, []), category(2, 'sko', 1, [])])).toThrow(
      /Two category pages want \/sko/,
    );
  });
});
