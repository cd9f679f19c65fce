import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiShop } from '../../../contract/index.ts';
import { toPostalCode, toShop } from './shops.ts';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const shop: ApiShop = {
  id: 1,
  no: '001',
  name: 'Oslo Sentrum',
  fullName: 'Sport Oslo Sentrum',
  orgNo: '912345678',
  description: 'Flaggskip',
  openingHours: 'Man-Fre 1000-2000, Lør 1000-1800, Søn stengt',
  mapLink: 'https://maps.example/1',
  postNo: '0154',
  postPlace: 'Oslo',
  address: 'Karl Johans gate 16',
  email: 'oslo@example.no',
  phone: '22000000',
  messengerId: null,
  chain: 1,
  latitude: 59.9127,
  longitude: 10.7461,
  isWebShop: 0,
};

describe('toShop', () => {
  it('groups coordinates and starts without a distance', () => {
    expect(toShop(shop)).toMatchObject({
      id: 1,
      coords: { latitude: 59.9127, longitude: 10.7461 },
      distance: null,
      isWebShop: false,
    });
  });

  it.each([
    [{ latitude: null }, null],
    [{ longitude: null }, null],
    [
      { latitude: 0, longitude: 0 },
      { latitude: 0, longitude: 0 },
    ],
  ])('%j gives coords %j', (overrides, coords) => {
    expect(toShop({ ...shop, ...overrides })?.coords).toEqual(coords);
  });

  it('flags the web shop and skips a shop without a name', () => {
    expect(toShop({ ...shop, id: 55, isWebShop: 1 })?.isWebShop).toBe(true);
    expect(toShop({ ...shop, name: undefined } as unknown as ApiShop)).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'Missing data',
      expect.stringMatching(/^shop /),
      expect.anything(),
    );
  });
});

describe('toPostalCode', () => {
  it.each([
    [{ code: '0154', place: 'Oslo', CoordLat: 59.9, CoordLong: 10.7 }, true],
    [{ code: '0154', place: 'Oslo', CoordLat: null, CoordLong: 10.7 }, false],
    [{ code: 154, place: 'Oslo', CoordLat: 59.9, CoordLong: 10.7 }, false],
  ])('%j maps: %s', (wire, ok) => {
    const mapped = toPostalCode(wire as Parameters<typeof toPostalCode>[0]);
    expect(mapped).toEqual(ok ? wire : null);
  });
});
