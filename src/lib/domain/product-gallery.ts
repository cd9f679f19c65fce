/**
 * Rules of the product page's gallery (src/islands/product/ProductGallery.tsx): which
 * pictures it shows for the chosen colour, how the shopper moves between them, and what they
 * are called. Kept apart from the DOM so they are tested without a browser.
 *
 * Moves wrap, as the home carousel's do (lib/domain/carousel.ts): 'next' on the last picture
 * shows the first. So previous and next are never disabled, and a keyboard shopper's focus
 * never falls off a button that stopped working under it.
 */

import type { ColorPictures, Picture, PictureView } from '../types.ts';
import { wrapIndex } from './carousel.ts';

/** The sides of an article in Norwegian, as the pictures' names say them. */
export const VIEW_NAMES: Readonly<Record<PictureView, string>> = {
  front: 'forfra',
  back: 'bakfra',
  detail: 'detalj',
};

/** A colour the gallery can show: its id (null for an article without colours), name and pictures. */
export interface GalleryColor {
  id: number | null;
  name: string;
  pictures: Picture[];
}

/**
 * The gallery's colours: those of `pictures` that the variants offer, named as the variants
 * name them, in the pictures' order (the main colour first). An article with none of them
 * shows `fallbackImage` (its `image`, or the placeholder) alone.
 */
export function galleryColors(
  pictures: readonly ColorPictures[],
  variants: ReadonlyArray<{ color: { id: number; name: string } }>,
  fallbackImage: string,
): GalleryColor[] {
  const names = new Map(variants.map((v) => [v.color.id, v.color.name]));
  const colors = pictures.flatMap(({ colorId, pictures: shown }) => {
    const name = names.get(colorId);
    return name === undefined || shown.length === 0 ? [] : [{ id: colorId, name, pictures: shown }];
  });
  return colors.length > 0
    ? colors
    : [
        {
          id: null,
          name: '',
          pictures: [{ src: fallbackImage, width: null, height: null, view: null }],
        },
      ];
}

/** The colour shown for `colorId`: its own, else the first (the main colour). */
export function shownColor(
  colors: readonly GalleryColor[],
  colorId: number | null,
): GalleryColor | undefined {
  return colors.find((c) => c.id === colorId) ?? colors[0];
}

/** The picture `step` places from `index` among `count`, wrapping both ways. */
export function stepPicture(index: number, step: number, count: number): number {
  return wrapIndex(index + step, count);
}

/**
 * The picture a key moves to from `index` among `count` (ArrowLeft and ArrowRight one back
 * or on, wrapping; Home the first, End the last), or null for any other key.
 */
export function keyMove(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowLeft':
      return stepPicture(index, -1, count);
    case 'ArrowRight':
      return stepPicture(index, 1, count);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** 'Bilde 2 av 3', what a change of picture announces. */
export function pictureAnnouncement(index: number, count: number): string {
  return `Bilde ${String(index + 1)} av ${String(count)}`;
}

/** The counter under the picture: '2 / 3'. */
export function pictureCounter(index: number, count: number): string {
  return `${String(index + 1)} / ${String(count)}`;
}

/** A thumbnail's name: 'Bilde 2 av 3: Vinterjakke, bakfra' (the side where it is known). */
export function thumbnailLabel(
  index: number,
  count: number,
  name: string,
  view: PictureView | null,
): string {
  return `${pictureAnnouncement(index, count)}: ${name}${view ? `, ${VIEW_NAMES[view]}` : ''}`;
}

/** A picture's text alternative: 'Vinterjakke, Rød, bakfra' (colour and side where known). */
export function pictureAlt(name: string, colorName: string, view: PictureView | null): string {
  return [name, colorName, view ? VIEW_NAMES[view] : ''].filter(Boolean).join(', ');
}
