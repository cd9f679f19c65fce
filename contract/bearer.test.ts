import * as crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearerMatches, sameSecret } from './bearer.ts';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const TOKEN = 'hemmelig-token';

afterEach(() => {
  vi.mocked(crypto.timingSafeEqual).mockClear();
});

describe('sameSecret', () => {
  it('compares SHA-256 digests with timingSafeEqual, whatever the lengths', () => {
    const compare = vi.mocked(crypto.timingSafeEqual);
    expect(sameSecret(TOKEN, TOKEN)).toBe(true);
    expect(sameSecret('x', TOKEN)).toBe(false);
    expect(sameSecret(`${TOKEN}${'y'.repeat(1000)}`, TOKEN)).toBe(false);
    expect(sameSecret('', TOKEN)).toBe(false);
    expect(compare).toHaveBeenCalledTimes(4);
    for (const [a, b] of compare.mock.calls) {
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    }
  });
});

describe('bearerMatches', () => {
  const token = 'hemmelig-nøkkel-for-toppfart';

  it('matches only the exact bearer token, and nothing when none is configured', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches('Bearer ', undefined)).toBe(false);
    expect(bearerMatches('Bearer ', '')).toBe(false);
  });
});
