import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type WheelEvent,
} from 'react';
import { swipeStep } from '../../lib/domain/carousel.ts';
import type { ImageCdn } from '../../lib/domain/picture-url.ts';
import {
  keyMove,
  pictureAlt,
  pictureAnnouncement,
  pictureCounter,
  stepPicture,
  type GalleryColor,
} from '../../lib/domain/product-gallery.ts';
import {
  clampPan,
  containedBox,
  fullSizeUrl,
  isDoubleTap,
  KEY_ZOOM_STEP,
  keyZoom,
  NO_ZOOM,
  panBy,
  pinchPoints,
  pinchZoom,
  TAP_SLOP_PX,
  toggleZoom,
  zoomAt,
  zoomTransform,
  type Box,
  type PinchPoints,
  type Point,
  type Size,
  type Tap,
  type Zoom,
} from '../../lib/domain/product-gallery-zoom.ts';
import { useModalDialog } from '../shared/use-modal-dialog.ts';
import { ArrowIcon, CloseIcon, ZoomIcon } from './gallery-icons.tsx';

/** Props of {@link GalleryZoom}. */
export interface GalleryZoomProps {
  open: boolean;
  /** The article's name. */
  name: string;
  /** The colour shown, with its pictures. */
  color: GalleryColor;
  /** The picture shown; the gallery behind follows the changes (`onIndex`). */
  index: number;
  cdn: ImageCdn;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** The button that opened the view, which gets focus back should the browser not know it. */
  opener: () => HTMLElement | null;
}

/** What the pointers on the picture are doing. */
type Gesture =
  | { kind: 'drag'; id: number; from: Point; zoom: Zoom; moved: boolean }
  | { kind: 'pinch'; zoom: Zoom; points: PinchPoints };

const roundButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-black/40 bg-white text-ink hover:bg-gray-100';

/**
 * The gallery's full-screen view: a modal `<dialog>` (useModalDialog: the page behind inert,
 * Escape closes, focus back on the button that opened it) with the picture at full resolution. Pinch (two
 * fingers), a double tap or double click (1× ↔ 2.5× around that point), the wheel, the zoom
 * buttons and + − 0 zoom; one finger or the mouse pans a zoomed picture and, unzoomed, swipes
 * to the next; the arrow keys move between pictures (and pan while zoomed). The zoom is back to
 * 1× on every picture. The geometry is in lib/domain/product-gallery-zoom.ts.
 */
