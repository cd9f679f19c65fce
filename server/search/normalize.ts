/**
 * Text folding shared by the indexer and the query side, so that what a shopper types and
 * what the catalogue says meet in one alphabet: `Ullundertrøye` and `ullundertroye` fold to
 * the same string, `Tilbehør` to `tilbehor`.
 */

// Norwegian letters are not decomposable in Unicode (ø has no combining stroke; æ is a
// ligature), so decomposition alone would leave them; they are mapped by hand.
const letterMap: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  å: 'a',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  ð: 'd',
};
const letterOrDigit = /[\p{L}\p{N}]/u;
const combiningMark = /\p{M}/u;

/**
 * Folds text for matching: lower case, ø→o, æ→ae, å→a, other diacritics stripped, every
 * run of punctuation or white space collapsed to one space, trimmed. The result holds only
 * letters, digits and single spaces, so it is safe inside an FTS5 phrase and a LIKE pattern
 * without escaping.
 *
 * Plain `toLowerCase` equals nb-NO lower-casing (locale rules exist only for Turkish,
 * Azeri and Lithuanian) at a tenth of the cost; the indexer folds every description.
 */
export function foldText(text: string): string {
  // Compatibility decomposition first: it splits off accents and can yield capitals
  // (ℌ → H) that lower-casing must still see.
  const lower = text.normalize('NFKD').toLowerCase();
  let folded = '';
  let gap = false;
  for (const char of lower) {
    const code = char.charCodeAt(0);
    let piece: string;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) piece = char;
    else if (code >= 128 && combiningMark.test(char)) continue;
    else if (code >= 128 && letterOrDigit.test(char)) piece = letterMap[char] ?? char;
    else {
      gap = folded !== '';
      continue;
    }
    if (gap) folded += ' ';
    gap = false;
    folded += piece;
  }
  return folded;
}

/** The folded words of `text`, in order, duplicates removed. */
export function foldedWords(text: string): string[] {
  const folded = foldText(text);
  return folded === '' ? [] : [...new Set(folded.split(' '))];
}
