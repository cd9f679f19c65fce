/**
 * A price filter's range in kroner, and the rule for one read back from the URL. Apart from
 * the slider's rules (price-slider.ts), which only the filter panel uses: a listing island
 * reads its price filter from the URL when it starts, and the code it needs to start (which
 * a listing prefetches, see builder/finish-page.ts) then holds none of the slider.
 */

/** A closed price interval in kroner. */
export interface PriceRange {
  min: number;
  max: number;
}

/**
 * Values restored from storage or the URL: a min outside the range falls back to the range
 * minimum and a max outside it to the range maximum; if they then cross, both fall back.
 */
export function restorePrice(
  stored: Partial<PriceRange> | null | undefined,
  range: PriceRange,
): PriceRange {
  const inside = (v: number | undefined): v is number =>
    v !== undefined && Number.isFinite(v) && v >= range.min && v <= range.max;
  const min = inside(stored?.min) ? stored.min : range.min;
  const max = inside(stored?.max) ? stored.max : range.max;
  return min <= max ? { min, max } : { min: range.min, max: range.max };
}
