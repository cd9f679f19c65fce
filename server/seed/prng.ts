/**
 * A small seeded pseudo-random generator (sfc32) so that the same seed always yields the
 * same catalogue. Math.random cannot be seeded, and the seed must be reproducible byte for
 * byte across runs and machines.
 */

/** A seeded random source with the helpers the seed needs. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element, chosen with probability proportional to its weight. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct elements in random order (all of them when `count` exceeds the length). */
  sample<T>(items: readonly T[], count: number): T[];
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/**
 * Creates a generator from a 32-bit seed. The seed is spread over sfc32's four words with
 * splitmix32 so that neighbouring seeds (1, 2, 3 ...) give unrelated sequences.
 */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const splitmix = (): number => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();

  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // sfc32's first outputs still echo the seed words; discarding a few mixes them away.
  for (let i = 0; i < 12; i++) next();

  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };

  const weighted = <T>(items: ReadonlyArray<readonly [T, number]>): T => {
    let total = 0;
    for (const [, weight] of items) total += weight;
    if (items.length === 0 || total <= 0) throw new RangeError('weighted pick needs weights');
    let roll = next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    // Floating-point rounding can leave a sliver past the last weight.
    return (items[items.length - 1] as readonly [T, number])[0];
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy;
  };

  const sample = <T>(items: readonly T[], count: number): T[] =>
    shuffle(items).slice(0, Math.max(0, count));

  const chance = (p: number): boolean => next() < p;

  return { next, int, pick, weighted, shuffle, sample, chance };
}
