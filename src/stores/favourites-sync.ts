/**
 * The favourites of a logged-in customer follow the account to other browsers: on login the
 * server's set and the local one are joined, and afterwards each change is saved
 * (debounced, one write at a time, the newest set last).
 */

import { getFavourites, saveFavourites } from '../lib/api/customers.ts';
import { $favourites } from './favourites.ts';
import { handleUnauthorised } from './session.ts';
import { $user } from './user.ts';

/** How long a burst of toggles waits before the set is saved, in ms. */
export const SAVE_DELAY_MS = 300;

const sameSet = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));

const currentCustomerId = (): number | null => $user.get().customer?.id ?? null;

// The customer whose server set has been joined in; null until then, so no change is saved
// over a server set this page has not read yet.
let syncedFor: number | null = null;
// The set the server last confirmed for `syncedFor`.
let saved: readonly number[] = [];
let saving = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function failed(what: string, error: unknown): void {
  // A session that ended elsewhere clears the user; anything else keeps the set locally.
  if (!handleUnauthorised(error)) console.error(what, error);
}

/**
 * Saves the local set until the server holds it. One write at a time, so an older set can
 * never land after a newer one; the server's answer is what it keeps (unknown ids dropped).
 */
async function flush(): Promise<void> {
  if (saving) return;
  saving = true;
  try {
    for (;;) {
      const owner = syncedFor;
      const ids = $favourites.get();
      if (owner === null || owner !== currentCustomerId() || sameSet(ids, saved)) return;
      let kept: number[];
      try {
        kept = await saveFavourites(ids);
      } catch (error) {
        if (syncedFor !== owner) continue;
        failed('Could not save the favourites', error);
        return;
      }
      // Another account logged in meanwhile: its own set is checked on the next round.
      if (syncedFor !== owner) continue;
      saved = kept;
      if (sameSet($favourites.get(), ids) && !sameSet(ids, kept)) $favourites.set([...kept]);
    }
  } finally {
    saving = false;
  }
}

function scheduleSave(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    void flush();
  }, SAVE_DELAY_MS);
}

function stopSaving(): void {
  clearTimeout(timer);
  timer = undefined;
  syncedFor = null;
  saved = [];
}

/**
 * Joins the logged-in customer's server set with the local one: the union is stored here
 * and, when it holds ids the server lacks, saved there. Does nothing for a guest; a failure
 * is logged and the local set kept.
 */
export async function syncFavourites(): Promise<void> {
  const customerId = currentCustomerId();
  if (customerId === null) return;
  try {
    const server = await getFavourites();
    if (currentCustomerId() !== customerId) return;
    const local = $favourites.get();
    const union = [...server, ...local.filter((id) => !server.includes(id))];
    syncedFor = customerId;
    saved = server;
    if (!sameSet(union, local)) $favourites.set(union);
    await flush();
  } catch (error) {
    if (currentCustomerId() === customerId) failed('Could not load the favourites', error);
  }
}

/**
 * Keeps the favourites in step with the account: joins them on a login (and at once when a
 * customer is logged in), saves each later change, and on a logout empties the local set,
 * which is the account's, not the next shopper's. Answers the unsubscribe.
 */
export function startFavouriteSync(): () => void {
  let customerId = currentCustomerId();
  if (customerId !== null) void syncFavourites();
  const offUser = $user.listen(() => {
    const next = currentCustomerId();
    if (next === customerId) return;
    const previous = customerId;
    customerId = next;
    stopSaving();
    if (next !== null) void syncFavourites();
    else if (previous !== null) $favourites.set([]);
  });
  const offIds = $favourites.listen((ids) => {
    if (syncedFor !== null && !sameSet(ids, saved)) scheduleSave();
  });
  return () => {
    offUser();
    offIds();
    stopSaving();
  };
}
