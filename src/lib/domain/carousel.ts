/**
 * Rules of the home page's carousel (docs/spec.md §9: 400 ms transitions, 5000 ms autoplay, a 10 px
 * swipe threshold). Kept apart from the DOM so they are tested without a browser.
 */

/** How long a slide change takes (docs/spec.md §9 carousel speed). */
export const CAROUSEL_TRANSITION_MS = 400;

/** How long a slide stays before autoplay moves on (docs/spec.md §9). */
export const CAROUSEL_INTERVAL_MS = 5000;

/** A pointer must move further than this, sideways, to count as a swipe (docs/spec.md §9). */
export const SWIPE_THRESHOLD_PX = 10;

/** The slide `index` lands on among `count`, wrapping both ways (0 when there is none). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * What a pointer movement of `dx`, `dy` pixels does: +1 (to the next slide, the finger moved
 * left), -1 (to the previous one) or 0 (a tap, or a mostly vertical move that scrolls the page).
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * Whether a pointer that moved `dx`, `dy` pixels was dragged rather than tapped: past the
 * swipe threshold either way. The click that ends a drag does not count as a tap.
 */
export function isDrag(dx: number, dy: number): boolean {
  return Math.max(Math.abs(dx), Math.abs(dy)) > SWIPE_THRESHOLD_PX;
}

/** Why autoplay is held; it runs only while none applies. */
export interface AutoplayHolds {
  /** The shopper asked for reduced motion, or pressed the stop button. */
  stopped: boolean;
  /** The pointer is over the carousel. */
  hovered: boolean;
  /** Keyboard focus is inside the carousel. */
  focused: boolean;
  /** The tab is in the background. */
  hidden: boolean;
}

/** Whether autoplay may run; a single slide never rotates. */
export function autoplayRuns(holds: AutoplayHolds, count: number): boolean {
  return count > 1 && !holds.stopped && !holds.hovered && !holds.focused && !holds.hidden;
}
