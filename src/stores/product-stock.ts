/**
 * Live stock of the article on the product page. The page's HTML may be hours old, so
 * after load the page asks `articles/availability/{id}` for what the shops hold now.
 */

import { atom } from 'nanostores';
import { getAvailability } from '../lib/api/availability.ts';
import type { LiveVariantStock } from '../lib/domain/variants.ts';

/** Live stock: loading, loaded, or failed (the built stock is then shown as it was). */
export type LiveStock =
  | { state: 'loading' }
  | { state: 'ready'; variants: readonly LiveVariantStock[] }
  | { state: 'error' };

/** The live stock of the article on the page. */
export const $liveStock = atom<LiveStock>({ state: 'loading' });

/** Fetches the live stock of an article. */
export async function loadLiveStock(articleId: number): Promise<void> {
  $liveStock.set({ state: 'loading' });
  try {
    const answer = await getAvailability(articleId);
    $liveStock.set(answer ? { state: 'ready', variants: answer.variants } : { state: 'error' });
  } catch (error) {
    console.warn('Could not load live stock', error);
    $liveStock.set({ state: 'error' });
  }
}
