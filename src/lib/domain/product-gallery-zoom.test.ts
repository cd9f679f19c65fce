import { describe, expect, it } from 'vitest';
import {
  clampPan,
  clampScale,
  containedBox,
  DOUBLE_TAP_MS,
  DOUBLE_TAP_ZOOM,
  FULL_SIZE_MAX_WIDTH,
  fullSizeUrl,
  isDoubleTap,
  keyZoom,
  MAX_ZOOM,
  NO_ZOOM,
  panBy,
  pinchPoints,
  pinchZoom,
  toggleZoom,
  zoomAt,
  zoomTransform,
  type Zoom,
} from './product-gallery-zoom.ts';

// A square picture in a 400 × 600 surface: drawn 400 × 400, 100 px from the top.
const surface = { width: 400, height: 600 };
const box = containedBox(surface, { width: 1500, height: 1500 });

/** Where the picture point drawn at `p` unzoomed is drawn under `zoom`. */
const drawn = (zoom: Zoom, p: { x: number; y: number }) => ({
  x: zoom.x + zoom.scale * p.x,
  y: zoom.y + zoom.scale * p.y,
});

describe('containedBox', () => {
  it('fits the picture into the surface, centred, as object-contain draws it', () => {
    expect(box).toEqual({ x: 0, y: 100, width: 400, height: 400 });
    expect(containedBox(surface, { width: 200, height: 100 })).toEqual({
      x: 0,
      y: 200,
      width: 400,
      height: 200,
    });
    expect(containedBox(surface, { width: 100, height: 300 })).toEqual({
      x: 100,
      y: 0,
      width: 200,
      height: 600,
    });
    expect(containedBox(surface, null)).toEqual({ x: 0, y: 0, width: 400, height: 600 });
  });
});

describe('scale', () => {
  it('stays within 1–4', () => {
    expect(clampScale(0.2)).toBe(1);
    expect(clampScale(2)).toBe(2);
    expect(clampScale(9)).toBe(MAX_ZOOM);
    expect(clampScale(Number.NaN)).toBe(1);
  });
});

describe('pinch', () => {
  const start = { zoom: NO_ZOOM, points: pinchPoints({ x: 150, y: 300 }, { x: 250, y: 300 }) };

  it('scales with the fingers’ distance, clamped to 1–4', () => {
    const twice = pinchPoints({ x: 100, y: 300 }, { x: 300, y: 300 });
    expect(pinchZoom(start, twice, surface, box).scale).toBe(2);
    const far = pinchPoints({ x: 0, y: 300 }, { x: 1000, y: 300 });
    expect(pinchZoom(start, far, surface, box).scale).toBe(MAX_ZOOM);
    const closer = pinchPoints({ x: 190, y: 300 }, { x: 210, y: 300 });
    expect(pinchZoom(start, closer, surface, box)).toEqual(NO_ZOOM);
  });

  it('keeps the point between the fingers under them', () => {
    const twice = pinchPoints({ x: 100, y: 300 }, { x: 300, y: 300 });
    const zoom = pinchZoom(start, twice, surface, box);
    expect(drawn(zoom, { x: 200, y: 300 })).toEqual({ x: 200, y: 300 });
  });

  it('follows the fingers as they move together, within the edges', () => {
    const moved = pinchPoints({ x: 130, y: 330 }, { x: 330, y: 330 });
    const zoom = pinchZoom(start, moved, surface, box);
    expect(drawn(zoom, { x: 200, y: 300 })).toEqual({ x: 230, y: 330 });
    const off = pinchPoints({ x: 500, y: 300 }, { x: 700, y: 300 });
    expect(pinchZoom(start, off, surface, box).x).toBe(0);
  });
});

describe('double tap', () => {
  it('zooms to 2.5× around the tapped point, and back to 1×', () => {
    const at = { x: 200, y: 300 };
    const zoom = toggleZoom(NO_ZOOM, at, surface, box);
    expect(zoom.scale).toBe(DOUBLE_TAP_ZOOM);
    expect(drawn(zoom, at)).toEqual(at);
    expect(toggleZoom(zoom, at, surface, box)).toEqual(NO_ZOOM);
  });

  it('near a corner, keeps the picture’s edges at the surface’s', () => {
    // Tapped in the band above the picture: its top edge comes to the surface's top.
    const zoom = toggleZoom(NO_ZOOM, { x: 0, y: 20 }, surface, box);
    expect(zoom.scale).toBe(DOUBLE_TAP_ZOOM);
    expect(drawn(zoom, { x: box.x, y: box.y })).toEqual({ x: 0, y: 0 });
  });

  it('is two taps within 350 ms and 30 px', () => {
    const first = { time: 1000, x: 100, y: 100 };
    expect(isDoubleTap(first, { time: 1000 + DOUBLE_TAP_MS, x: 120, y: 110 })).toBe(true);
    expect(isDoubleTap(first, { time: 1001 + DOUBLE_TAP_MS, x: 100, y: 100 })).toBe(false);
    expect(isDoubleTap(first, { time: 1100, x: 140, y: 100 })).toBe(false);
    expect(isDoubleTap(null, first)).toBe(false);
  });
});

