/**
 * The placeholder for a picture that fails to load. The script of PictureFallback.astro,
 * which every page runs through the layout's one module script (src/layouts/base-
 * scripts.ts).
 */

import { MISSING_IMAGE } from '../../lib/domain/missing-image.ts';

/** Starts putting the placeholder in place of pictures that fail. */
export function startPictureFallback(): void {
  const fallBack = (img: HTMLImageElement) => {
    if (img.dataset['pictureMissing'] !== undefined || img.getAttribute('src') === MISSING_IMAGE) {
      return;
    }
    img.dataset['pictureMissing'] = '';
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
    img.src = MISSING_IMAGE;
  };
  // Capturing: `error` does not bubble. Pictures that failed before this ran are found after.
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) fallBack(event.target);
    },
    true,
  );
  for (const img of document.images) {
    if (img.complete && img.naturalWidth === 0 && img.currentSrc !== '') fallBack(img);
  }
}
