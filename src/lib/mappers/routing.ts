/** Mapper for the routing table service (OSRM `table`). */

import type { ApiOsrmTable } from '../../../contract/index.ts';
import { isNumber, isRecord } from '../../../contract/guards.ts';
import { missingData } from './common.ts';

/**
 * Road distances in km from the first source to `count` destinations that follow it in the
 * request (destination 0 is the source itself). A destination without a usable distance
 * gives null; an answer that is not `Ok` or has no matrix is logged and gives all null.
 */
export function toDistancesKm(wire: ApiOsrmTable, count: number): Array<number | null> {
  const row: unknown = isRecord(wire) && wire.code === 'Ok' ? wire.distances[0] : undefined;
  if (!Array.isArray(row)) {
    missingData('routing table', wire);
    return Array.from({ length: count }, () => null);
  }
  return Array.from({ length: count }, (_, i) => {
    const metres: unknown = row[i + 1];
    return isNumber(metres) && metres >= 0 ? metres / 1000 : null;
  });
}
