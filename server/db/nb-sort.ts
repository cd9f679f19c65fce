const collator = new Intl.Collator('nb-NO');

// node:sqlite cannot register collations, so names are ordered by a key whose plain binary
// order follows Norwegian collation; the search indexer stores it as articles.name_sort. Punctuation and spaces sort before digits, digits
// before letters, as ICU does; their mutual order is taken from ICU itself so that
// "Hans Petter" < "Hans-Petter" < "Hans10" holds like in the collator.
const punctuation = [...' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$–—’‘«»“”°½®™§'].sort(collator.compare);
const punctuationCode = new Map(punctuation.map((ch, i) => [ch, String.fromCharCode(1 + i)]));

// Symbols ICU knows but the table above does not: after all punctuation, before digits.
const OTHER_SYMBOL = String.fromCharCode(1 + punctuation.length);

// Letters that Norwegian collation treats as other letters at the primary level, keyed by
// base letter plus combining mark (the string is decomposed first).
const primaryFolds: Readonly<Record<string, string>> = {
  'a\u030A': 'å',
  'a\u0308': 'æ',
  'e\u0328': 'æ',
  'o\u0308': 'ø',
  'o\u030B': 'ø',
  'u\u0308': 'y',
  'u\u030B': 'y',
};
const letterFolds: Readonly<Record<string, string>> = {
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ß: 'ss',
  œ: 'ø',
  ĳ: 'ij',
};

// æ, ø, å come right after z; '{', '|', '}' are the next code points after 'z'.
const A_RING_KEY = '}';
const nordic: Readonly<Record<string, string>> = { æ: '{', ø: '|', å: A_RING_KEY };

/**
 * A key whose binary order is the nb-NO primary order of `name`. Names equal at the
 * primary level (case or accents only) get the same key; callers break ties themselves.
 */
export function nbSortKey(name: string): string {
  // Clusters of a base character and its combining marks; marks only matter at the
  // secondary level unless they make a Norwegian letter (å, æ, ø).
  const clusters = name.normalize('NFD').match(/\P{M}\p{M}*/gu) ?? [];
  let key = '';
  for (let i = 0; i < clusters.length; i++) {
    const original = clusters[i] ?? '';
    const cluster = original.toLowerCase();
    const [base = ''] = cluster;
    // "aa", "Aa" and "AA" (not "aA") are a contraction for å, but only when the first a
    // carries no accent.
    if (isAaContraction(original, clusters[i + 1]?.[0])) {
      key += A_RING_KEY;
      i++;
      continue;
    }
    const letter = primaryFolds[cluster.slice(0, 2)] ?? letterFolds[base] ?? base;
    for (const ch of letter) key += symbolKey(ch);
  }
  return key;
}

function isAaContraction(first: string, next: string | undefined): boolean {
  return (first === 'a' && next === 'a') || (first === 'A' && (next === 'a' || next === 'A'));
}

function symbolKey(ch: string): string {
  const mapped = nordic[ch];
  if (mapped !== undefined) return mapped;
  if (/[a-z0-9]/.test(ch) || /\p{L}/u.test(ch)) return ch;
  return punctuationCode.get(ch) ?? OTHER_SYMBOL;
}
