/**
 * The shopper's position (docs/spec.md §4, Client position): from a postal code lookup first, else
 * browser geolocation, else a PositionError with code 59 that is only logged. A position
 * triggers road distances to the shops that have coordinates.
 */

import { atom } from 'nanostores';
import { haversineKm } from '../lib/domain/distance.ts';
import { isPostalCode, POSTAL_CODE_MESSAGE } from '../lib/domain/validation.ts';
import type { Coordinates } from '../lib/types.ts';

/** docs/spec.md §8: no postal code and no geolocation. */
export const NO_POSITION_SOURCE = 59;

/** docs/spec.md §8's PositionError: a code and a message; logged, never thrown at the shopper. */
export class PositionError extends Error {
  /** Geolocation's codes (1 denied, 2 unavailable, 3 timeout) or {@link NO_POSITION_SOURCE}. */
  readonly code: number;

  /** Builds the error. */
  constructor(code: number, message: string) {
    super(message);
    this.name = 'PositionError';
    this.code = code;
  }
}

/** Where the shopper is, and how we know. */
export interface ShopperPosition {
  coords: Coordinates;
  source: 'postal-code' | 'geolocation';
  /** What to show: `0150 Oslo` or `Din posisjon`. */
  label: string;
}

/** The state of a lookup, with a Norwegian message on error. */
export type PositionStatus =
  { state: 'idle' } | { state: 'loading' } | { state: 'error'; message: string };

/** The shopper's position, once known. */
export const $position = atom<ShopperPosition | null>(null);
/** Progress of the latest lookup. */
export const $positionStatus = atom<PositionStatus>({ state: 'idle' });
/** Distance in km from the shopper per shop id, for the shops that have coordinates. */
export const $shopDistances = atom<Readonly<Record<number, number>>>({});

/** What {@link locateShopper} needs of the browser; injectable for tests. */
export type Geolocator = Pick<Geolocation, 'getCurrentPosition'> | undefined;

const browserGeolocation = (): Geolocator =>
  typeof navigator === 'undefined' ? undefined : navigator.geolocation;

/** Sets the position from a postal code; a code that is not 4 digits is refused. */
export async function positionFromPostalCode(code: string): Promise<void> {
  const trimmed = code.trim();
  if (!isPostalCode(trimmed)) {
    $positionStatus.set({ state: 'error', message: POSTAL_CODE_MESSAGE });
    return;
  }
  $positionStatus.set({ state: 'loading' });
  try {
    // Loaded when the shopper asks (docs/spec.md §7: screen code on demand), not with the page.
    const { getPostalCode } = await import('../lib/api/shops.ts');
    const found = await getPostalCode(trimmed);
    if (!found) {
      $positionStatus.set({ state: 'error', message: `Fant ikke postnummeret ${trimmed}.` });
      return;
    }
    $position.set({
      coords: { latitude: found.CoordLat, longitude: found.CoordLong },
      source: 'postal-code',
      label: `${found.code} ${found.place}`.trim(),
    });
    $positionStatus.set({ state: 'idle' });
  } catch {
    $positionStatus.set({
      state: 'error',
      message: 'Kunne ikke slå opp postnummeret akkurat nå. Prøv igjen senere.',
    });
  }
}

/**
 * Sets the position from browser geolocation. With none available, the spec's PositionError
 * 59 is only logged; a failed lookup is logged with its code and message, and the shopper
 * is told in Norwegian.
 */
export function positionFromBrowser(geolocation: Geolocator = browserGeolocation()): Promise<void> {
  if (!geolocation) {
    console.error(new PositionError(NO_POSITION_SOURCE, 'No postal code and no geolocation'));
    return Promise.resolve();
  }
  $positionStatus.set({ state: 'loading' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (found) => {
        $position.set({
          coords: { latitude: found.coords.latitude, longitude: found.coords.longitude },
          source: 'geolocation',
          label: 'Din posisjon',
        });
        $positionStatus.set({ state: 'idle' });
        resolve();
      },
      (failure) => {
        console.error(new PositionError(failure.code, failure.message));
        $positionStatus.set({
          state: 'error',
          message: 'Fant ikke posisjonen din. Skriv inn postnummeret ditt i stedet.',
        });
        resolve();
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  });
}

/** A shop as distances need it. */
export interface LocatedShop {
  id: number;
  coords: Coordinates | null;
}

/**
 * Fills {@link $shopDistances} for the shops with coordinates, by road from the routing
 * service. Should it fail, great-circle distances stand in, so the order is still useful.
 */
export async function updateShopDistances(shops: readonly LocatedShop[]): Promise<void> {
  const position = $position.get();
  const located = shops.filter(
    (s): s is LocatedShop & { coords: Coordinates } => s.coords !== null,
  );
  if (!position || located.length === 0) return;
  let km: Array<number | null>;
  try {
    const { getRoadDistancesKm } = await import('../lib/api/routing.ts');
    km = await getRoadDistancesKm(
      position.coords,
      located.map((s) => s.coords),
    );
  } catch (error) {
    console.warn('Routing service failed; using straight-line distances', error);
    km = located.map(() => null);
  }
  // A newer position may have arrived while this one was on its way.
  if ($position.get() !== position) return;
  $shopDistances.set(
    Object.fromEntries(
      located.map((s, i) => [s.id, km[i] ?? haversineKm(position.coords, s.coords)]),
    ),
  );
}
