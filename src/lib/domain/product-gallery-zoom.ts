/**
 * The zoom of the product gallery's full-screen view (src/islands/product/GalleryZoom.tsx):
 * pinch, double tap or double click, panning and keys, as plain geometry so it is tested
 * without a browser.
 *
 * The picture fills its surface (`object-contain`, so the drawn picture is the `box` inside
 * it) and is transformed from the surface's top left corner: a point `p` of the unzoomed
 * surface is drawn at `(x, y) + scale × p`. The zoom never lets the picture leave a gap at an
 * edge of the surface where it is larger than the surface, and centres it where it is smaller.
 */

import { SWIPE_THRESHOLD_PX } from './carousel.ts';
import { PICTURE_LADDER } from './picture-layouts.ts';
import { pictureUrl, type ImageCdn } from './picture-url.ts';

/** The unzoomed picture. */
export const MIN_ZOOM = 1;
/** The closest a pinch, the wheel or the keys go. */
export const MAX_ZOOM = 4;
/** What a double tap or double click zooms to (and a second one back to 1×). */
export const DOUBLE_TAP_ZOOM = 2.5;
/** One press of + or −, as a factor. */
export const KEY_ZOOM_STEP = 1.5;
/** How far an arrow key pans a zoomed picture, as a share of the surface. */
export const KEY_PAN_SHARE = 0.1;
/** Two taps this close in time (ms) … */
export const DOUBLE_TAP_MS = 350;
/** … and this close in place (px) are a double tap. */
export const DOUBLE_TAP_DISTANCE_PX = 30;
/** A pointer that moves no further than this between down and up is a tap (the spec's swipe). */
export const TAP_SLOP_PX = SWIPE_THRESHOLD_PX;

/** A zoom: the scale and the translation in CSS pixels. */
export interface Zoom {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

/** The picture as it first shows. */
export const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };

/** A point in the surface's CSS pixels, from its top left corner. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A width and height in pixels. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** A rectangle in the surface's CSS pixels. */
export interface Box extends Point, Size {}

/** `scale` within {@link MIN_ZOOM}..{@link MAX_ZOOM} (1 for what is no number). */
export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return MIN_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/**
 * Where a picture of `natural` size is drawn inside `surface` by `object-contain`: as large as
 * fits, centred. Without a known size the picture is taken to fill the surface.
 */
export function containedBox(surface: Size, natural: Size | null): Box {
  if (!natural || natural.width <= 0 || natural.height <= 0) {
    return { x: 0, y: 0, width: surface.width, height: surface.height };
  }
  const fit = Math.min(surface.width / natural.width, surface.height / natural.height);
  const width = natural.width * fit;
  const height = natural.height * fit;
  return { x: (surface.width - width) / 2, y: (surface.height - height) / 2, width, height };
}

/** The translation on one axis: edges held where the picture is larger, centred where not. */
function clampAxis(t: number, scale: number, surface: number, start: number, length: number) {
  const drawn = scale * length;
  if (drawn <= surface) return (surface - drawn) / 2 - scale * start + 0;
  const max = -scale * start;
  const min = surface - drawn - scale * start;
  // `+ 0` turns -0 into 0, so a transform never reads `translate(-0px, …)`.
  return Math.min(max, Math.max(min, t)) + 0;
}

/** `zoom` with its scale clamped and moved back where it would show a gap at an edge. */
export function clampPan(zoom: Zoom, surface: Size, box: Box): Zoom {
  const scale = clampScale(zoom.scale);
  return {
    scale,
    x: clampAxis(zoom.x, scale, surface.width, box.x, box.width),
    y: clampAxis(zoom.y, scale, surface.height, box.y, box.height),
  };
}

/** `zoom` at `scale` (clamped), keeping the point of the picture under `at` where it is. */
export function zoomAt(zoom: Zoom, scale: number, at: Point, surface: Size, box: Box): Zoom {
  const next = clampScale(scale);
  const px = (at.x - zoom.x) / zoom.scale;
  const py = (at.y - zoom.y) / zoom.scale;
  return clampPan({ scale: next, x: at.x - next * px, y: at.y - next * py }, surface, box);
}

/**
 * A double tap or double click at `at`: from 1× to {@link DOUBLE_TAP_ZOOM} around that point,
 * from any zoom back to 1×.
 */
export function toggleZoom(zoom: Zoom, at: Point, surface: Size, box: Box): Zoom {
  return zoom.scale > MIN_ZOOM ? NO_ZOOM : zoomAt(zoom, DOUBLE_TAP_ZOOM, at, surface, box);
}

