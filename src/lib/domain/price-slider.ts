/**
 * Rules of the two-handle price slider (docs/spec.md §5), as pure functions over kroner.
 * `range` is what the listing offers (its cheapest and dearest article); `values` is what
 * the shopper has chosen. Every function returns values inside the range with min ≤ max.
 */

import type { PriceRange } from './price-range.ts';

/** The slider step in kroner. */
export const PRICE_STEP = 10;

/** Dragging stops when the handles come within this share of the range width. */
export const HANDLE_GAP = 0.15;

export type { PriceRange } from './price-range.ts';

const clamp = (value: number, range: PriceRange): number =>
  Math.min(range.max, Math.max(range.min, value));

/**
 * Rounds to the nearest multiple of the step, kept inside the range. A value at or beyond a
 * range end gives that end, so the ends (which need not be multiples of 10) stay reachable.
 */
export function roundToStep(value: number, range: PriceRange): number {
  if (value <= range.min) return range.min;
  if (value >= range.max) return range.max;
  return clamp(Math.round(value / PRICE_STEP) * PRICE_STEP, range);
}

/** The smallest distance the handles keep while dragging: 15 % of the range width. */
export function handleGap(range: PriceRange): number {
  return (range.max - range.min) * HANDLE_GAP;
}

/**
 * A min typed into the number field: kept (rounded to the step) when it lies between the
 * range minimum and the current max, otherwise reset to the range minimum.
 */
export function typeMin(typed: number, values: PriceRange, range: PriceRange): PriceRange {
  const ok = Number.isFinite(typed) && typed >= range.min && typed <= values.max;
  return { min: ok ? Math.min(roundToStep(typed, range), values.max) : range.min, max: values.max };
}

/**
 * A max typed into the number field: kept (rounded to the step) when it lies between the
 * current min and the range maximum, otherwise reset to the range maximum.
 */
export function typeMax(typed: number, values: PriceRange, range: PriceRange): PriceRange {
  const ok = Number.isFinite(typed) && typed >= values.min && typed <= range.max;
  return { min: values.min, max: ok ? Math.max(roundToStep(typed, range), values.min) : range.max };
}

/**
 * The min handle dragged to `to`: rounded to the step and clamped to the range, but never
 * closer than the handle gap to the max handle; there it stops.
 */
export function dragMin(to: number, values: PriceRange, range: PriceRange): PriceRange {
  const stop = Math.max(range.min, values.max - handleGap(range));
  const wanted = Number.isFinite(to) ? roundToStep(to, range) : values.min;
  return { min: Math.min(wanted, stop), max: values.max };
}

/**
 * The max handle dragged to `to`: rounded to the step and clamped to the range, but never
 * closer than the handle gap to the min handle; there it stops.
 */
export function dragMax(to: number, values: PriceRange, range: PriceRange): PriceRange {
  const stop = Math.min(range.max, values.min + handleGap(range));
  const wanted = Number.isFinite(to) ? roundToStep(to, range) : values.max;
  return { min: values.min, max: Math.max(wanted, stop) };
}
