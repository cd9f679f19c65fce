import { describe, expect, it } from 'vitest';
import { formatArticleCount, formatPostCount } from './count.ts';

describe('formatArticleCount', () => {
  it.each([
    [0, '0 varer'],
    [1, '1 vare'],
    [3, '3 varer'],
    [1500, '1\u00a0500 varer'],
  ])('%i -> %s', (n, text) => {
    expect(formatArticleCount(n)).toBe(text);
  });
});

describe('formatPostCount', () => {
  it.each([
    [0, '0 innlegg'],
    [1, '1 innlegg'],
    [1200, '1\u00a0200 innlegg'],
  ])('%i -> %s', (n, text) => {
    expect(formatPostCount(n)).toBe(text);
  });
});
