/**
 * The one adapter between a picture and the static host's image service, which scales it to
 * the width a slot needs and picks the format the browser takes best. A deploy names the
 * service with `IMAGE_CDN` (src/lib/site.ts); the pages learn it from `<html data-image-cdn>`.
 */

// From its own module, not picture-source.ts: the card renderers that use this adapter in the
// browser need none of the picture rules.
import { MISSING_IMAGE } from './missing-image.ts';

/**
 * The quality every picture is asked for, Netlify's own default. At Cloudflare's default (85),
 * or the 80 the local host used, a phone's home banner (800 px WebP) weighed 18.0 KB against
 * 13.5 at 75, and that picture is home's largest paint.
 */
const QUALITY = '75';

/** The image services a release can use; `none` shows every picture as it is. */
export const IMAGE_CDNS = ['cloudflare', 'netlify', 'none'] as const;

/** An image service: Cloudflare Images, Netlify Image CDN, or none. */
export type ImageCdn = (typeof IMAGE_CDNS)[number];

/** Whether `value` names an image service. */
export function isImageCdn(value: unknown): value is ImageCdn {
  return IMAGE_CDNS.includes(value as ImageCdn);
}

/**
 * Whether a service may transform `src`: not the placeholder, and no SVG, which is a vector
 * and already sharp at every width.
 */
export function isTransformable(src: string): boolean {
  if (src === MISSING_IMAGE) return false;
  const path = URL.parse(src, 'https://site.invalid')?.pathname ?? src;
  return !path.toLowerCase().endsWith('.svg');
}

/**
 * `src` (a same-site path or an https URL that passed pictureSource) at `width` CSS pixels
 * from `cdn`: Cloudflare's `/cdn-cgi/image/width=400,quality=75,format=auto/images/a.jpg` (a
 * same-site source without its leading slash, an absolute one in full), Netlify's
 * `/.netlify/images?url=%2Fimages%2Fa.jpg&w=400&q=75`, or `src` itself for `none`, an SVG
 * and the placeholder.
 */
export function pictureUrl(src: string, width: number, cdn: ImageCdn): string {
  if (cdn === 'none' || !isTransformable(src)) return src;
  const w = String(Math.max(1, Math.round(width)));
  if (cdn === 'netlify')
    return `/.netlify/images?url=${encodeURIComponent(src)}&w=${w}&q=${QUALITY}`;
  const path = src.startsWith('/') ? src.slice(1) : src;
  return `/cdn-cgi/image/width=${w},quality=${QUALITY},format=auto/${path}`;
}

/**
 * A `srcset` with one candidate per width (`… 400w, … 800w`), or null where there is nothing
 * to choose from: no service, an SVG or the placeholder, no widths, or a source whose address
 * would end in a comma (a `srcset` would cut it).
 */
export function pictureSrcset(
  src: string,
  widths: readonly number[],
  cdn: ImageCdn,
): string | null {
  if (cdn === 'none' || widths.length === 0 || !isTransformable(src) || src.endsWith(',')) {
    return null;
  }
  return widths.map((w) => `${pictureUrl(src, w, cdn)} ${String(Math.round(w))}w`).join(', ');
}
