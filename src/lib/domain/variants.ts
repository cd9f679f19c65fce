/**
 * The variant picker's rules (docs/spec.md §5: a size or colour is offered only when its
 * availability is above 0) and the URL form of the choice: `?farge={colour slug}` and
 * `?storrelse={size name}`, readable and shareable.
 */

import { slugify } from './slug.ts';

/** What the picker needs of a variant. */
export interface PickerVariant {
  id: number;
  ean: string;
  /** Number of shops holding stock. */
  availability: number;
  shops: ReadonlyArray<{ id: number; qty: number }>;
  size: { id: number; name: string };
  color: { id: number; name: string; hex: string | null; image: string };
}

/** Live stock of one variant (`articles/availability/{id}`). */
export interface LiveVariantStock {
  id: number;
  availability: number;
  shops: ReadonlyArray<{ id: number; qty: number }>;
}

/** A colour or size option: offered when some variant of it has availability above 0. */
export interface PickerOption {
  id: number;
  name: string;
  offered: boolean;
}

/** A colour option with its swatch and image. */
export interface ColorOption extends PickerOption {
  hex: string | null;
  image: string;
  /** The value in the URL. */
  slug: string;
}

/** The shopper's choice; null where nothing is chosen. */
export interface VariantChoice {
  colorId: number | null;
  sizeId: number | null;
}

/** URL query keys of the choice. */
export const COLOR_PARAM = 'farge';
/** URL query key of the size. */
export const SIZE_PARAM = 'storrelse';

/** Replaces each variant's availability and shops with the live answer where it has one. */
export function withLiveStock<V extends PickerVariant>(
  variants: readonly V[],
  live: readonly LiveVariantStock[],
): V[] {
  const byId = new Map(live.map((v) => [v.id, v]));
  return variants.map((v) => {
    const fresh = byId.get(v.id);
    return fresh ? { ...v, availability: fresh.availability, shops: fresh.shops } : v;
  });
}

/** The article's colours in variant order; offered when any variant of it is available. */
export function colorOptions(variants: readonly PickerVariant[]): ColorOption[] {
  const options = new Map<number, ColorOption>();
  for (const v of variants) {
    const known = options.get(v.color.id);
    if (known) {
      known.offered ||= v.availability > 0;
      continue;
    }
    options.set(v.color.id, {
      id: v.color.id,
      name: v.color.name,
      hex: v.color.hex,
      image: v.color.image,
      slug: slugify(v.color.name) || String(v.color.id),
      offered: v.availability > 0,
    });
  }
  return [...options.values()];
}

/**
 * The sizes of one colour in variant order (every size when no colour is chosen); a size is
 * offered when its variant in that colour (any colour, without one) is available.
 */
export function sizeOptions(
  variants: readonly PickerVariant[],
  colorId: number | null,
): PickerOption[] {
  const options = new Map<number, PickerOption>();
  for (const v of variants) {
    if (colorId !== null && v.color.id !== colorId) continue;
    const known = options.get(v.size.id);
    if (known) known.offered ||= v.availability > 0;
    else options.set(v.size.id, { id: v.size.id, name: v.size.name, offered: v.availability > 0 });
  }
  return [...options.values()];
}

/** The variant of a complete choice, or null. */
export function variantFor<V extends PickerVariant>(
  variants: readonly V[],
  choice: VariantChoice,
): V | null {
  return variants.find((v) => v.color.id === choice.colorId && v.size.id === choice.sizeId) ?? null;
}

/**
 * The choice a URL query asks for, kept only where it is offered: the colour defaults to
 * the first offered one, the size to the only offered one; otherwise the size stays open
 * so the shopper picks it consciously.
 */
export function choiceFromQuery(
  variants: readonly PickerVariant[],
  query: URLSearchParams,
): VariantChoice {
  const colors = colorOptions(variants).filter((c) => c.offered);
  const wantedColor = query.get(COLOR_PARAM);
  const color = colors.find((c) => c.slug === wantedColor) ?? colors[0] ?? null;
  const sizes = sizeOptions(variants, color?.id ?? null).filter((s) => s.offered);
  const wantedSize = query.get(SIZE_PARAM)?.toLowerCase();
  const size =
    sizes.find((s) => s.name.toLowerCase() === wantedSize) ??
    (sizes.length === 1 ? sizes[0] : undefined);
  return { colorId: color?.id ?? null, sizeId: size?.id ?? null };
}

/**
 * The choice after picking a colour: the size stays when it is offered in the new colour,
 * else it becomes the only offered size, else open.
 */
export function pickColor(
  variants: readonly PickerVariant[],
  choice: VariantChoice,
  colorId: number,
): VariantChoice {
  const sizes = sizeOptions(variants, colorId).filter((s) => s.offered);
  const kept = sizes.find((s) => s.id === choice.sizeId) ?? (sizes.length === 1 ? sizes[0] : null);
  return { colorId, sizeId: kept?.id ?? null };
}

/** The query of a choice: `farge` and `storrelse` set or removed, other parameters kept. */
export function choiceToQuery(
  variants: readonly PickerVariant[],
  choice: VariantChoice,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const query = new URLSearchParams(base);
  const color = colorOptions(variants).find((c) => c.id === choice.colorId);
  const size = sizeOptions(variants, choice.colorId).find((s) => s.id === choice.sizeId);
  if (color) query.set(COLOR_PARAM, color.slug);
  else query.delete(COLOR_PARAM);
  if (size) query.set(SIZE_PARAM, size.name);
  else query.delete(SIZE_PARAM);
  return query;
}

/** A shop's stock of a variant. */
export interface ShopStockRow {
  shopId: number;
  qty: number;
}

/** The shops holding stock of the variant (quantity above 0), in the order given. */
export function shopsWithStock(variant: Pick<PickerVariant, 'shops'>): ShopStockRow[] {
  return variant.shops.filter((s) => s.qty > 0).map((s) => ({ shopId: s.id, qty: s.qty }));
}
