import { describe, expect, it } from 'vitest';
import { createPrng } from './prng.ts';

describe('createPrng', () => {
  it('repeats its sequence for the same seed and differs for another seed', () => {
    const draw = (seed: number) => {
      const rng = createPrng(seed);
      return Array.from({ length: 20 }, () => rng.next());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('keeps floats in [0, 1) and integers inside their inclusive bounds', () => {
    const rng = createPrng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const f = rng.next();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      const n = rng.int(3, 6);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(6);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it('shuffles into a permutation and samples distinct items', () => {
    const rng = createPrng(2);
    const items = Array.from({ length: 50 }, (_, i) => i);
    const shuffled = rng.shuffle(items);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    const sample = rng.sample(items, 10);
    expect(new Set(sample).size).toBe(10);
    expect(rng.sample(items, 80)).toHaveLength(50);
  });

  it('follows the weights of a weighted pick and the probability of chance', () => {
    const rng = createPrng(3);
    let heavy = 0;
    let hits = 0;
    for (let i = 0; i < 10_000; i++) {
      if (
        rng.weighted([
          ['a', 1],
          ['b', 9],
        ] as const) === 'b'
      )
        heavy++;
      if (rng.chance(0.25)) hits++;
    }
    expect(heavy / 10_000).toBeGreaterThan(0.87);
    expect(heavy / 10_000).toBeLessThan(0.93);
    expect(hits / 10_000).toBeGreaterThan(0.22);
    expect(hits / 10_000).toBeLessThan(0.28);
    expect(() => rng.pick([])).toThrow(RangeError);
  });
});
