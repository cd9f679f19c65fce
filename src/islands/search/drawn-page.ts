/**
 * A search's first page in the shell (`[data-search-results]`), kept in step with the listing
 * island: shown for as long as the island shows nothing of its own (before it hydrates, and
 * whenever the shopper returns to the plain search), and given up once it does. The page
 * comes from the host, which draws `/search/{query}` with it (functions/_lib/search-page.ts,
 * read here when the island starts, so such a page runs no script before the shopper reaches
 * for it), or from the shell's script (./first-page.ts), which draws it when the host did not.
 */

import { isNumber, isRecord, isString } from '../../../contract/guards.ts';
import type { FacetOption, Facets } from '../../lib/domain/listing-facets.ts';
import { searchQueryOf } from '../../lib/domain/search-query.ts';
import { $firstPage, $results, type FirstPage } from '../../stores/listing.ts';

/** The shell's element that holds the first page (and, from the host, its state). */
export const FIRST_PAGE_SELECTOR = '[data-search-results]';

const isOption = (value: unknown): value is FacetOption =>
  isRecord(value) &&
  isNumber(value['id']) &&
  isString(value['name']) &&
  (value['hex'] === undefined || isString(value['hex']));

const isFacets = (value: unknown): value is Facets =>
  isRecord(value) &&
  Array.isArray(value['colors']) &&
  value['colors'].every(isOption) &&
  Array.isArray(value['brands']) &&
  value['brands'].every(isOption) &&
  Array.isArray(value['shops']) &&
  value['shops'].every(isNumber);

/**
 * The first page a host drew into the shell (functions/_lib/search-page.ts) for `text`, as
 * the store keeps it; null when there is none, or it is for another search.
 */
export function hostDrawnPage(
  results: Pick<HTMLElement, 'dataset' | 'querySelector'>,
  text: string,
): FirstPage | null {
  let state: unknown;
  try {
    state = JSON.parse(results.dataset['firstPage'] ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(state) || state['text'] !== text || !isNumber(state['total'])) return null;
  if (!isFacets(state['facets'])) return null;
  const html = results.querySelector('[data-results] ul')?.innerHTML ?? '';
  return { text, html, total: state['total'], facets: state['facets'] };
}

/**
 * Keeps `results` in step with the island, holding its space while the page loads so nothing
 * below it moves; `drawn` is a page already in it. Gives the setter for a page drawn later.
 */
export function keepFirstPage(results: HTMLElement, drawn = ''): (html: string) => void {
  let html = drawn;
  $results.subscribe(({ status }) => {
    const islandShows = status === 'ready' || (status === 'loading' && html !== '');
    results.hidden = islandShows;
    // Removed while hidden, so the island's results are the only ones on the page.
    if (islandShows) results.replaceChildren();
    else if (html && !results.hasChildNodes()) results.innerHTML = html;
  });
  return (page) => {
    html = page;
    if (!results.hidden) results.innerHTML = page;
  };
}

/**
 * Takes a page the host drew for this URL's search into the store, for the island to start
 * from as a listing starts from its HTML, and keeps it in step with the island. Does nothing
 * where there is none (the shell's script then keeps its own).
 */
export function adoptDrawnPage(doc: Document = document, url: Location = location): void {
  const results = doc.querySelector<HTMLElement>(FIRST_PAGE_SELECTOR);
  const text = searchQueryOf(url.pathname, url.search);
  const page = results && text ? hostDrawnPage(results, text) : null;
  if (results === null || page === null) return;
  $firstPage.set(page);
  keepFirstPage(results, results.innerHTML);
}