/** Two pointers: how far apart they are, and the point between them. */
export interface PinchPoints {
  readonly distance: number;
  readonly center: Point;
}

/** The two pointers' distance and centre. */
export function pinchPoints(a: Point, b: Point): PinchPoints {
  return {
    distance: Math.hypot(a.x - b.x, a.y - b.y),
    center: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
  };
}

/**
 * A pinch from `start` (the zoom when the second finger came down, and the fingers then) to
 * the fingers `now`: the scale follows their distance (clamped to 1–4) and the point of the
 * picture between them follows their centre.
 */
export function pinchZoom(
  start: { zoom: Zoom; points: PinchPoints },
  now: PinchPoints,
  surface: Size,
  box: Box,
): Zoom {
  const { zoom, points } = start;
  if (points.distance <= 0) return zoom;
  const scale = clampScale((zoom.scale * now.distance) / points.distance);
  const px = (points.center.x - zoom.x) / zoom.scale;
  const py = (points.center.y - zoom.y) / zoom.scale;
  return clampPan(
    { scale, x: now.center.x - scale * px, y: now.center.y - scale * py },
    surface,
    box,
  );
}

/** `zoom` moved by a drag of `dx`, `dy` pixels, within the edges. */
export function panBy(zoom: Zoom, dx: number, dy: number, surface: Size, box: Box): Zoom {
  return clampPan({ ...zoom, x: zoom.x + dx, y: zoom.y + dy }, surface, box);
}

/** A tap: when it ended, and where. */
export interface Tap extends Point {
  readonly time: number;
}

/** Whether `second` follows `first` closely enough, in time and place, to be a double tap. */
export function isDoubleTap(first: Tap | null, second: Tap): boolean {
  return (
    first !== null &&
    second.time - first.time <= DOUBLE_TAP_MS &&
    Math.hypot(second.x - first.x, second.y - first.y) <= DOUBLE_TAP_DISTANCE_PX
  );
}

/**
 * What a key does to the zoom, around the surface's centre: `+` (or `=`) zooms in a step,
 * `-` out, `0` back to 1×, and the arrows pan a zoomed picture; null for any other key, and
 * for an arrow at 1× (which then changes the picture).
 */
export function keyZoom(zoom: Zoom, key: string, surface: Size, box: Box): Zoom | null {
  const center = { x: surface.width / 2, y: surface.height / 2 };
  const panX = surface.width * KEY_PAN_SHARE;
  const panY = surface.height * KEY_PAN_SHARE;
  const zoomed = zoom.scale > MIN_ZOOM;
  switch (key) {
    case '+':
    case '=':
      return zoomAt(zoom, zoom.scale * KEY_ZOOM_STEP, center, surface, box);
    case '-':
      return zoomAt(zoom, zoom.scale / KEY_ZOOM_STEP, center, surface, box);
    case '0':
      return NO_ZOOM;
    case 'ArrowLeft':
      return zoomed ? panBy(zoom, panX, 0, surface, box) : null;
    case 'ArrowRight':
      return zoomed ? panBy(zoom, -panX, 0, surface, box) : null;
    case 'ArrowUp':
      return zoomed ? panBy(zoom, 0, panY, surface, box) : null;
    case 'ArrowDown':
      return zoomed ? panBy(zoom, 0, -panY, surface, box) : null;
    default:
      return null;
  }
}

/** The CSS transform of `zoom` (with `transform-origin: 0 0`). */
export function zoomTransform(zoom: Zoom): string {
  return `translate(${String(zoom.x)}px, ${String(zoom.y)}px) scale(${String(zoom.scale)})`;
}

/**
 * The widest a full-size picture is asked for: twice the widest a slot asks for, which a 4×
 * zoom on a laptop's screen fills; an API that names a larger original gets it at this width.
 */
export const FULL_SIZE_MAX_WIDTH = 2 * Math.max(...PICTURE_LADDER);

/**
 * The address of a picture at full resolution: the image service at the picture's own width
 * (the original's pixels, in the format the browser takes best; at most
 * {@link FULL_SIZE_MAX_WIDTH}), or at the widest a slot is asked for when its width is
 * unknown; the source itself without a service.
 */
export function fullSizeUrl(picture: { src: string; width: number | null }, cdn: ImageCdn): string {
  const width = Math.min(picture.width ?? Math.max(...PICTURE_LADDER), FULL_SIZE_MAX_WIDTH);
  return pictureUrl(picture.src, width, cdn);
}
