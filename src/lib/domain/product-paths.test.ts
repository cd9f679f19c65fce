import { describe, expect, it } from 'vitest';
import { parseProductPaths } from './product-paths.ts';

describe('parseProductPaths', () => {
  it('keeps ids with slug segments and drops anything else', () => {
    const parsed = parseProductPaths({
      '2': 'jakke--2',
      '0': 'null--0',
      x: 'jakke',
      '5': '//evil.example',
      '6': '../etc',
      '7': 7,
    });
    expect([...parsed]).toEqual([[2, 'jakke--2']]);
  });

  it('answers none for what is not an object', () => {
    for (const data of [null, [], 'jakke', 3]) expect(parseProductPaths(data).size).toBe(0);
  });
});
