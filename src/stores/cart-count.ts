import { persistentAtom } from '@nanostores/persistent';
import { isCount, safeJson } from './persist.ts';

/**
 * Number of items in the cart, persisted under SPEC's `count` key. The header badge reads
 * only this, so every static page shows the count without loading the cart logic (this
 * module is kept apart from cart.ts for that reason); the persistent store also mirrors
 * changes made in other tabs.
 */
export const $cartCount = persistentAtom<number>('count', 0, safeJson(isCount, 0));
