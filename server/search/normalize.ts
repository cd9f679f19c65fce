/**
 * Text folding shared by the indexer and the query side, so that what a shopper types and
 * what the catalogue says meet in one alphabet: `Ullundertrøye` and `ullundertroye` fold to
 * the same string, `Tilbehør` to `tilbehor`. The letters fold by the rule the whole project
 * shares (contract/text.ts); this file only splits the result into words.
 */

import { foldNorwegian } from '../../contract/text.ts';

const nonWord = /[^\p{L}\p{N}]+/gu;

/**
 * Folds text for matching ({@link foldNorwegian}), then makes every run of punctuation or
 * white space one space and trims. The result holds only letters, digits and single spaces,
 * so it is safe inside an FTS5 phrase and a LIKE pattern without escaping.
 */
export function foldText(text: string): string {
  return foldNorwegian(text).replace(nonWord, ' ').trim();
}

/** The folded words of `text`, in order, duplicates removed. */
export function foldedWords(text: string): string[] {
  const folded = foldText(text);
  return folded === '' ? [] : [...new Set(folded.split(' '))];
}
