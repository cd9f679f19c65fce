import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldName,
  isCategorySuggestion,
  matchCategories,
  toCategorySuggestions,
  type CategorySuggestion,
} from './suggestions.ts';

const cat = (label: string, href: string, context = label): CategorySuggestion => ({
  label,
  context,
  href,
});

describe('foldName', () => {
  it.each([
    ['Blå', 'bla'],
    ['Ærlig Ørret', 'aerlig orret'],
    ['Café  Crème', 'cafe creme'],
    ['T-skjorter & topper', 't skjorter topper'],
    ['  JAKKER ', 'jakker'],
  ])('%s -> %s', (input, folded) => {
    expect(foldName(input)).toBe(folded);
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => foldName(foldName(s)) === foldName(s)));
  });
});

describe('matchCategories', () => {
  const list = [
    cat('Vinterjakker', '/klaer/jakker/vinterjakker'),
    cat('Sko', '/sko'),
    cat('Jakker', '/klaer/jakker'),
    cat('Lette jakker', '/klaer/jakker/lette-jakker'),
    cat('Blåbærsaft', '/mat/saft'),
  ];

  it('finds compound names and ranks prefix, then word, then inner matches', () => {
    expect(matchCategories('jakke', list).map((c) => c.label)).toEqual([
      'Jakker',
      'Lette jakker',
      'Vinterjakker',
    ]);
  });

  it('ignores case and Norwegian letters', () => {
    expect(matchCategories('BLABAER', list).map((c) => c.href)).toEqual(['/mat/saft']);
    expect(matchCategories('blåbær', list).map((c) => c.href)).toEqual(['/mat/saft']);
  });

  it('keeps to the limit and lists a path once', () => {
    expect(matchCategories('jakke', list, 2)).toHaveLength(2);
    expect(matchCategories('sko', [cat('Sko', '/sko'), cat('Sko', '/sko')])).toHaveLength(1);
  });

  it('matches nothing for a query with no letters or digits', () => {
    expect(matchCategories(' - ', list)).toEqual([]);
    expect(matchCategories('', list)).toEqual([]);
  });

  it('only ever answers entries whose folded label contains the folded query', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (q) =>
        matchCategories(q, list, 10).every((c) => foldName(c.label).includes(foldName(q))),
      ),
    );
  });
});

describe('isCategorySuggestion', () => {
  it('accepts the file shape and refuses others', () => {
    expect(isCategorySuggestion(cat('Sko', '/sko'))).toBe(true);
    expect(isCategorySuggestion({ label: 'Sko', context: 'Sko', href: 'javascript:x' })).toBe(
      false,
    );
    expect(isCategorySuggestion(null)).toBe(false);
    expect(isCategorySuggestion({ label: 'Sko' })).toBe(false);
  });
});

describe('toCategorySuggestions', () => {
  it('names each listing with its trail and leaves out aliases', () => {
    const trail = [
      { name: 'Vintersport', path: '/vintersport' },
      { name: 'Hjelmer', path: '/vintersport/hjelmer' },
    ];
    expect(
      toCategorySuggestions([
        { path: '/vintersport', title: 'Vintersport', trail: trail.slice(0, 1) },
        { path: '/vintersport/hjelmer', title: 'Hjelmer', trail },
        { path: '/hjelmer', title: 'Hjelmer', trail },
      ]),
    ).toEqual([
      { label: 'Vintersport', context: 'Vintersport', href: '/vintersport' },
      { label: 'Hjelmer', context: 'Vintersport › Hjelmer', href: '/vintersport/hjelmer' },
    ]);
  });
});