export default function GalleryZoom(props: GalleryZoomProps) {
  const { open, name, color, index, cdn, onIndex, onClose, opener } = props;
  const { ref, onClose: handleClose } = useModalDialog(open, onClose, opener);
  const closeRef = useRef<HTMLButtonElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<Tap | null>(null);
  const [message, setMessage] = useState('');
  const count = color.pictures.length;
  const picture = color.pictures[index];

  // Every picture, and every opening, starts unzoomed.
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  const shown = open ? picture : undefined;
  const [zoomFor, setZoomFor] = useState(shown);
  if (zoomFor !== shown) {
    setZoomFor(shown);
    setZoom(NO_ZOOM);
  }

  // Focus inside on the close button, after showModal (useModalDialog) has opened it.
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  /** The surface's size and where the picture is drawn in it. */
  const measure = (): { surface: Size; box: Box } => {
    const rect = surfaceRef.current?.getBoundingClientRect();
    const surface = { width: rect?.width ?? 0, height: rect?.height ?? 0 };
    const image = imageRef.current;
    const natural =
      image && image.naturalWidth > 0
        ? { width: image.naturalWidth, height: image.naturalHeight }
        : picture?.width && picture.height
          ? { width: picture.width, height: picture.height }
          : null;
    return { surface, box: containedBox(surface, natural) };
  };

  /** A pointer's place on the surface. */
  const at = (event: { clientX: number; clientY: number }): Point => {
    const rect = surfaceRef.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };

  const go = (to: number) => {
    const next = stepPicture(to, 0, count);
    onIndex(next);
    setMessage(pictureAnnouncement(next, count));
  };

  const zoomBy = (factor: number) => {
    const { surface, box } = measure();
    const center = { x: surface.width / 2, y: surface.height / 2 };
    setZoom(zoomAt(zoom, zoom.scale * factor, center, surface, box));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const { surface, box } = measure();
    const zoomed = keyZoom(zoom, event.key, surface, box);
    if (zoomed) {
      event.preventDefault();
      setZoom(zoomed);
      return;
    }
    const next = keyMove(event.key, index, count);
    if (next === null) return;
    event.preventDefault();
    go(next);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, at(event));
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      gesture.current = { kind: 'pinch', zoom, points: pinchPoints(a, b) };
      lastTap.current = null;
    } else if (a) {
      gesture.current = { kind: 'drag', id: event.pointerId, from: a, zoom, moved: false };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const point = at(event);
    pointers.current.set(event.pointerId, point);
    const now = gesture.current;
    if (!now) return;
    const { surface, box } = measure();
    if (now.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (a && b) setZoom(pinchZoom(now, pinchPoints(a, b), surface, box));
      return;
    }
    if (event.pointerId !== now.id) return;
    const dx = point.x - now.from.x;
    const dy = point.y - now.from.y;
    if (!now.moved && Math.hypot(dx, dy) <= TAP_SLOP_PX) return;
    now.moved = true;
    if (now.zoom.scale > 1) setZoom(panBy(now.zoom, dx, dy, surface, box));
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const now = gesture.current;
    if (now?.kind === 'pinch') {
      // A finger lifted from a pinch: the other one, if any, pans on from where it is.
      const [rest] = [...pointers.current.entries()];
      gesture.current = rest
        ? { kind: 'drag', id: rest[0], from: rest[1], zoom, moved: true }
        : null;
      return;
    }
    gesture.current = null;
    if (!now || event.pointerId !== now.id || event.type === 'pointercancel') return;
    const point = at(event);
    if (now.moved) {
      // Unzoomed, a swipe past the spec's threshold changes the picture.
      const step = now.zoom.scale > 1 ? 0 : swipeStep(point.x - now.from.x, point.y - now.from.y);
      if (step !== 0) go(index + step);
      return;
    }
    const tap = { time: event.timeStamp, ...point };
    if (isDoubleTap(lastTap.current, tap)) {
      lastTap.current = null;
      const { surface, box } = measure();
      setZoom(toggleZoom(zoom, point, surface, box));
    } else {
      lastTap.current = tap;
    }
  };

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    const { surface, box } = measure();
    const factor = Math.exp(-event.deltaY * 0.002);
    setZoom(zoomAt(zoom, zoom.scale * factor, at(event), surface, box));
  };

  // A resize (a phone turned) keeps the zoom within the new edges.
  useEffect(() => {
    if (!open) return undefined;
    const onResize = () => {
      const { surface, box } = measure();
      setZoom((z) => clampPan(z, surface, box));
    };
    addEventListener('resize', onResize);
    return () => removeEventListener('resize', onResize);
  });

  const titleId = 'fullskjerm-tittel';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={handleClose}
      onKeyDown={onKeyDown}
      className="text-ink m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 backdrop:bg-black/60"
      data-gallery-dialog
    >
      {open && picture && (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-2 border-b border-gray-300 px-4 py-2">
            <h2 id={titleId} className="min-w-0 flex-1 truncate text-lg font-bold">
              {name}
              {color.name && <span className="font-normal">, {color.name}</span>}
            </h2>
            {count > 1 && (
              <span aria-hidden="true" className="tabular-nums" data-zoom-counter>
                {pictureCounter(index, count)}
              </span>
            )}
            <button
              type="button"
              aria-label="Forminsk"
              onClick={() => zoomBy(1 / KEY_ZOOM_STEP)}
              className={roundButton}
            >
              <ZoomIcon direction="out" />
            </button>
            <button
              type="button"
              aria-label="Forstørr"
              onClick={() => zoomBy(KEY_ZOOM_STEP)}
              className={roundButton}
            >
              <ZoomIcon direction="in" />
            </button>
            <button
              ref={closeRef}
              type="button"
              onClick={() => ref.current?.close()}
              className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 font-semibold hover:bg-gray-100"
            >
              <CloseIcon />
              Lukk
            </button>
          </div>
          <div className="relative min-h-0 flex-1">
            <div
              ref={surfaceRef}
              className="absolute inset-0 touch-none overflow-hidden select-none"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              onWheel={onWheel}
              onDragStart={(event) => event.preventDefault()}
              data-zoom-surface
            >
              <img
                ref={imageRef}
                key={picture.src}
                src={fullSizeUrl(picture, cdn)}
                alt={pictureAlt(name, color.name, picture.view)}
                width={picture.width ?? undefined}
                height={picture.height ?? undefined}
                draggable={false}
                // Set through the DOM by React: the page's CSP drops style attributes in HTML,
                // not styles set from script.
                style={{ transform: zoomTransform(zoom) }}
                className="size-full origin-top-left object-contain"
                data-zoom-image
              />
            </div>
            {count > 1 && (
              <>
                <button
                  type="button"
                  aria-label="Forrige bilde"
                  onClick={() => go(index - 1)}
                  className={`${roundButton} absolute top-1/2 left-3 -translate-y-1/2`}
                >
                  <ArrowIcon direction="left" />
                </button>
                <button
                  type="button"
                  aria-label="Neste bilde"
                  onClick={() => go(index + 1)}
                  className={`${roundButton} absolute top-1/2 right-3 -translate-y-1/2`}
                >
                  <ArrowIcon direction="right" />
                </button>
              </>
            )}
          </div>
          <p className="sr-only" aria-live="polite" data-zoom-announcement>
            {message}
          </p>
        </div>
      )}
    </dialog>
  );
}
