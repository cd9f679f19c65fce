import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  nameSlugs,
  productHref,
  productPath,
  productPathExceptions,
  slugify,
  uniqueSlugs,
  withProductPaths,
  type Nameable,
} from './slug.ts';

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('productPath', () => {
  it('uses the slug of the name', () => {
    expect(productPath({ id: 7, name: 'Vinterjakke Barn' })).toBe('/product/vinterjakke-barn');
  });

  it('never gives a path of digits other than the article’s own id', () => {
    expect(productPath({ id: 5, name: '12' })).toBe('/product/12--5');
    expect(productPath({ id: 12, name: '5' })).toBe('/product/5--12');
    expect(productPath({ id: 7, name: '???' })).toBe('/product/7');
    expect(productPath({ id: 7, name: '' })).toBe('/product/7');
  });

  it('equals the built path of any article that no lower id shares a slug with', () => {
    const item = fc.record({ id: fc.integer({ min: 1, max: 1e6 }), name: fc.string() });
    fc.assert(
      fc.property(item, (article) => {
        expect(productPath(article)).toBe(
          `/product/${uniqueSlugs([article], 'article').get(article.id)}`,
        );
      }),
    );
  });
});

describe('uniqueSlugs', () => {
  it('lets the lowest id keep the slug and suffixes the others with their ids, warning', () => {
    const slugs = uniqueSlugs(
      [
        { id: 3, name: 'jakke' },
        { id: 2, name: 'Bukse' },
        { id: 1, name: 'Jakke!' },
      ],
      'article',
    );
    expect(slugs).toEqual(
      new Map([
        [1, 'jakke'],
        [2, 'bukse'],
        [3, 'jakke--3'],
      ]),
    );
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/article.*"jakke".*jakke--3/u);
  });

  it('never lets a suffixed slug meet a name that looks like one', () => {
    const slugs = uniqueSlugs(
      [
        { id: 12, name: 'Jakke' },
        { id: 13, name: 'Jakke' },
        { id: 99, name: 'Jakke 13' },
      ],
      'article',
    );
    expect([...slugs.values()]).toEqual(['jakke', 'jakke--13', 'jakke-13']);
  });

  it('uses the id for a name without a letter or digit, and suffixes all-digit names', () => {
    const slugs = uniqueSlugs(
      [
        { id: 5, name: '***' },
        { id: 6, name: '5' },
      ],
      'group',
    );
    expect(slugs.get(5)).toBe('5');
    expect(slugs.get(6)).toBe('5--6');
  });

  it('never gives a reserved segment bare', () => {
    const slugs = uniqueSlugs([{ id: 4, name: 'Herre' }], 'category', new Set(['herre']));
    expect(slugs.get(4)).toBe('herre--4');
  });

  // Few names, so that clashes are common; ids are positive as the API's are.
  const name = fc.oneof(
    fc.constantFrom('Jakke', 'jakke!', 'Jakke 12', 'Ull', 'ÜLL', '', '12', '../%2F', 'Jakke--3'),
    fc.string({ maxLength: 6 }),
  );
  const items = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 300 }), name }), {
    selector: (item) => item.id,
    maxLength: 30,
  });

  it('gives every item a distinct, safe segment that does not depend on the order', () => {
    fc.assert(
      fc.property(items, (list) => {
        const slugs = uniqueSlugs(list, 'article');
        expect(slugs.size).toBe(list.length);
        expect(new Set(slugs.values()).size).toBe(list.length);
        for (const item of list) {
          const slug = slugs.get(item.id) ?? '';
          expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:--\d+)?$/u);
          expect(slug.length).toBeLessThanOrEqual(80 + 2 + String(item.id).length);
          // A segment of digits only is the item's own id.
          if (/^\d+$/u.test(slug)) expect(slug).toBe(String(item.id));
        }
        expect(uniqueSlugs([...list].reverse(), 'article')).toEqual(slugs);
      }),
    );
  });

  it('keeps every existing segment when an item is added, but the bare holder of its slug when the new id is lower', () => {
    const added = fc.record({ id: fc.integer({ min: 301, max: 600 }), name });
    const lowerAdded = fc.record({ id: fc.integer({ min: 0, max: 0 }), name });
    fc.assert(
      fc.property(items, fc.oneof(added, lowerAdded), (list, raw) => {
        // Ids 301+ are new; id 0 stands for "lower than every id": shift the list up.
        const before = raw.id === 0 ? list.map((i) => ({ ...i, id: i.id + 1 })) : list;
        const item: Nameable = raw.id === 0 ? { ...raw, id: 1 } : raw;
        const old = uniqueSlugs(before, 'article');
        const now = uniqueSlugs([...before, item], 'article');
        const base = slugify(item.name);
        for (const existing of before) {
          const was = old.get(existing.id);
          const changed = now.get(existing.id) !== was;
          const displaced =
            base !== '' && was === base && item.id < existing.id && slugify(existing.name) === base;
          expect(changed).toBe(displaced);
          if (displaced) expect(now.get(existing.id)).toBe(`${base}--${existing.id}`);
        }
      }),
    );
  });
});

describe('nameSlugs', () => {
  it('makes any CMS name a path segment, telling clashes apart stably', () => {
    const names = ['jul', 'Jul!', 'salg/2025', '..', '%2F'];
    const slugs = nameSlugs(names, 'preview');
    expect(slugs.get('salg/2025')).toBe('salg-2025');
    expect(new Set(slugs.values()).size).toBe(names.length);
    for (const slug of slugs.values()) expect(slug).toMatch(/^[a-z0-9-]+$/u);
    // A new preview never renames one whose slug it does not share.
    const more = nameSlugs([...names, 'vinter'], 'preview');
    for (const n of names) expect(more.get(n)).toBe(slugs.get(n));
  });
});

describe('product path exceptions', () => {
  const articles = [
    { id: 1, name: 'Jakke' },
    { id: 2, name: 'jakke' },
    { id: 3, name: '42' },
    { id: 4, name: 'Bukse' },
  ];
  const exceptions = productPathExceptions(articles, uniqueSlugs(articles, 'article'));

  it('holds only the articles whose name does not give their built path', () => {
    expect([...exceptions]).toEqual([[2, 'jakke--2']]);
  });

  it('links every article to its own built page', () => {
    const hrefs = articles.map((a) => productHref(a, exceptions));
    expect(hrefs).toEqual([
      '/product/jakke',
      '/product/jakke--2',
      '/product/42--3',
      '/product/bukse',
    ]);
    expect(withProductPaths(articles, exceptions)).toEqual([
      articles[0],
      { ...articles[1], path: '/product/jakke--2' },
      articles[2],
      articles[3],
    ]);
  });

  it('gives every article of any catalogue a distinct href equal to its built page', () => {
    const catalogue = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 1e6 }), name: fc.string({ maxLength: 12 }) }),
      { selector: (a) => a.id, maxLength: 30 },
    );
    fc.assert(
      fc.property(catalogue, (items) => {
        const built = uniqueSlugs(items, 'article');
        const found = productPathExceptions(items, built);
        for (const item of items) {
          expect(productHref(item, found)).toBe(`/product/${built.get(item.id)}`);
        }
      }),
    );
  });
});
