/**
 * The home page's store search, loaded on its first submit (with the postal-code and
 * routing calls it brings): the three shops nearest to a postal code, with their distance
 * and a link to each shop's page where the brand has them.
 */

import { formatDistance } from '../../lib/format/distance.ts';
import { positionFromPostalCode } from '../../stores/position.ts';
import { LOOKING_UP_MESSAGE, nearestShops, type FinderShop } from './nearest-shops.ts';

/** A shop as the home page embeds it for the search. */
export interface StoreSearchShop extends FinderShop {
  /** Its page, or null on a brand without shop pages. */
  path: string | null;
  /** `Karl Johans gate 16, Oslo`. */
  place: string;
}

/** The parts of the slot the search works with. */
export interface StoreSearchParts {
  postalCode: HTMLInputElement;
  /** Progress, the place searched from, and errors; has an id. */
  status: HTMLElement;
  /** The list the nearest shops go in. */
  results: HTMLElement;
  shops: readonly StoreSearchShop[];
}

/** How many shops the slot shows. */
export const NEAREST_COUNT = 3;

function resultItem(shop: StoreSearchShop & { distance: number | null }): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'flex items-baseline justify-between gap-3 py-2';
  const text = document.createElement('span');
  const name = document.createElement(shop.path ? 'a' : 'span');
  name.className = 'font-semibold underline-offset-2 hover:underline';
  name.textContent = shop.name;
  if (shop.path) name.setAttribute('href', shop.path);
  const place = document.createElement('span');
  place.className = 'block text-sm text-gray-700';
  place.textContent = shop.place;
  text.append(name, place);
  const distance = document.createElement('span');
  distance.className = 'shrink-0 font-semibold';
  distance.textContent = shop.distance === null ? '' : formatDistance(shop.distance);
  item.append(text, distance);
  item.dataset['shopId'] = String(shop.id);
  return item;
}

/** Looks up the typed postal code and shows the nearest shops, or the Norwegian error. */
export async function searchStores(parts: StoreSearchParts): Promise<void> {
  const { postalCode, status, results, shops } = parts;
  const say = (message: string, error = false): void => {
    status.textContent = message;
    status.toggleAttribute('data-error', error);
    if (error) {
      postalCode.setAttribute('aria-invalid', 'true');
      postalCode.setAttribute('aria-describedby', status.id);
    } else {
      postalCode.removeAttribute('aria-invalid');
      postalCode.removeAttribute('aria-describedby');
    }
  };
  say(LOOKING_UP_MESSAGE);
  results.setAttribute('aria-busy', 'true');
  const result = await nearestShops(shops, () => positionFromPostalCode(postalCode.value));
  if (!result) return;
  results.removeAttribute('aria-busy');
  if (!result.found) {
    say(result.message, true);
    return;
  }
  const nearest = result.shops.filter((s) => s.distance !== null).slice(0, NEAREST_COUNT);
  say(
    nearest.length > 0
      ? `Butikkene nærmest ${result.from}:`
      : `Fant ingen butikker å måle avstanden til fra ${result.from}.`,
  );
  results.replaceChildren(...nearest.map(resultItem));
}
