/**
 * The shop finder's one lookup, for the shop list and the home page's store search: find the
 * shopper (a postal code or the browser's position, docs/spec.md §4), measure the road distance to
 * every shop with coordinates (straight lines when the routing service fails) and order the
 * shops by {@link sortByDistance}.
 */

import { sortByDistance, type DistanceSortable } from '../../lib/domain/distance.ts';
import {
  $position,
  $positionStatus,
  $shopDistances,
  updateShopDistances,
  type LocatedShop,
} from '../../stores/position.ts';

/** A shop the finder can place: id, name and coordinates (null: none known). */
export type FinderShop = LocatedShop & DistanceSortable;

/**
 * What a lookup found: the shops nearest first, measured from `from` (`0150 Oslo` or
 * `posisjonen din`, to follow "fra" in a sentence), or the Norwegian
 * message saying why not ('' when there was no position to find: docs/spec.md §8's PositionError 59
 * is only logged).
 */
export type NearestShops<T extends FinderShop> =
  | { found: true; from: string; shops: Array<T & { distance: number | null }> }
  | { found: false; message: string };

/** Shown while a lookup runs. */
export const LOOKING_UP_MESSAGE = 'Finner butikkene nærmest deg …';

let latest = 0;

/**
 * Runs `locate` (positionFromPostalCode or positionFromBrowser of stores/position.ts), then
 * orders `shops` by their distance from the position found. Answers null when a later
 * lookup has started meanwhile: that one's answer counts.
 */
export async function nearestShops<T extends FinderShop>(
  shops: readonly T[],
  locate: () => Promise<void>,
): Promise<NearestShops<T> | null> {
  latest += 1;
  const mine = latest;
  await locate();
  const status = $positionStatus.get();
  const position = $position.get();
  if (mine !== latest) return null;
  if (status.state === 'error') return { found: false, message: status.message };
  if (!position) return { found: false, message: '' };
  await updateShopDistances(shops);
  if (mine !== latest) return null;
  return {
    found: true,
    from: position.source === 'geolocation' ? 'posisjonen din' : position.label,
    shops: sortByDistance(shops, $shopDistances.get()),
  };
}
