/**
 * Decodes the HTML entities a browser decodes in an attribute value, so tests judge a URL as
 * the browser would read it (`&#106;avascript:` is `javascript:`). For tests only.
 */
export function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/giu, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/gu, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
