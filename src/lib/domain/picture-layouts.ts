/**
 * How wide each kind of picture is drawn, per layout: the `sizes` attribute and the widths a
 * `srcset` offers, both derived from the grid classes the picture sits in. Every page puts its
 * content in `max-w-7xl px-4` (at most 1280 px, 16 px padding a side, src/layouts/Base.astro),
 * so a slot's width is linear in the viewport's up to 1280 px and fixed beyond. When a grid's
 * classes change, change its rules here: the `sizes` and the candidate widths follow.
 */

import { pictureSrcset, type ImageCdn } from './picture-url.ts';

/** The widest the page's content gets (`max-w-7xl`); wider viewports add margins only. */
export const CONTENT_MAX_VIEWPORT = 1280;

/** The narrowest viewport the shop is laid out for. */
export const MIN_VIEWPORT = 320;

/** The widths a service is asked for, before a layout caps them. */
export const PICTURE_LADDER = [160, 240, 320, 400, 480, 640, 800, 960, 1200, 1600] as const;

/**
 * One breakpoint of a layout: from viewport width `from` (0: the narrowest) until the next
 * rule, the slot is `(viewport − minus) × share[0] / share[1]` CSS pixels.
 */
export interface SlotRule {
  readonly from: number;
  readonly minus: number;
  readonly share: readonly [number, number];
}

/** A layout's slot: its rules, and a width it never exceeds (a `max-w-*` around it). */
export interface SlotModel {
  readonly rules: readonly SlotRule[];
  readonly maxWidth?: number;
  /** The largest viewport the picture is shown at (a `<source media>` that ends there). */
  readonly belowViewport?: number;
}

const rule = (from: number, minus: number, num = 1, den = 1): SlotRule => ({
  from,
  minus,
  share: [num, den],
});

/**
 * The slots. Page padding is 2 × 16 px; a grid of n columns with gap g takes (n − 1) × g.
 */
export const SLOT_MODELS = {
  /**
   * Article cards (ARTICLE_GRID_CLASS: `grid-cols-2 sm:grid-cols-3 desk:grid-cols-4 gap-x-4`):
   * (vw − 32 − 16) / 2, from 640 px (vw − 32 − 32) / 3, from 1020 px (vw − 32 − 48) / 4, which
   * reaches 300 px at 1280. The widest card is the three-column one just below 1020 px.
   */
  articleCard: { rules: [rule(0, 48, 1, 2), rule(640, 64, 1, 3), rule(1020, 80, 1, 4)] },
  /**
   * The product page's main picture (ProductGallery in ProductView's first column: one column,
   * from 1020 px `desk:grid-cols-2 gap-8`): vw − 32, then (vw − 32 − 32) / 2, 608 px at 1280.
   */
  productMain: { rules: [rule(0, 32), rule(1020, 64, 1, 2)] },
  /**
   * The gallery's thumbnails (ProductGallery: `grid-cols-4 gap-2` under the main picture):
   * (vw − 32 − 24) / 4, then ((vw − 64) / 2 − 24) / 4 = (vw − 112) / 8, 146 px at 1280.
   */
  productThumb: { rules: [rule(0, 56, 1, 4), rule(1020, 112, 1, 8)] },
  /**
   * The campaign card's picture (CampaignCard: the card spans the content; from 1020 px
   * `desk:grid-cols-[3fr_2fr]` gives the picture three fifths): vw − 32, then
   * (vw − 32) × 3 / 5, about 749 px at 1280.
   */
  campaign: { rules: [rule(0, 32), rule(1020, 32, 3, 5)] },
  /** The campaign card's mobile picture (`<source media="(max-width: 1019px)">`): vw − 32. */
  campaignMobile: { rules: [rule(0, 32)], belowViewport: 1020 },
  /**
   * Blog cards (BlogList: `grid-cols-1 sm:grid-cols-2 lg:grid-cols-3 gap-x-6`): vw − 32, from
   * 640 px (vw − 32 − 24) / 2, from 1024 px (vw − 32 − 48) / 3, 400 px at 1280.
   */
  blogCard: { rules: [rule(0, 32), rule(640, 56, 1, 2), rule(1024, 80, 1, 3)] },
  /** A blog post's featured picture (BlogPostView: `max-w-3xl`, 768 px): vw − 32. */
  blogPost: { rules: [rule(0, 32)], maxWidth: 768 },
} as const satisfies Record<string, SlotModel>;

/** A layout a picture is drawn in. */
export type PictureLayout = keyof typeof SLOT_MODELS;

/** The slot's width at viewport `vw` under `r`, before the model's `maxWidth`. */
function ruleWidth(r: SlotRule, vw: number): number {
  return ((Math.min(vw, CONTENT_MAX_VIEWPORT) - r.minus) * r.share[0]) / r.share[1];
}

