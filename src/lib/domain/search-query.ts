/**
 * The search query rules of docs/spec.md §5, apart from the form rules in validation.ts: the header
 * of every page uses these, so they sit in the layout chunk without the form rules.
 */

/** The search page: its shell, which the hosts serve for every `/search/{query}`. */
export const SEARCH_PATH = '/search';

/**
 * Normalises a search query: commas become spaces (docs/spec.md §5), the text is put in Unicode NFC
 * form (so `å` typed as a + ring matches), every run of whitespace becomes one space and the
 * ends are trimmed. Case is kept; the search engine ignores it. Gives null when nothing is
 * left, because an empty search is not allowed (docs/spec.md §2).
 */
export function normaliseSearchQuery(raw: string): string | null {
  const query = raw.replaceAll(',', ' ').normalize('NFC').replace(/\s+/gu, ' ').trim();
  return query.length > 0 ? query : null;
}

/**
 * The search a search page's URL asks for: the path after `/search/` (the host rewrites
 * `/search/{query}` to the shell), else `?q=` (a search sent without JavaScript),
 * normalised as {@link normaliseSearchQuery}. A malformed escape is read as it stands.
 */
export function searchQueryOf(pathname: string, search: string): string | null {
  const raw = pathname.replace(/^\/search\/?/, '');
  let fromPath = raw;
  try {
    fromPath = decodeURIComponent(raw);
  } catch {
    // `%` not followed by two hex digits: keep the text as typed.
  }
  return normaliseSearchQuery(fromPath || (new URLSearchParams(search).get('q') ?? ''));
}
