import { describe, expect, it } from 'vitest';
import { formatArticleCount } from './count.ts';

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
