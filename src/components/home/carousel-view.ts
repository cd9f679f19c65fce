/**
 * The home carousel's behaviour (Carousel.astro): autoplay with its holds, the buttons,
 * swipe, and the other slides' pictures. The component's script loads this module once the
 * first screen is in, so neither its download nor its work on the page comes before the
 * first slide's picture, the page's largest.
 */
import {
  autoplayRuns,
  CAROUSEL_INTERVAL_MS,
  CAROUSEL_TRANSITION_MS,
  swipeStep,
  wrapIndex,
  type AutoplayHolds,
} from '../../lib/domain/carousel.ts';

function start(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const viewport = root.querySelector<HTMLElement>('[data-carousel-viewport]');
  const rotation = root.querySelector<HTMLButtonElement>('[data-carousel-rotation]');
  const icon = root.querySelector<HTMLElement>('[data-carousel-rotation-icon]');
  const counter = root.querySelector<HTMLElement>('[data-carousel-counter]');
  const slides = [...root.querySelectorAll<HTMLElement>('[data-carousel-slide]')];
  if (!track || !viewport || !rotation || !icon || !counter || slides.length < 2) return;

  let index = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The code starts after the page's load, so a mouse may rest on the carousel, or focus be
  // in its first slide's link, already: neither sends the events that hold it from here on.
  const holds: AutoplayHolds = {
    stopped: matchMedia('(prefers-reduced-motion: reduce)').matches,
    hovered: matchMedia('(hover: hover)').matches && root.matches(':hover'),
    focused: root.contains(document.activeElement),
    hidden: document.visibilityState === 'hidden',
  };

  // Set here rather than in a style attribute, which the page's CSP (no inline styles) drops.
  const duration = `${String(CAROUSEL_TRANSITION_MS)}ms`;
  track.style.transitionDuration = duration;
  const place = (offsetPx = 0) => {
    track.style.transform = `translateX(calc(${String(-index * 100)}% + ${String(offsetPx)}px))`;
  };

  // Autoplay is re-armed after every change, so a slide the shopper picked stays 5000 ms.
  const schedule = () => {
    clearTimeout(timer);
    timer = autoplayRuns(holds, slides.length)
      ? setTimeout(() => go(index + 1), CAROUSEL_INTERVAL_MS)
      : undefined;
    // Announce slide changes only when they come from the shopper, not every 5 s.
    track.setAttribute('aria-live', holds.stopped ? 'polite' : 'off');
  };

  // The other slides' pictures wait in templates (CampaignCard.astro) until now, when the
  // first screen is in.
  for (const box of root.querySelectorAll('[data-deferred-picture]')) {
    const template = box.querySelector('template');
    if (template) box.replaceWith(template.content);
  }

  const go = (to: number) => {
    index = wrapIndex(to, slides.length);
    place();
    slides.forEach((slide, i) => {
      slide.inert = i !== index;
    });
    counter.textContent = `${String(index + 1)} / ${String(slides.length)}`;
    schedule();
  };

  const setStopped = (stopped: boolean) => {
    holds.stopped = stopped;
    rotation.setAttribute(
      'aria-label',
      stopped ? 'Start automatisk visning' : 'Stopp automatisk visning',
    );
    icon.querySelector('[data-icon="pause"]')?.classList.toggle('hidden', stopped);
    icon.querySelector('[data-icon="play"]')?.classList.toggle('hidden', !stopped);
    schedule();
  };

  rotation.addEventListener('click', () => setStopped(!holds.stopped));
  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => go(index - 1));
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => go(index + 1));

  const hold = (key: 'hovered' | 'focused' | 'hidden', on: boolean) => {
    holds[key] = on;
    schedule();
  };
  root.addEventListener('pointerenter', (e) => {
    if (e.pointerType === 'mouse') hold('hovered', true);
  });
  root.addEventListener('pointerleave', (e) => {
    if (e.pointerType === 'mouse') hold('hovered', false);
  });
  root.addEventListener('focusin', () => hold('focused', true));
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) hold('focused', false);
  });
  document.addEventListener('visibilitychange', () =>
    hold('hidden', document.visibilityState === 'hidden'),
  );

  // Swipe: the track follows the finger once it has moved past the threshold; letting go
  // past it changes the slide, and the click that ends a swipe does not follow a link.
  let from: { x: number; y: number; id: number } | null = null;
  let swiped = false;
  viewport.addEventListener('pointerdown', (e) => {
    if (!e.isPrimary || e.button !== 0) return;
    from = { x: e.clientX, y: e.clientY, id: e.pointerId };
    swiped = false;
  });
  viewport.addEventListener('pointermove', (e) => {
    if (!from || e.pointerId !== from.id) return;
    const dx = e.clientX - from.x;
    if (!swiped && swipeStep(dx, e.clientY - from.y) === 0) return;
    if (!swiped) {
      swiped = true;
      track.style.transitionDuration = '0ms';
      viewport.setPointerCapture(e.pointerId);
    }
    place(dx);
  });
  const release = (e: PointerEvent) => {
    if (!from || e.pointerId !== from.id) return;
    const step = swiped ? swipeStep(e.clientX - from.x, e.clientY - from.y) : 0;
    from = null;
    if (!swiped) return;
    track.style.transitionDuration = duration;
    go(index + step);
  };
  viewport.addEventListener('pointerup', release);
  viewport.addEventListener('pointercancel', release);
  viewport.addEventListener('dragstart', (e) => e.preventDefault());
  viewport.addEventListener(
    'click',
    (e) => {
      if (swiped) e.preventDefault();
    },
    true,
  );

  root.querySelector('[data-carousel-controls]')?.classList.remove('invisible');
  setStopped(holds.stopped);
  place();
}

/** Starts every carousel of the page (Carousel.astro). */
export function startCarousels(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) start(root);
}
