import { useStore } from '@nanostores/react';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { isDrag, swipeStep } from '../../lib/domain/carousel.ts';
import { responsivePicture } from '../../lib/domain/picture-layouts.ts';
import type { ImageCdn } from '../../lib/domain/picture-url.ts';
import {
  keyMove,
  pictureAlt,
  pictureAnnouncement,
  pictureCounter,
  shownColor,
  stepPicture,
  thumbnailLabel,
  type GalleryColor,
} from '../../lib/domain/product-gallery.ts';
import { $galleryColor } from '../../stores/product-gallery.ts';
import { announceLive } from '../directives/hydrate-event.ts';
import { useModule } from '../shared/use-module.ts';
import { ArrowIcon, ExpandIcon } from './gallery-icons.tsx';

// The full-screen view is a module of its own, loaded when the shopper first opens it.
const loadZoom = () => import('./GalleryZoom.tsx');

/** The id of the slides, which the controls name (`aria-controls`). */
const TRACK_ID = 'produktbilder';

/** Props of {@link ProductGallery}: only what it shows, to keep the page lean. */
export interface ProductGalleryProps {
  /** The article's name, for the pictures' names. */
  name: string;
  /** Each colour with its pictures (lib/domain/product-gallery.ts `galleryColors`). */
  colors: readonly GalleryColor[];
  /** The colour the server HTML shows: the buy box's first choice. */
  builtColorId: number | null;
  /** The image service that scales the pictures (the page's `<html data-image-cdn>`). */
  cdn: ImageCdn;
}

const controlLook =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-black/40 bg-white text-ink';
const controlButton = `${controlLook} hover:bg-gray-100 noscript:hidden`;

/**
 * The product page's pictures: the chosen colour's photographs one at a time (the WAI-ARIA
 * carousel pattern: one labelled group per picture, the hidden ones inert; no autoplay), with
 * previous and next, a counter and thumbnails. A swipe past docs/spec.md §10 px and the arrow keys
 * move between them. Clicking or tapping the picture itself opens it full screen with zoom
 * (GalleryZoom), as shoppers expect of a product photo: one button covers the picture, its
 * icon in the corner, and a drag past the threshold is no tap. The colour follows the buy
 * box's choice ($galleryColor). Its server HTML shows the first picture as the page's
 * largest, loaded first; without JavaScript the controls are hidden.
 */
