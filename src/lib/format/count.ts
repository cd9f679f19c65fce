/** `1 vare`, `3 varer`, `1 500 varer`: a number of articles in Norwegian. */
export function formatArticleCount(count: number): string {
  const n = new Intl.NumberFormat('nb-NO').format(count);
  return `${n} ${count === 1 ? 'vare' : 'varer'}`;
}
