/**
 * Number formatting for nb-NO.
 *
 * Intl's nb-NO data (ICU in Node 24 and current browsers) groups thousands with
 * U+00A0 NO-BREAK SPACE and writes a minus as U+2212 MINUS SIGN; the decimal mark is a comma.
 * Tests pin these characters so an ICU update that changes them is noticed.
 */

/** The group separator nb-NO uses: U+00A0 NO-BREAK SPACE. */
export const GROUP_SEPARATOR = '\u00a0';

const twoDecimals = new Intl.NumberFormat('nb-NO', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // Without this, -0.001 would print as "−0,00".
  signDisplay: 'negative',
});

/**
 * Formats a number with exactly two decimals in nb-NO, e.g. `1234.5` -> `1 234,50`
 * (the space is U+00A0). Non-finite input gives an empty string rather than "NaN".
 */
export function formatNumber2(n: number): string {
  return Number.isFinite(n) ? twoDecimals.format(n) : '';
}