export default function ProductGallery({ name, colors, builtColorId, cdn }: ProductGalleryProps) {
  // The first render must match the server HTML: the chosen colour is taken up after it.
  const [live, setLive] = useState(false);
  const stored = useStore($galleryColor);
  const color = shownColor(colors, live ? (stored ?? builtColorId) : builtColorId);
  const pictures = color?.pictures ?? [];
  const count = pictures.length;
  const [index, setIndex] = useState(0);
  // Another colour starts at its first picture.
  const [indexColor, setIndexColor] = useState(color);
  if (indexColor !== color) {
    setIndexColor(color);
    setIndex(0);
  }
  const [message, setMessage] = useState('');
  const [zoomOpen, setZoomOpen] = useState(false);
  const [zoomWanted, setZoomWanted] = useState(false);
  const zoom = useModule(loadZoom, zoomWanted);

  const rootRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const thumbRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const swipe = useRef<{ x: number; y: number; id: number; swiped: boolean } | null>(null);
  // Whether the last press on the picture moved past the threshold, until the next press.
  const dragged = useRef(false);

  useEffect(() => {
    setLive(true);
    // Live now: a click made before hydration may be replayed (client:interaction).
    announceLive(rootRef.current);
  }, []);

  // The slides move by a transform set here, not in a style attribute, which the page's CSP
  // (no inline styles) would drop from the server HTML.
  const place = (offsetPx = 0) => {
    const track = trackRef.current;
    if (!track) return;
    track.style.transform =
      index === 0 && offsetPx === 0
        ? ''
        : `translateX(calc(${String(-index * 100)}% + ${String(offsetPx)}px))`;
  };
  useEffect(place, [index, color]);

  /** Shows picture `to` (wrapping); `announce` says so to screen readers. */
  const go = (to: number, announce = true) => {
    const next = stepPicture(to, 0, count);
    setIndex(next);
    if (announce) setMessage(pictureAnnouncement(next, count));
    return next;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // The full-screen view inside handles its own keys.
    if (event.target instanceof Element && event.target.closest('dialog')) return;
    const next = keyMove(event.key, index, count);
    if (next === null) return;
    event.preventDefault();
    go(next);
    // Focus on a thumbnail follows the picture, as in a group of radio buttons.
    if (thumbRefs.current.includes(event.target as HTMLButtonElement)) {
      thumbRefs.current[next]?.focus();
    }
  };

  // Swipe: the slides follow the finger once it has moved past the threshold; letting go past
  // it changes the picture (lib/domain/carousel.ts, the home carousel's rule).
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.isPrimary || event.button !== 0) return;
    dragged.current = false;
    swipe.current = { x: event.clientX, y: event.clientY, id: event.pointerId, swiped: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = swipe.current;
    if (!from || event.pointerId !== from.id) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (isDrag(dx, dy)) dragged.current = true;
    if (count < 2 || (!from.swiped && swipeStep(dx, dy) === 0)) return;
    if (!from.swiped) {
      from.swiped = true;
      if (trackRef.current) trackRef.current.style.transitionDuration = '0ms';
      surfaceRef.current?.setPointerCapture(event.pointerId);
    }
    place(dx);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const from = swipe.current;
    if (!from || event.pointerId !== from.id) return;
    swipe.current = null;
    if (!from.swiped) return;
    if (trackRef.current) trackRef.current.style.transitionDuration = '';
    const step = swipeStep(event.clientX - from.x, event.clientY - from.y);
    if (step === 0) place();
    else go(index + step);
  };

  // A click from the keyboard (detail 0), or replayed from before hydration, always opens.
  const openZoom = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail > 0 && dragged.current) return;
    setZoomWanted(true);
    setZoomOpen(true);
  };

  if (!color) return null;
  return (
    <section
      ref={rootRef}
      aria-roledescription="karusell"
      aria-label={`Bilder av ${name}`}
      className="grid content-start gap-3"
      data-product-gallery
      data-built-color={builtColorId ?? undefined}
      data-color={color.id ?? undefined}
      onKeyDown={onKeyDown}
    >
      <div
        ref={surfaceRef}
        className="relative touch-pan-y touch-pinch-zoom"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDragStart={(event) => event.preventDefault()}
      >
        <div className="bg-surface overflow-hidden rounded-lg" data-gallery-viewport>
          <div
            ref={trackRef}
            id={TRACK_ID}
            className="flex transition-transform duration-300 ease-out motion-reduce:transition-none"
          >
            {pictures.map((picture, i) => {
              const responsive = responsivePicture(picture.src, 'productMain', cdn, picture.width);
              return (
                <div
                  key={`${picture.src} ${String(i)}`}
                  role="group"
                  aria-roledescription="lysbilde"
                  aria-label={`${String(i + 1)} av ${String(count)}`}
                  inert={i !== index}
                  className="w-full shrink-0"
                  data-gallery-slide
                >
                  <img
                    src={picture.src}
                    srcSet={responsive?.srcset}
                    sizes={responsive?.sizes}
                    alt={pictureAlt(name, color.name, picture.view)}
                    width={picture.width ?? 600}
                    height={picture.height ?? 600}
                    // The first picture is the page's largest: loaded first. Once the shopper
                    // has reached for the gallery, the others load too, ready to be shown.
                    loading={i === 0 || live ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : undefined}
                    decoding={i === 0 ? undefined : 'async'}
                    draggable={false}
                    className="aspect-square w-full object-contain"
                  />
                </div>
              );
            })}
          </div>
        </div>
        <button
          ref={openerRef}
          type="button"
          aria-label="Vis bildet i full størrelse"
          aria-haspopup="dialog"
          onClick={openZoom}
          className="group absolute inset-0 cursor-zoom-in rounded-lg noscript:hidden"
          data-gallery-zoom
        >
          <span className={`${controlLook} absolute top-2 right-2 group-hover:bg-gray-100`}>
            <ExpandIcon />
          </span>
        </button>
      </div>
      {count > 1 && (
        <div className="flex items-center justify-center gap-3 noscript:hidden">
          <button
            type="button"
            aria-controls={TRACK_ID}
            aria-label="Forrige bilde"
            onClick={() => go(index - 1)}
            className={controlButton}
          >
            <ArrowIcon direction="left" />
          </button>
          <span
            aria-hidden="true"
            className="min-w-12 text-center tabular-nums"
            data-gallery-counter
          >
            {pictureCounter(index, count)}
          </span>
          <button
            type="button"
            aria-controls={TRACK_ID}
            aria-label="Neste bilde"
            onClick={() => go(index + 1)}
            className={controlButton}
          >
            <ArrowIcon direction="right" />
          </button>
        </div>
      )}
      {count > 1 && (
        <ul className="grid grid-cols-4 gap-2 noscript:hidden" data-gallery-thumbnails>
          {pictures.map((picture, i) => {
            const responsive = responsivePicture(picture.src, 'productThumb', cdn, picture.width);
            return (
              <li key={`${picture.src} ${String(i)}`}>
                <button
                  ref={(el) => {
                    thumbRefs.current[i] = el;
                  }}
                  type="button"
                  aria-label={thumbnailLabel(i, count, name, picture.view)}
                  aria-current={i === index ? 'true' : undefined}
                  aria-controls={TRACK_ID}
                  onClick={() => go(i)}
                  className="bg-surface aria-[current=true]:border-ink block min-h-11 w-full overflow-hidden rounded-md border-2 border-transparent"
                >
                  <img
                    src={picture.src}
                    srcSet={responsive?.srcset}
                    sizes={responsive?.sizes}
                    alt=""
                    width={picture.width ?? 150}
                    height={picture.height ?? 150}
                    loading="lazy"
                    decoding="async"
                    draggable={false}
                    className="aspect-square w-full object-contain"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="sr-only" aria-live="polite" data-gallery-announcement>
        {message}
      </p>
      {zoom && (
        <zoom.default
          open={zoomOpen}
          name={name}
          color={color}
          index={Math.min(index, count - 1)}
          cdn={cdn}
          onIndex={(to) => go(to, false)}
          onClose={() => setZoomOpen(false)}
          opener={() => openerRef.current}
        />
      )}
    </section>
  );
}
