/**
 * The colour whose pictures the product page's gallery shows. The buy box owns the colour
 * choice (ProductBuyBox); the gallery (ProductGallery) follows it through this store, so that
 * the two islands share no props and neither loads the other's code.
 */

import { atom } from 'nanostores';

/** The colour the gallery is to show; null while it shows the one it was built with. */
export const $galleryColor = atom<number | null>(null);

/**
 * Has the gallery show `colorId`'s pictures. `built` is the colour its server HTML shows
 * (`data-built-color`), which it keeps until told otherwise. Answers whether that changed
 * anything: only then does the gallery need to be asked to hydrate.
 */
export function showGalleryColor(colorId: number, built: number | null): boolean {
  if (($galleryColor.get() ?? built) === colorId) return false;
  $galleryColor.set(colorId);
  return true;
}
