import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineKm } from './geo.ts';

const OSLO = { latitude: 59.9139, longitude: 10.7522 };
const BERGEN = { latitude: 60.3913, longitude: 5.3221 };
const TROMSO = { latitude: 69.6492, longitude: 18.9553 };

describe('haversineKm', () => {
  it.each([
    [OSLO, BERGEN, 304.9],
    [OSLO, TROMSO, 1148.2],
    [OSLO, OSLO, 0],
    [{ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 }, 20015.1],
  ])('%j to %j is about %d km', (a, b, km) => {
    expect(haversineKm(a, b)).toBeCloseTo(km, 0);
  });

  const coord = fc.record({
    latitude: fc.double({ min: -90, max: 90, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  });

  it('is symmetric, non-negative and at most half the circumference', () => {
    fc.assert(
      fc.property(coord, coord, (a, b) => {
        const d = haversineKm(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(20015.2);
        expect(d).toBeCloseTo(haversineKm(b, a), 6);
      }),
    );
  });
});