describe('pan bounds', () => {
  it('at 1× holds the picture where object-contain draws it', () => {
    expect(panBy(NO_ZOOM, 50, -80, surface, box)).toEqual(NO_ZOOM);
  });

  it('zoomed, lets the picture move until an edge meets the surface’s, no further', () => {
    const zoom: Zoom = { scale: 2, x: -200, y: -300 };
    expect(panBy(zoom, 100, 0, surface, box).x).toBe(-100);
    // The picture's left edge at the surface's: x = 0.
    expect(panBy(zoom, 500, 0, surface, box).x).toBe(0);
    // Its right edge at the surface's: x + 2 × 400 = 400.
    expect(panBy(zoom, -500, 0, surface, box).x).toBe(-400);
    // Its top (drawn at y + 2 × 100) at the top, its bottom (y + 2 × 500) at the bottom.
    expect(panBy(zoom, 0, 900, surface, box).y).toBe(-200);
    expect(panBy(zoom, 0, -900, surface, box).y).toBe(-400);
  });

  it('centres the picture on an axis where it is smaller than the surface', () => {
    // 1.2 × 400 = 480 px tall in 600: 60 px above and below.
    const zoom = clampPan({ scale: 1.2, x: 0, y: 500 }, surface, box);
    expect(drawn(zoom, { x: 0, y: box.y }).y).toBeCloseTo(60);
    expect(zoom.x).toBeLessThanOrEqual(0);
  });
});

describe('keys', () => {
  it('zoom in and out around the centre, and 0 resets', () => {
    const center = { x: 200, y: 300 };
    const inOnce = keyZoom(NO_ZOOM, '+', surface, box);
    expect(inOnce?.scale).toBe(1.5);
    if (!inOnce) throw new Error('unreachable');
    expect(drawn(inOnce, center)).toEqual(center);
    expect(keyZoom(inOnce, '=', surface, box)?.scale).toBe(2.25);
    expect(keyZoom(inOnce, '-', surface, box)).toEqual(NO_ZOOM);
    expect(keyZoom(inOnce, '0', surface, box)).toEqual(NO_ZOOM);
    expect(keyZoom({ scale: 4, x: 0, y: 0 }, '+', surface, box)?.scale).toBe(4);
  });

  it('pan with the arrows only while zoomed', () => {
    expect(keyZoom(NO_ZOOM, 'ArrowRight', surface, box)).toBeNull();
    const zoom = zoomAt(NO_ZOOM, 2, { x: 200, y: 300 }, surface, box);
    expect(keyZoom(zoom, 'ArrowRight', surface, box)?.x).toBe(zoom.x - 40);
    expect(keyZoom(zoom, 'ArrowUp', surface, box)?.y).toBe(zoom.y + 60);
    expect(keyZoom(zoom, 'Enter', surface, box)).toBeNull();
  });
});

describe('output', () => {
  it('writes the transform and the full-size address', () => {
    expect(zoomTransform({ scale: 2, x: -10, y: 5 })).toBe('translate(-10px, 5px) scale(2)');
    const picture = { src: '/images/articles/1/8-front.jpg', width: 1500 };
    expect(fullSizeUrl(picture, 'cloudflare')).toBe(
      '/cdn-cgi/image/width=1500,quality=75,format=auto/images/articles/1/8-front.jpg',
    );
    expect(fullSizeUrl(picture, 'none')).toBe(picture.src);
    expect(fullSizeUrl({ ...picture, width: null }, 'netlify')).toBe(
      '/.netlify/images?url=%2Fimages%2Farticles%2F1%2F8-front.jpg&w=1600&q=75',
    );
    expect(fullSizeUrl({ ...picture, width: 1e9 }, 'cloudflare')).toBe(
      `/cdn-cgi/image/width=${String(FULL_SIZE_MAX_WIDTH)},quality=75,format=auto/images/articles/1/8-front.jpg`,
    );
    expect(fullSizeUrl({ src: '/bilde-mangler.svg', width: 1500 }, 'cloudflare')).toBe(
      '/bilde-mangler.svg',
    );
  });
});
