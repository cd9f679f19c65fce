/**
 * Distances for the shop: the great-circle formula shared with the server (contract/geo.ts)
 * and the one order of shops by distance (their display: lib/format/distance.ts).
 */

import { compareValues } from './sort.ts';

export { haversineKm } from '../../../contract/geo.ts';

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
