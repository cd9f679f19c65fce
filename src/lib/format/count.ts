const countFormat = new Intl.NumberFormat('nb-NO');

/** `1 vare`, `3 varer`, `1 500 varer`: a number of articles in Norwegian. */
export function formatArticleCount(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'vare' : 'varer'}`;
}

/** `1 innlegg`, `12 innlegg`: a number of blog posts in Norwegian (the word has one form). */
export function formatPostCount(count: number): string {
  return `${countFormat.format(count)} innlegg`;
}
