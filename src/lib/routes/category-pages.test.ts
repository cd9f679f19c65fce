import { describe, expect, it, vi } from 'vitest';
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
      sub(42, 'Hjelmer', 4, ['Alpinhjelmer', 'Visirhjelmer']),
    ]),
    category(5, 'Ingenting', 0, []),
  ]);
  const byPath = new Map(pages.map((p) => [p.path, p]));

  it('makes pages for categories, subcategories and groups with articles, by slug', () => {
    expect(byPath.has('/klaer')).toBe(true);
    expect(byPath.get('/klaer/jakker/vinterjakker')?.scope).toEqual({
      mainGroupId: 1,
      group2Id: 11,
      group3Ids: [110],
    });
    expect(byPath.has('/klaer/tomt')).toBe(false);
    expect(byPath.has('/ingenting')).toBe(false);
  });

  it('adds the alpine aliases, each showing exactly the groups the spec names', () => {
    expect(byPath.get('/goggles')?.scope).toEqual({
      mainGroupId: 4,
      group2Id: 41,
      group3Ids: [410, 411],
    });
    expect(byPath.get('/goggles')?.children.map((c) => c.href)).toEqual([
      '/alpint/goggles/goggles-til-hjelm',
      '/alpint/goggles/alpinbriller',
    ]);
    // Alpine helmets only: the visor helmets of the same subcategory stay out.
    expect(byPath.get('/hjelmer')?.scope).toEqual({
      mainGroupId: 4,
      group2Id: 42,
      group3Ids: [420],
    });
    expect(byPath.get('/hjelmer')?.title).toBe('Alpinhjelmer');
    expect(byPath.get('/hjelmer')?.trail.at(-1)?.path).toBe('/alpint/hjelmer/alpinhjelmer');
    expect(byPath.has('/staver')).toBe(false);
  });

  it('narrows a subcategory to the named groups when an alias names some of several', () => {
    const [alias] = categoryPages([
      category(4, 'Alpint', 3, [
        sub(41, 'Goggles', 3, ['Alpinbriller', 'Glass', 'Goggles til hjelm']),
      ]),
    ]).filter((p) => p.path === '/goggles');
    expect(alias?.scope.group3Ids).toEqual([410, 412]);
    expect(alias?.count).toBeNull();
    expect(alias?.children.map((c) => c.label)).toEqual(['Alpinbriller', 'Goggles til hjelm']);
  });

  it('makes no alias for a subcategory without the named groups', () => {
    const paths = categoryPages([
      category(4, 'Alpint', 2, [sub(43, 'Staver', 2, ['Teleskopstaver'])]),
    ]).map((p) => p.path);
    expect(paths).not.toContain('/staver');
  });

  it('builds a trail from the category down', () => {
    expect(byPath.get('/klaer/jakker/dunjakker')?.trail.map((t) => t.name)).toEqual([
      'Klær',
      'Jakker',
      'Dunjakker',
    ]);
  });

  it('tells clashing names apart by id with a warning, never an error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const clash = categoryPages([
      category(2, 'sko', 1, []),
      category(1, 'Sko', 2, [sub(13, 'Støvler', 1), sub(12, 'Støvler!', 1), sub(14, '', 1)]),
      category(3, 'Herre', 1, []),
      category(6, 'Vinter/../sport', 1, []),
    ]).map((p) => p.path);
    expect(clash).toEqual([
      '/sko--2',
      '/sko',
      '/sko/stovler--13',
      '/sko/stovler',
      '/sko/14',
      '/herre--3',
      '/vinter-sport',
    ]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('keeps one alias when two subcategories share its name', () => {
    const aliases = categoryPages([
      category(4, 'Alpint', 2, [
        sub(41, 'Goggles', 1, ['Alpinbriller']),
        sub(43, 'Goggles', 1, ['Alpinbriller']),
      ]),
    ]).filter((p) => p.path === '/goggles');
    expect(aliases.map((p) => p.scope.group2Id)).toEqual([41]);
  });
});
