/**
 * The favourite heart of a card or a product page, as an HTML string for every renderer.
 * It starts unpressed; the page's heart script (components/layout/FavouriteHearts.astro)
 * presses the shopper's favourites and toggles them.
 */

import { escapeHtml } from '../format/html.ts';

/** A heart button for article `id` named `name`; `extraClass` places it. */
export function favouriteHeartHtml(id: number, name: string, extraClass = ''): string {
  return (
    `<button type="button" data-favourite="${String(id)}" aria-pressed="false" aria-label="Favoritt: ${escapeHtml(name)}" ` +
    `class="inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-gray-800 hover:text-red-700 aria-pressed:text-red-700 aria-pressed:[&>svg]:fill-current ${extraClass}">` +
    `<svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round">` +
    `<path d="M12 20s-7.5-4.6-9-9.3A4.8 4.8 0 0 1 12 6.2a4.8 4.8 0 0 1 9 4.5C19.5 15.4 12 20 12 20Z"/></svg></button>`
  );
}
