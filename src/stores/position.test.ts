import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $position,
  $positionStatus,
  $shopDistances,
  NO_POSITION_SOURCE,
  PositionError,
  positionFromBrowser,
  positionFromPostalCode,
  updateShopDistances,
} from './position.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  $position.set(null);
  $positionStatus.set({ state: 'idle' });
  $shopDistances.set({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

describe('positionFromPostalCode', () => {
  it('refuses a code that is not four digits without asking the server', async () => {
    await positionFromPostalCode('12a');
    expect(fetchMock).not.toHaveBeenCalled();
    expect($positionStatus.get()).toMatchObject({
      state: 'error',
      message: expect.stringContaining('fire sifre'),
    });
  });

  it('sets the position from the looked-up code', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ code: '0150', place: 'Oslo', CoordLat: 59.9, CoordLong: 10.75 }),
    );
    await positionFromPostalCode(' 0150 ');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('postalcodes/0150');
    expect($position.get()).toEqual({
      coords: { latitude: 59.9, longitude: 10.75 },
      source: 'postal-code',
      label: '0150 Oslo',
    });
  });

  it('says so in Norwegian when the code is unknown', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ message: 'Not found' }, { status: 404 }));
    await positionFromPostalCode('9999');
    expect($position.get()).toBeNull();
    expect($positionStatus.get()).toEqual({
      state: 'error',
      message: 'Fant ikke postnummeret 9999.',
    });
  });
});

describe('positionFromBrowser', () => {
  it('only logs PositionError 59 when there is no geolocation', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await positionFromBrowser(undefined);
    const logged = error.mock.calls[0]?.[0] as PositionError;
    expect(logged).toBeInstanceOf(PositionError);
    expect(logged.code).toBe(NO_POSITION_SOURCE);
    expect($positionStatus.get()).toEqual({ state: 'idle' });
  });

  it('logs a failed lookup with its code and tells the shopper', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await positionFromBrowser({
      getCurrentPosition: (_ok, fail) =>
        fail?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    });
    expect((error.mock.calls[0]?.[0] as PositionError).code).toBe(1);
    expect($positionStatus.get().state).toBe('error');
  });
});

describe('updateShopDistances', () => {
  it('fills road distances for shops with coordinates', async () => {
    $position.set({
      coords: { latitude: 59.9, longitude: 10.75 },
      source: 'geolocation',
      label: '',
    });
    fetchMock.mockResolvedValueOnce(
      Response.json({ code: 'Ok', distances: [[0, 12300]], sources: [], destinations: [] }),
    );
    await updateShopDistances([
      { id: 3, coords: { latitude: 60, longitude: 10.8 } },
      { id: 4, coords: null },
    ]);
    expect($shopDistances.get()).toEqual({ 3: 12.3 });
  });

  it('falls back to straight-line distances when routing fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    $position.set({
      coords: { latitude: 59.9, longitude: 10.75 },
      source: 'geolocation',
      label: '',
    });
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    await updateShopDistances([{ id: 3, coords: { latitude: 59.9, longitude: 10.75 } }]);
    expect($shopDistances.get()).toEqual({ 3: 0 });
  });
});
