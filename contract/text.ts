/**
 * Norwegian text folding and URL slugs: the one rule the seed, the server's search and the
 * shop all follow, so that a name folds and slugs the same wherever it is read (docs/spec.md §9:
 * lowercase, spaces to hyphens, æ to ae, ø to o, å to a). Plain functions without
 * dependencies, as everything in contract/ must be importable by both sides. Also the
 * organisation number as the seller is named in the shop and in the order confirmation.
 */

// Norwegian letters are not decomposable in Unicode (ø has no combining stroke; æ is a
// ligature), so decomposition alone would leave them; they and a few like them are mapped
// by hand.
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
const combiningMark = /\p{M}/u;

/**
 * Folds text for comparison: lower case, æ→ae, ø→o, å→a, other accents stripped (é→e,
 * ü→u), compatibility forms made plain (ﬁ→fi, ℌ→h). Every other character (spaces,
 * punctuation, letters of other scripts) is kept, so callers decide what separates words.
 *
 * Plain `toLowerCase` equals nb-NO lower-casing (locale rules exist only for Turkish, Azeri
 * and Lithuanian) at a fraction of the cost; the search index folds every description.
 */
export function foldNorwegian(text: string): string {
  // Compatibility decomposition first: it splits off accents and can yield capitals
  // (ℌ → H) that lower-casing must still see.
  const lower = text.normalize('NFKD').toLowerCase();
  let folded = '';
  for (const char of lower) {
    if (char.charCodeAt(0) < 128) folded += char;
    else if (!combiningMark.test(char)) folded += letterMap[char] ?? char;
  }
  return folded;
}

/**
 * Longest slug {@link slugify} makes. File systems and hosts allow 255 bytes per path
 * segment; 80 leaves room for a disambiguating suffix and keeps URLs readable.
 */
export const SLUG_MAX_LENGTH = 80;

// Apostrophes join a word (`Kid's` -> `kids`) rather than split it.
const apostrophes = /['’ʼ`]/gu;
const nonSlug = /[^a-z0-9]+/u;

/**
 * Turns a name into a URL slug: `Fjellsko Ærlig Ø-Blå 2` -> `fjellsko-aerlig-o-bla-2`.
 * The name is folded ({@link foldNorwegian}); every run of characters outside a-z and 0-9
 * (spaces, `/`, `%`, `..`, control characters, other scripts) becomes one hyphen, and no
 * hyphen leads, trails or doubles. Whole words are kept up to `maxLength` characters (a
 * first word longer than that is cut). The result may be empty: callers that need a path
 * fall back to an id.
 */
export function slugify(name: string, maxLength: number = SLUG_MAX_LENGTH): string {
  const words = foldNorwegian(name).replace(apostrophes, '').split(nonSlug);
  let slug = '';
  for (const word of words) {
    if (word === '') continue;
    if (slug === '') slug = word.slice(0, maxLength);
    else if (slug.length + 1 + word.length <= maxLength) slug += `-${word}`;
    else break;
  }
  return slug;
}

/**
 * An organisation number grouped as the Brønnøysund register prints it: `918 745 327`.
 * Anything that is not 9 digits (spaces aside) is returned as given.
 */
export function formatOrgNo(orgNo: string): string {
  const digits = orgNo.replace(/\s/gu, '');
  return /^\d{9}$/u.test(digits) ? digits.replace(/^(\d{3})(\d{3})(\d{3})$/u, '$1 $2 $3') : orgNo;
}
