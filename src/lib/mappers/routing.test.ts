import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiOsrmTable } from '../../../contract/index.ts';
import { toDistancesKm } from './routing.ts';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const table = (distances: number[][], code: ApiOsrmTable['code'] = 'Ok'): ApiOsrmTable => ({
  code,
  distances,
  sources: [],
  destinations: [],
});

describe('toDistancesKm', () => {
  it('reads the first row past the source itself, in km', () => {
    expect(toDistancesKm(table([[0, 1500, 396305.5]]), 2)).toEqual([1.5, 396.3055]);
  });

  it('gives null for missing or unusable cells', () => {
    expect(toDistancesKm(table([[0, -1]]), 3)).toEqual([null, null, null]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs an error answer as missing data', () => {
    expect(toDistancesKm(table([], 'InvalidQuery'), 2)).toEqual([null, null]);
    expect(warn).toHaveBeenCalledWith(
      'Missing data',
      expect.stringMatching(/^routing table /),
      expect.anything(),
    );
  });
});
