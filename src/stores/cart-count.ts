/**
 * The part of the cart every page loads with its header: the item count for the badge and
 * whether the cart modal is open. It is kept apart from cart.ts so that a static page shows
 * the count, and can ask for the cart, without loading the cart logic or the modal's code.
 */

import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { isCount, safeJson } from './persist.ts';

/**
 * Number of items in the cart, persisted under the spec's `count` key. The persistent store also
 * mirrors changes made in other tabs.
 */
export const $cartCount = persistentAtom<number>('count', 0, safeJson(isCount, 0));

/**
 * The query flag that opens the cart once the page has loaded (`?handlekurv=1`, docs/spec.md §2: a
 * reload after login or registration from the cart carries it).
 */
export const OPEN_CART_PARAM = 'handlekurv';

/** Whether the cart modal ('Min Handlekurv') is open (docs/spec.md §4: open or closed). */
export const $cartOpen = atom(false);

/** Opens the cart modal; the header's cart link loads the modal's code when it opens. */
export function openCart(): void {
  $cartOpen.set(true);
}

/** Closes the cart modal. */
export function closeCart(): void {
  $cartOpen.set(false);
}
