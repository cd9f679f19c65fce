/**
 * The favourite hearts. The script of FavouriteHearts.astro, which every page runs through
 * the layout's one module script (src/layouts/base-scripts.ts).
 */

import { $favourites, isFavourite, toggleFavourite } from '../../stores/favourites.ts';

/** Starts the favourite hearts. */
export function startFavouriteHearts(): void {
  function press(ids: readonly number[]): void {
    for (const heart of document.querySelectorAll<HTMLElement>('[data-favourite]')) {
      const pressed = String(isFavourite(ids, Number(heart.dataset['favourite'])));
      if (heart.getAttribute('aria-pressed') !== pressed) {
        heart.setAttribute('aria-pressed', pressed);
      }
    }
  }

  $favourites.subscribe(press);

  // Islands draw cards after load (filters, pages, search); they start unpressed.
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      press($favourites.get());
    });
  }).observe(document.body, { childList: true, subtree: true });

  document.addEventListener('click', (event) => {
    const heart = (event.target as Element | null)?.closest<HTMLElement>('[data-favourite]');
    if (heart) toggleFavourite(Number(heart.dataset['favourite']));
  });
}
