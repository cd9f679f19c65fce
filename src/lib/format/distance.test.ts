import { describe, expect, it } from 'vitest';
import { intlMade } from '../../test-support/intl.ts';
import { formatDistance } from './distance.ts';

describe('formatDistance', () => {
  it.each([
    [0.85, '850 m'],
    [0, '0 m'],
    [0.0004, '0 m'],
    [0.9994, '999 m'],
    [0.9996, '1 km'],
    [12.34, '12,3 km'],
    [12.36, '12,4 km'],
    [1234.5, '1\u00a0234,5 km'],
    [-1, ''],
    [Number.NaN, ''],
  ])('%d km -> %j', (km, expected) => {
    expect(formatDistance(km)).toBe(expected);
  });
});

describe('the distance formats', () => {
  it('are made on the first distance written, not when the module loads', async () => {
    const made = await intlMade(
      'NumberFormat',
      () => import('./distance.ts'),
      (distance) => {
        expect(distance.formatDistance(0.85)).toBe('850 m');
        expect(distance.formatDistance(0.9)).toBe('900 m');
      },
    );
    expect(made).toEqual({ atLoad: 0, inUse: 1 });
  });
});
