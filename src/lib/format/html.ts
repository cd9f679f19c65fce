/**
 * Escaping for HTML built as strings (the card and pagination renderers), so text from the
 * API can never become markup.
 */

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes `&`, `<`, `>`, `"` and `'`: safe in text and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

const characters = Object.fromEntries(Object.entries(entities).map(([c, e]) => [e, c]));

/**
 * The text an attribute value written by {@link escapeHtml} or by Astro (which escapes the
 * same five characters the same way) stands for, read from a built page's HTML.
 */
export function unescapeHtml(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => characters[e] ?? e);
}
