import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, foldedWords } from './normalize.ts';

describe('foldText', () => {
  it.each([
    ['Ullundertrøye', 'ullundertroye'],
    ['TILBEHØR', 'tilbehor'],
    ['Blåbær-syltetøy', 'blabaer syltetoy'],
    ['Ærlig Åpen Øl', 'aerlig apen ol'],
    ['Café  crème', 'cafe creme'],
    ['  Vinter—jakke!!  (dame) ', 'vinter jakke dame'],
    ['Str. 36/38, 2-pk', 'str 36 38 2 pk'],
    ['ℌelly Ⅱ', 'helly ii'],
    ['', ''],
  ])('folds %j to %j', (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });

  it('is idempotent and leaves only lower-case letters, digits and single spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const folded = foldText(text);
        expect(foldText(folded)).toBe(folded);
        expect(folded).toMatch(/^(?:[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*)?$/u);
        expect(folded).toBe(folded.toLocaleLowerCase('nb-NO'));
      }),
    );
  });
});

describe('foldedWords', () => {
  it('splits folded text into distinct words', () => {
    expect(foldedWords('Jakke, JAKKE og Sko')).toEqual(['jakke', 'og', 'sko']);
    expect(foldedWords(' ,. ')).toEqual([]);
  });
});
