/**
 * Favourite articles (docs/spec.md §3 "also held"): persisted under the spec's `favourites` key, so a
 * guest keeps them in this browser and every tab sees the same set. For a logged-in
 * customer favourites-sync.ts keeps the set in step with the server; this part is small
 * enough for the hearts on every page.
 */

import { persistentAtom } from '@nanostores/persistent';
import { safeJson } from './persist.ts';

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((id) => Number.isInteger(id) && id > 0);

/** Favourite article ids in the order they were chosen; a corrupt stored value reads as none. */
export const $favourites = persistentAtom<number[]>('favourites', [], safeJson(isIdList, []));

/** Whether article `id` is among `ids`. */
export function isFavourite(ids: readonly number[], id: number): boolean {
  return ids.includes(id);
}

/** Adds article `id` to the favourites, or removes it when it is there. */
export function toggleFavourite(id: number): void {
  const ids = $favourites.get();
  $favourites.set(isFavourite(ids, id) ? ids.filter((x) => x !== id) : [...ids, id]);
}
