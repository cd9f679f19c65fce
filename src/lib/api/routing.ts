/**
 * The routing table service (OSRM `table`, docs/spec.md §7): road distances from the shopper to the
 * shops. Its base is configuration, so a deployment can point it at a real OSRM; the
 * reference backend simulates it on the same origin.
 */

import { ofetch } from 'ofetch';
import type { ApiOsrmTable } from '../../../contract/index.ts';
import { toDistancesKm } from '../mappers/routing.ts';
import type { Coordinates } from '../types.ts';

/** Base URL of the routing service (same origin in the reference setup). */
export const ROUTING_BASE = '/osrm';

const lonLat = (c: Coordinates): string => `${c.longitude.toFixed(6)},${c.latitude.toFixed(6)}`;

/**
 * Road distances in km by car from `from` to each of `to`, in order; null where the service
 * has none. One request: the shopper is source 0, every shop a destination.
 */
export async function getRoadDistancesKm(
  from: Coordinates,
  to: readonly Coordinates[],
  fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args),
): Promise<Array<number | null>> {
  if (to.length === 0) return [];
  const path = [from, ...to].map(lonLat).join(';');
  const answer = await ofetch.create({}, { fetch: fetchImpl })<ApiOsrmTable>(
    `${ROUTING_BASE}/table/v1/car/${path}`,
    { query: { annotations: 'distance', sources: '0' }, retry: false },
  );
  return toDistancesKm(answer, to.length);
}