/** The slot's width at viewport `vw`. */
export function slotWidth(model: SlotModel, vw: number): number {
  const active = model.rules.filter((r) => r.from <= vw).at(-1) ?? model.rules[0];
  const width = active ? ruleWidth(active, vw) : vw;
  return Math.max(0, Math.min(width, model.maxWidth ?? Infinity));
}

/** The viewport from which `r`'s slot stops growing: the content's or the model's maximum. */
function flatFrom(r: SlotRule, model: SlotModel): number {
  const capped =
    model.maxWidth === undefined ? Infinity : (model.maxWidth * r.share[1]) / r.share[0] + r.minus;
  return Math.ceil(Math.min(CONTENT_MAX_VIEWPORT, capped));
}

/** The rule's width as CSS: `calc((100vw - 64px) / 3)`. */
function calc(r: SlotRule): string {
  const [num, den] = r.share;
  if (num === den) return r.minus === 0 ? '100vw' : `calc(100vw - ${String(r.minus)}px)`;
  const vw = r.minus === 0 ? '100vw' : `(100vw - ${String(r.minus)}px)`;
  return `calc(${vw}${num === 1 ? '' : ` * ${String(num)}`} / ${String(den)})`;
}

const media = (from: number, size: string) =>
  from > 0 ? `(min-width: ${String(from)}px) ${size}` : size;

/**
 * The `sizes` attribute of a slot: its widest breakpoint first; where the slot stops growing
 * (the content's or its own maximum width) a fixed width, rounded up.
 */
export function sizesOf(model: SlotModel): string {
  const parts: string[] = [];
  let upper = model.belowViewport ?? Infinity;
  const rules = model.rules.filter((r) => r.from < upper).sort((a, b) => b.from - a.from);
  for (const r of rules) {
    const flat = flatFrom(r, model);
    if (flat < upper) {
      const at = Math.max(flat, r.from);
      parts.push(media(at, `${String(Math.ceil(slotWidth(model, at)))}px`));
      if (at > r.from) parts.push(media(r.from, calc(r)));
    } else {
      parts.push(media(r.from, calc(r)));
    }
    upper = r.from;
  }
  return parts.join(', ');
}

/**
 * The widest and the narrowest the slot is drawn, in CSS pixels. Each rule's slot is widest
 * where its range ends (just below the next breakpoint, or at the content's maximum).
 */
export function slotRange(model: SlotModel): { min: number; max: number } {
  const limit = model.belowViewport ?? Infinity;
  const ends = model.rules.flatMap((r, i) => {
    const end = Math.min(model.rules[i + 1]?.from ?? Infinity, limit, CONTENT_MAX_VIEWPORT);
    const width = Math.min(ruleWidth(r, Math.max(end, r.from)), model.maxWidth ?? Infinity);
    return r.from < limit ? [width] : [];
  });
  return { min: slotWidth(model, MIN_VIEWPORT), max: Math.max(...ends) };
}

/**
 * The widths worth offering for `model`: the ladder's steps from the narrowest slot's width
 * up to the cap, which is what the widest slot shows at 2× density, the picture's
 * own width when known, and the ladder's top, whichever is least. The cap itself is the last
 * candidate unless a step lies within 10 % below it. Sorted, unique, never above the cap.
 */
export function candidateWidths(model: SlotModel, ownWidth: number | null = null): number[] {
  const { min, max } = slotRange(model);
  const top = Math.max(...PICTURE_LADDER);
  const own = ownWidth !== null && ownWidth > 0 ? ownWidth : Infinity;
  const cap = Math.max(1, Math.floor(Math.min(2 * max, own, top)));
  // A step narrower than the narrowest slot is never chosen, even at 1×.
  const kept: number[] = PICTURE_LADDER.filter((w) => w >= min && w <= cap);
  const last = kept.at(-1);
  return last !== undefined && last >= cap * 0.9 ? kept : [...kept, cap];
}

/** What an `<img>` or `<source>` adds for a responsive picture. */
export interface ResponsivePicture {
  srcset: string;
  sizes: string;
}

const sizesCache = new Map<SlotModel, string>();

/** The `sizes` of a layout. */
export function pictureSizes(layout: PictureLayout): string {
  const model = SLOT_MODELS[layout];
  let sizes = sizesCache.get(model);
  if (sizes === undefined) {
    sizes = sizesOf(model);
    sizesCache.set(model, sizes);
  }
  return sizes;
}

/**
 * `srcset` and `sizes` for `src` drawn in `layout`, or null where the picture is shown as it
 * is (no image service, an SVG, the placeholder): then only `src` is written.
 */
export function responsivePicture(
  src: string,
  layout: PictureLayout,
  cdn: ImageCdn,
  ownWidth: number | null = null,
): ResponsivePicture | null {
  const srcset = pictureSrcset(src, candidateWidths(SLOT_MODELS[layout], ownWidth), cdn);
  return srcset === null ? null : { srcset, sizes: pictureSizes(layout) };
}
