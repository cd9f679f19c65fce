import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productPath, slugify, uniqueSlugs } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Fjellsko Ærlig', 'fjellsko-aerlig'],
    ['Blå jakke', 'bla-jakke'],
    ['Sørlandet Ørret', 'sorlandet-orret'],
    ['ÆØÅ æøå', 'aeoa-aeoa'],
    ['Café Crème', 'cafe-creme'],
    ['  Ski   & Staver  ', 'ski-staver'],
    ['Hoodie - Herre', 'hoodie-herre'],
    ['100% ull', '100-ull'],
    ['Tur/Fjell', 'turfjell'],
    ['--Jakke--', 'jakke'],
    ['Über Weiß', 'uber-wei'],
    ['!!!', ''],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('always yields a clean path segment and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        const slug = slugify(name);
        expect(slug).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/u);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('productPath', () => {
  it('uses the slug of the name, or the id when the name has no usable character', () => {
    expect(productPath({ id: 7, name: 'Vinterjakke Barn' })).toBe('/product/vinterjakke-barn');
    expect(productPath({ id: 7, name: '???' })).toBe('/product/7');
  });
});

describe('uniqueSlugs', () => {
  it('appends the id only to colliding names', () => {
    const slugs = uniqueSlugs([
      { id: 1, name: 'Jakke' },
      { id: 2, name: 'Bukse' },
      { id: 3, name: 'jakke' },
    ]);
    expect([...slugs]).toEqual([
      [2, 'bukse'],
      [1, 'jakke-1'],
      [3, 'jakke-3'],
    ]);
  });

  it('keeps a natural slug that equals a suffixed one and suffixes again', () => {
    const slugs = uniqueSlugs([
      { id: 12, name: 'Jakke' },
      { id: 13, name: 'Jakke' },
      { id: 99, name: 'Jakke 12' },
    ]);
    expect(slugs.get(99)).toBe('jakke-12');
    expect(slugs.get(12)).toBe('jakke-12-12');
    expect(slugs.get(13)).toBe('jakke-13');
  });

  it('uses the id for names without a usable character', () => {
    expect(uniqueSlugs([{ id: 5, name: '***' }]).get(5)).toBe('5');
  });

  it('gives every distinct id a distinct slug, deterministically', () => {
    const items = fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 200 }),
        name: fc.constantFrom('Jakke', 'jakke', 'Jakke 1', 'Jakke 2', 'Ull', 'ÜLL', '', '1'),
      }),
      { selector: (item) => item.id, maxLength: 30 },
    );
    fc.assert(
      fc.property(items, (list) => {
        const slugs = uniqueSlugs(list);
        expect(slugs.size).toBe(list.length);
        expect(new Set(slugs.values()).size).toBe(list.length);
        expect(uniqueSlugs(list)).toEqual(slugs);
      }),
    );
  });
});
