import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nbSortKey } from './nb-sort.ts';

const collator = new Intl.Collator('nb-NO');
const primary = new Intl.Collator('nb-NO', { sensitivity: 'base' });
const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);
const byKey = (x: string, y: string): number => {
  const a = nbSortKey(x);
  const b = nbSortKey(y);
  return a < b ? -1 : a > b ? 1 : 0;
};

// Letters, accents and punctuation that occur in Norwegian product names.
const nameChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCZÆØÅæøåéäöüÄÖ -&./'019");
const productName = fc.string({ unit: nameChar, minLength: 0, maxLength: 8 });

describe('nbSortKey', () => {
  it('puts æ, ø and å after z, in that order', () => {
    const names = ['Åre', 'Ørn', 'Zulu', 'Ærlig', 'anorakk', 'Bukse'];
    expect([...names].sort(byKey)).toEqual(['anorakk', 'Bukse', 'Zulu', 'Ærlig', 'Ørn', 'Åre']);
  });

  it('sorts ä and ö with æ and ø, and aa as å, like the nb-NO collator', () => {
    const names = ['Aasen', 'Zero', 'Ödla', 'Äpple', 'Øst', 'Ålesund', 'Ab'];
    expect([...names].sort(byKey)).toEqual([...names].sort(collator.compare));
  });

  it('agrees with Intl.Collator("nb-NO") whenever two names differ at the primary level', () => {
    fc.assert(
      fc.property(productName, productName, (x, y) => {
        fc.pre(primary.compare(x, y) !== 0);
        expect(byKey(x, y)).toBe(sign(collator.compare(x, y)));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives names equal at the primary level the same key', () => {
    expect(nbSortKey('Hansen')).toBe(nbSortKey('hansen'));
    expect(nbSortKey('Café')).toBe(nbSortKey('cafe'));
  });
});
