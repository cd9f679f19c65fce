/**
 * The shop list's distance sort (/butikker, no React): a postal code or 'Bruk min posisjon'
 * reorders the pre-rendered list nearest first and writes each shop's distance into the
 * space its item keeps for it. `?postnummer=` (the home page's store search without
 * JavaScript) starts a lookup on load. Progress and errors are read out politely.
 */

import { formatDistance } from '../../lib/format/distance.ts';
import { positionFromBrowser, positionFromPostalCode } from '../../stores/position.ts';
import { LOOKING_UP_MESSAGE, nearestShops, type FinderShop } from './nearest-shops.ts';

/** The parts of the page the finder works with. */
export interface ShopFinderParts {
  form: HTMLFormElement;
  postalCode: HTMLInputElement;
  useBrowser: HTMLButtonElement;
  /** The polite live region for progress, result and errors; has an id. */
  status: HTMLElement;
  /** The list whose items carry `data-shop-id`, `data-shop-name`, `data-lat`, `data-lon`. */
  list: HTMLElement;
}

type ListedShop = FinderShop & { item: HTMLElement };

function listedShops(list: HTMLElement): ListedShop[] {
  return [...list.querySelectorAll<HTMLElement>('[data-shop-id]')].map((item) => {
    const { shopId, shopName, lat, lon } = item.dataset;
    const coords = lat && lon ? { latitude: Number(lat), longitude: Number(lon) } : null;
    return { id: Number(shopId), name: shopName ?? '', coords, item };
  });
}

/** Wires the finder's form and button to the list. */
export function startShopFinder(parts: ShopFinderParts): void {
  const { form, postalCode, useBrowser, status, list } = parts;
  const shops = listedShops(list);

  const say = (message: string, error = false): void => {
    status.textContent = message;
    status.toggleAttribute('data-error', error);
  };

  const sort = async (locate: () => Promise<void>, fromPostalCode: boolean): Promise<void> => {
    say(LOOKING_UP_MESSAGE);
    postalCode.removeAttribute('aria-invalid');
    postalCode.removeAttribute('aria-describedby');
    list.setAttribute('aria-busy', 'true');
    const result = await nearestShops(shops, locate);
    if (!result) return;
    list.removeAttribute('aria-busy');
    if (!result.found) {
      say(result.message, result.message !== '');
      if (fromPostalCode && result.message !== '') {
        postalCode.setAttribute('aria-invalid', 'true');
        postalCode.setAttribute('aria-describedby', status.id);
      }
      return;
    }
    for (const shop of result.shops) {
      const distance = shop.item.querySelector('[data-distance]');
      if (distance)
        distance.textContent = shop.distance === null ? '' : formatDistance(shop.distance);
      list.append(shop.item);
    }
    const nearest = result.shops[0];
    say(
      nearest?.distance != null
        ? `Sortert etter avstand fra ${result.from}. Nærmest er ${nearest.name}, ${formatDistance(nearest.distance)}.`
        : `Sortert etter avstand fra ${result.from}.`,
    );
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void sort(() => positionFromPostalCode(postalCode.value), true);
  });
  useBrowser.addEventListener('click', () => {
    void sort(() => positionFromBrowser(), false);
  });

  const asked = new URLSearchParams(location.search).get('postnummer');
  if (asked) {
    postalCode.value = asked;
    void sort(() => positionFromPostalCode(asked), true);
  }
}
