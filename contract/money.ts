/**
 * Money as the shopper reads it, for the shop's pages and the server's e-mails and payment
 * pages alike. Amounts travel in øre (1 krone = 100 øre); docs/spec.md §9 shows every number with
 * exactly 2 decimals, so kroner read the way Intl's nb-NO NOK currency format writes them
 * with two fraction digits: the amount, U+00A0, then `kr` (`1 499,00 kr`, `1 499,50 kr`).
 */

let format: Intl.NumberFormat | undefined;

/**
 * The kroner format, made on first use: a page's first Intl object loads the browser's locale
 * data (40–70 ms measured in Chromium on this machine), so a page whose code imports this
 * module but writes no price at load pays nothing, and one that does chooses when it pays
 * (src/islands/search/first-page.ts makes it while its request is out).
 */
function nok(): Intl.NumberFormat {
  format ??= new Intl.NumberFormat('nb-NO', {
    style: 'currency',
    currency: 'NOK',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    // Without this, an amount that rounds to zero from below would read "−0,00 kr".
    signDisplay: 'negative',
  });
  return format;
}

/** Converts øre to kroner, e.g. `149950` -> `1499.5`. */
export function oreToKroner(ore: number): number {
  return ore / 100;
}

/** Converts kroner to whole øre, e.g. `1499.5` -> `149950`. */
export function kronerToOre(kroner: number): number {
  return Math.round(kroner * 100);
}

/**
 * Formats an amount in øre as kroner with exactly two decimals: `149900` -> `1 499,00 kr`,
 * `149950` -> `1 499,50 kr` (both spaces U+00A0, a minus as U+2212). Non-finite input gives
 * an empty string rather than "NaN".
 */
export function formatPrice(ore: number): string {
  return Number.isFinite(ore) ? nok().format(oreToKroner(ore)) : '';
}

/**
 * Formats a price range in øre: `19900, 149900` -> `199,00–1 499,00 kr` (en dash, one
 * currency sign). Equal ends give a single price; reversed ends are put in order.
 */
export function formatPriceRange(minOre: number, maxOre: number): string {
  if (!Number.isFinite(minOre) || !Number.isFinite(maxOre)) return '';
  const low = Math.min(minOre, maxOre);
  const high = Math.max(minOre, maxOre);
  // Intl writes an equal range as "ca.199,00 kr", which reads as an estimate.
  if (low === high) return formatPrice(low);
  return nok().formatRange(oreToKroner(low), oreToKroner(high));
}

/**
 * An amount in øre as schema.org's `price` wants it: a plain decimal string in kroner with
 * a full stop and two decimals, no grouping and no currency (`236600` -> `"2366.00"`);
 * `priceCurrency` says NOK beside it.
 */
export function schemaOrgPrice(ore: number): string {
  return (Math.round(ore) / 100).toFixed(2);
}
