import { describe, expect, it } from 'vitest';
import { isCount, safeJson } from './persist.ts';

describe('safeJson', () => {
  const codec = safeJson(isCount, 0);

  it('round-trips valid values', () => {
    expect(codec.decode(codec.encode(7) ?? '')).toBe(7);
  });

  it('falls back on corrupt or foreign values', () => {
    for (const corrupt of ['{', 'null', '"3"', '-1', '1.5', '[]', '']) {
      expect(codec.decode(corrupt)).toBe(0);
    }
  });
});
