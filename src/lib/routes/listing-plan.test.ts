import { describe, expect, it } from 'vitest';
import type { Category, Subcategory } from '../types.ts';
import {
  genderScopedPath,
  genderScopedTitle,
  kronerRange,
  planDepth,
  planListings,
} from './listing-plan.ts';

const sub = (id: number, name: string, count: number, groups: string[]): Subcategory => ({
  ArticleGroup2ID: id,
  MainGroupID: 0,
  Name: name,
  minPrice: 19900,
  maxPrice: 99950,
  articlesCount: count,
  custom: false,
  groups: groups.map((g, i) => ({
    id: id * 10 + i,
    name: g,
    articleGroup2ID: id,
    articleGroup3ID: id * 10 + i,
  })),
});
const category = (id: number, name: string, subcategories: Subcategory[]): Category => ({
  id,
  name,
  count: subcategories.reduce((n, s) => n + s.articlesCount, 0),
  banner: null,
  bannerLink: null,
  current_page: 1,
  last_page: 1,
  minPrice: 11940,
  maxPrice: 599900,
  subcategories,
  availableProductlines: [{ ProductLineID: 2, Name: 'Pro' }],
});

const categories = [
  category(1, 'Klær', [
    sub(11, 'Jakker', 20, ['Vinterjakker', 'Dunjakker']),
    sub(12, 'Tomt', 0, ['X']),
  ]),
  category(4, 'Alpint', [
    sub(41, 'Goggles', 5, ['Alpinbriller']),
    sub(42, 'Staver', 4, ['Alpinstaver', 'Teleskopstaver']),
  ]),
];
const genders = [
  { slug: 'herre', label: 'Herre', genderIds: [1] },
  { slug: 'barn-junior', label: 'Barn og junior', genderIds: [4, 11] },
];
const plans = planListings(categories, genders);
const byPath = new Map(plans.map((p) => [p.path, p]));

describe('planListings', () => {
  it('plans every category level, by itself and per gender, with the gender page on top', () => {
    for (const path of [
      '/klaer',
      '/klaer/jakker',
      '/klaer/jakker/vinterjakker',
      '/herre',
      '/herre/klaer',
      '/herre/klaer/jakker/dunjakker',
      '/barn-junior/alpint/goggles',
    ]) {
      expect(byPath.has(path), path).toBe(true);
    }
    expect(byPath.has('/klaer/tomt')).toBe(false);
  });

  it('scopes listings by article groups 3 and gender ids', () => {
    expect(byPath.get('/klaer/jakker')?.scope).toEqual({ group3: [110, 111] });
    expect(byPath.get('/klaer')?.scope).toEqual({ group3: [110, 111, 120] });
    expect(byPath.get('/barn-junior/klaer/jakker/vinterjakker')?.scope).toEqual({
      group3: [110],
      genders: [4, 11],
    });
    expect(byPath.get('/herre')?.scope).toEqual({
      genders: [1],
      group3: [110, 111, 120, 410, 420, 421],
    });
  });

  it('fetches main groups from their endpoint, the rest by search, aliases from their target', () => {
    expect(byPath.get('/klaer')?.source).toEqual({ kind: 'category', id: 1 });
    expect(byPath.get('/klaer/jakker')?.source).toEqual({ kind: 'search' });
    expect(byPath.get('/herre/klaer')?.source).toEqual({ kind: 'search' });
    expect(byPath.get('/goggles')?.source).toEqual({ kind: 'alias', of: '/alpint/goggles' });
    expect(byPath.has('/herre/goggles')).toBe(false);
  });

  it('scopes an alias to its named groups and takes page one from the group it names', () => {
    const staver = byPath.get('/staver');
    expect(staver?.scope).toEqual({ group3: [420] });
    expect(staver?.source).toEqual({ kind: 'alias', of: '/alpint/staver/alpinstaver' });
    expect(staver?.parent).toBe('/alpint/staver/alpinstaver');
    expect(byPath.has('/herre/staver')).toBe(false);
  });

  it('links parents and children so the loader can go level by level', () => {
    expect(byPath.get('/herre/klaer/jakker')?.parent).toBe('/herre/klaer');
    expect(byPath.get('/herre/klaer')?.parent).toBe('/herre');
    expect(byPath.get('/herre')?.children.map((c) => c.path)).toEqual([
      '/herre/klaer',
      '/herre/alpint',
    ]);
    const depth = (path: string) => {
      const plan = byPath.get(path);
      return plan ? planDepth(plan, byPath) : -1;
    };
    expect(depth('/klaer')).toBe(0);
    expect(depth('/klaer/jakker/dunjakker')).toBe(2);
    expect(depth('/herre/klaer/jakker/dunjakker')).toBe(3);
    expect(depth('/goggles')).toBe(2);
  });

  it('names and trails gender listings', () => {
    const plan = byPath.get('/barn-junior/klaer/jakker');
    expect(plan?.title).toBe('Jakker for barn og junior');
    expect(plan?.trail.map((t) => t.path)).toEqual([
      '/barn-junior',
      '/barn-junior/klaer',
      '/barn-junior/klaer/jakker',
    ]);
  });

  it('gives the slider whole kroner around the API prices', () => {
    expect(byPath.get('/klaer/jakker')?.priceRange).toEqual({ min: 199, max: 1000 });
    expect(byPath.get('/klaer')?.priceRange).toEqual({ min: 119, max: 5999 });
  });
});

describe('helpers', () => {
  it('scopes paths and titles to a gender', () => {
    expect(genderScopedPath('herre', '/klaer/jakker')).toBe('/herre/klaer/jakker');
    expect(genderScopedPath('herre', '')).toBe('/herre');
    expect(genderScopedTitle('Jakker', 'Dame')).toBe('Jakker for dame');
  });

  it('rounds a range outwards to whole kroner', () => {
    expect(kronerRange(11940, 599950)).toEqual({ min: 119, max: 6000 });
    expect(kronerRange(500, 100)).toEqual({ min: 1, max: 5 });
  });
});
