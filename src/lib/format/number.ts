/**
 * Plain numbers and percentages as the shop writes them (nb-NO: a no-break space between
 * thousands, a decimal comma, `40 %` with a no-break space). Each formatter is made on first
 * use, so a module that imports this file but formats nothing carries no formatter.
 */

const formats = new Map<string, Intl.NumberFormat>();

/**
 * The nb-NO number format with `options`, made on first use under `key` and kept: a page's
 * first Intl object loads the browser's locale data (40–70 ms in Chromium here), which a
 * page that formats nothing at load should not pay.
 */
export function nbNo(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('nb-NO', options);
    formats.set(key, format);
  }
  return format;
}

/** A number with at most three decimals: `1 234`, `4,5`. */
export function formatNumber(value: number): string {
  return nbNo('number', {}).format(value);
}

/** A fraction as a percentage with at most `maximumFractionDigits` decimals: `0.4` -> `40 %`. */
export function formatPercent(fraction: number, maximumFractionDigits = 0): string {
  return nbNo(`percent:${String(maximumFractionDigits)}`, {
    style: 'percent',
    maximumFractionDigits,
  }).format(fraction);
}
