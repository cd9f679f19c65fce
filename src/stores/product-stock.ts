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

/** Live stock not yet known: what the server HTML shows. */
export const STOCK_LOADING: LiveStock = { state: 'loading' };

/** The live stock of the article on the page. */
export const $liveStock = atom<LiveStock>(STOCK_LOADING);

let requested: { articleId: number; done: Promise<void> } | null = null;

/**
 * Fetches the live stock of an article. The page script and the buy box both ask for it;
 * one request serves both, and a failed one is tried again on the next ask.
 */
export function loadLiveStock(articleId: number): Promise<void> {
  if (requested?.articleId === articleId && $liveStock.get().state !== 'error') {
    return requested.done;
  }
  $liveStock.set(STOCK_LOADING);
  const done = getAvailability(articleId).then(
    (answer) => {
      $liveStock.set(answer ? { state: 'ready', variants: answer.variants } : { state: 'error' });
    },
    (error: unknown) => {
      console.warn('Could not load live stock', error);
      $liveStock.set({ state: 'error' });
    },
  );
  requested = { articleId, done };
  return done;
}
