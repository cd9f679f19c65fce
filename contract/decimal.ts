/**
 * Numbers as Intl's nb-NO number format writes them, without Intl: a page's first Intl object
 * loads the browser's locale data (41–73 ms measured in Chromium here), and the search page
 * writes prices, counts and reductions before its results can show. The steps are Intl's own,
 * so the text is the same character for character (the tests compare the two over random
 * numbers): the shortest decimal that reads back as the number (which `String(n)` and ICU
 * both take), its point moved `shift` places (a percentage is the fraction's decimal times
 * 100, as in ICU), rounded half away from zero to at most `maxFraction` decimals, trailing
 * zeros dropped down to `minFraction`, integer digits grouped in threes with U+00A0 from four
 * digits on, a decimal comma and a minus U+2212.
 */

/** How {@link formatDecimal} writes a number. */
export interface DecimalFormat {
  /** Places to move the decimal point to the right before rounding (2 for a percentage). */
  shift?: number;
  /** Decimals always written. */
  minFraction: number;
  /** Decimals at most, the last one rounded half away from zero. */
  maxFraction: number;
  /**
   * Whether a negative number that rounds to zero keeps its minus (`−0`, Intl's default
   * `signDisplay`) or loses it (`0,00`, its `negative`, as prices are written).
   */
  minusOnZero: boolean;
}

/**
 * Writes a finite `value` as Intl.NumberFormat('nb-NO') does with that shift, those fraction
 * digits and that sign rule: 1499.5 with two decimals and no minus on zero is `1 499,50`.
 */
export function formatDecimal(value: number, format: DecimalFormat): string {
  const [mantissa = '0', exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = [...(whole + fraction)].map(Number);
  // The value times 10^maxFraction has its point after `point` of `digits`.
  const point = whole.length + Number(exponent) + (format.shift ?? 0) + format.maxFraction;
  const scaled = Array.from({ length: Math.max(point, 0) }, (_, i) => digits[i] ?? 0);
  // Half away from zero: the first digit dropped decides, whatever follows it.
  if ((point >= 0 ? (digits[point] ?? 0) : 0) >= 5) {
    let i = scaled.length - 1;
    while (i >= 0 && scaled[i] === 9) scaled[i--] = 0;
    if (i >= 0) scaled[i] = (scaled[i] ?? 0) + 1;
    else scaled.unshift(1);
  }
  const text = scaled
    .join('')
    .replace(/^0+/u, '')
    .padStart(format.maxFraction + 1, '0');
  const integer = text.slice(0, text.length - format.maxFraction);
  let decimals = text.slice(text.length - format.maxFraction);
  while (decimals.length > format.minFraction && decimals.endsWith('0')) {
    decimals = decimals.slice(0, -1);
  }
  const isZero = /^0*$/u.test(integer + decimals);
  const negative = value < 0 || Object.is(value, -0);
  const minus = negative && (format.minusOnZero || !isZero);
  return (
    (minus ? '\u2212' : '') +
    integer.replace(/\B(?=(\d{3})+$)/gu, '\u00a0') +
    (decimals ? `,${decimals}` : '')
  );
}
