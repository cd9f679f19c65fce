import { formatNumber } from './number.ts';

/** `1 vare`, `3 varer`, `1 500 varer`: a number of articles in Norwegian. */
export function formatArticleCount(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'vare' : 'varer'}`;
}

/** `1 innlegg`, `12 innlegg`: a number of blog posts in Norwegian (the word has one form). */
export function formatPostCount(count: number): string {
  return `${formatNumber(count)} innlegg`;
}

/** `1 svar`, `1 234 svar`: a number of poll answers in Norwegian. */
export function formatAnswerCount(count: number): string {
  return `${formatNumber(count)} svar`;
}
