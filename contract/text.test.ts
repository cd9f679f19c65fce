import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldNorwegian, formatOrgNo, SLUG_MAX_LENGTH, slugify } from './text.ts';

describe('foldNorwegian', () => {
  it.each([
    ['ÆØÅ æøå', 'aeoa aeoa'],
    ['Ullundertrøye', 'ullundertroye'],
    ['Café Crème', 'cafe creme'],
    ['Über Weiß', 'uber weiss'],
    ['ℌelly Ⅱ', 'helly ii'],
    ['Tur/Fjell 100%', 'tur/fjell 100%'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(foldNorwegian(input)).toBe(expected);
  });

  it('is idempotent and lower-case', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const folded = foldNorwegian(text);
        expect(foldNorwegian(folded)).toBe(folded);
        expect(folded).toBe(folded.toLocaleLowerCase('nb-NO'));
      }),
    );
  });
});

describe('slugify', () => {
  it.each([
    ['Fjellsko Ærlig Ø-Blå 2', 'fjellsko-aerlig-o-bla-2'],
    ['Sørlandet Ørret', 'sorlandet-orret'],
    ['  Ski   & Staver  ', 'ski-staver'],
    ['100% ull', '100-ull'],
    ['Tur/Fjell', 'tur-fjell'],
    ['../../etc/passwd', 'etc-passwd'],
    ['a%2Fb', 'a-2fb'],
    ['Kid’s Jakke', 'kids-jakke'],
    ['Linje\u0000\n\tto', 'linje-to'],
    ['Жакет', ''],
    ['!!!', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('caps the length on a word boundary, cutting only a first word longer than the cap', () => {
    const long = 'ord '.repeat(40);
    expect(slugify(long)).toBe('ord-'.repeat(20).slice(0, 79));
    expect(slugify('a'.repeat(100))).toBe('a'.repeat(SLUG_MAX_LENGTH));
    expect(slugify('Vinterjakke for barn', 15)).toBe('vinterjakke-for');
  });

  it('always gives a safe, bounded path segment, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (name) => {
        const slug = slugify(name);
        expect(slug).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/u);
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('formatOrgNo', () => {
  it('groups nine digits in threes', () => {
    expect(formatOrgNo('918745327')).toBe('918 745 327');
    expect(formatOrgNo(' 918 745327 ')).toBe('918 745 327');
  });

  it('leaves anything else as given', () => {
    expect(formatOrgNo('91874532')).toBe('91874532');
    expect(formatOrgNo('MVA918745327')).toBe('MVA918745327');
  });
});
