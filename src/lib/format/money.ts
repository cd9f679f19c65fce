/**
 * Money display. Amounts travel in øre (1 krone = 100 øre); the shop shows kroner the way
 * Intl's nb-NO NOK currency format writes them: the amount, U+00A0, then `kr`
 * (`1 499 kr`, `1 499,50 kr`). Whole kroner drop the decimals (`trailingZeroDisplay`), so
 * the rounded prices of SPEC 3 read `1 499 kr`; an amount with øre shows both decimals.
 */

const nok = new Intl.NumberFormat('nb-NO', {
  style: 'currency',
  currency: 'NOK',
  trailingZeroDisplay: 'stripIfInteger',
  signDisplay: 'negative',
});

/** Converts øre to kroner, e.g. `149950` -> `1499.5`. */
export function oreToKroner(ore: number): number {
  return ore / 100;
}

/** Converts kroner to whole øre, e.g. `1499.5` -> `149950`. */
export function kronerToOre(kroner: number): number {
  return Math.round(kroner * 100);
}

/**
 * Formats an amount in øre as kroner: `149900` -> `1 499 kr`, `149950` -> `1 499,50 kr`
 * (both spaces U+00A0). Non-finite input gives an empty string.
 */
export function formatPrice(ore: number): string {
  return Number.isFinite(ore) ? nok.format(oreToKroner(ore)) : '';
}

/**
 * Formats a price range in øre: `19900, 149900` -> `199–1 499 kr` (en dash, one currency
 * sign). Equal ends give a single price; reversed ends are put in order.
 */
export function formatPriceRange(minOre: number, maxOre: number): string {
  if (!Number.isFinite(minOre) || !Number.isFinite(maxOre)) return '';
  const low = Math.min(minOre, maxOre);
  const high = Math.max(minOre, maxOre);
  // Intl writes an equal range as "ca.199 kr", which reads as an estimate.
  if (low === high) return formatPrice(low);
  return nok.formatRange(oreToKroner(low), oreToKroner(high));
}
