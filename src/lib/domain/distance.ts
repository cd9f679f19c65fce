/**
 * Distances for the shop: the great-circle formula shared with the server (contract/geo.ts),
 * their nb-NO display and the one order of shops by distance.
 */

import { compareValues } from './sort.ts';

export { haversineKm } from '../../../contract/geo.ts';

const metres = new Intl.NumberFormat('nb-NO', {
  style: 'unit',
  unit: 'meter',
  maximumFractionDigits: 0,
});
const kilometres = new Intl.NumberFormat('nb-NO', {
  style: 'unit',
  unit: 'kilometer',
  maximumFractionDigits: 1,
});

/**
 * Formats a distance in km: under 1 km in whole metres (`850 m`), else km with at most one
 * decimal (`12,3 km`, `1 km`). Negative or non-finite input gives ''.
 */
export function formatDistance(km: number): string {
  if (!Number.isFinite(km) || km < 0) return '';
  const m = Math.round(km * 1000);
  return m < 1000 ? metres.format(m) : kilometres.format(km);
}

/** A shop as {@link sortByDistance} orders it. */
export interface DistanceSortable {
  id: number;
  name: string;
}

/**
 * Shops nearest first, each with its `distance` in km from `distances` (by shop id), null
 * where it has none (no coordinates, or no position yet). Shops with a distance come first,
 * nearest first; the others follow by nb-NO name, as do shops at the same distance. With no
 * distances at all this is the list by name.
 */
export function sortByDistance<T extends DistanceSortable>(
  shops: readonly T[],
  distances: Readonly<Record<number, number>>,
): Array<T & { distance: number | null }> {
  return shops
    .map((shop) => ({ ...shop, distance: distances[shop.id] ?? null }))
    .sort((a, b) => compareValues(a.distance, b.distance) || compareValues(a.name, b.name));
}
