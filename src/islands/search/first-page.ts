/**
 * The search page's first results, without React. The shell reads the search from its URL,
 * so its results can only be drawn in the browser; drawing page one here, with the same
 * card and page-link renderers the listing island uses, keeps the framework off the page
 * until the shopper reaches for the toolbar (the island hydrates with `client:interaction`
 * and takes over from there). Whatever this script cannot show itself (an empty search, a
 * shared link with another page, sort or filters, a search with no hits) it hands to the
 * island at once.
 */

import { ARTICLE_GRID_CLASS } from '../../lib/html/article-grid.ts';
import { paginationHtml } from '../../lib/html/pagination-html.ts';
// Loaded with this script, not on first use as listings do: the first search waits for it.
import '../../stores/listing-page.ts';
import { defaultQuery } from '../../lib/domain/listing-query.ts';
import { searchQueryOf } from '../../lib/domain/search-query.ts';
import { formatArticleCount } from '../../lib/format/count.ts';
import { formatPrice } from '../../lib/format/money.ts';
import {
  $firstPage,
  $results,
  LISTING_PAGE_SIZE,
  loadFirstSearchPage,
  type FirstPage,
} from '../../stores/listing.ts';
import { askToHydrate } from '../directives/hydrate-event.ts';

/** The count, cards and page links of a first page, marked up as the island marks them. */
export function firstPageHtml(page: Pick<FirstPage, 'html' | 'total'>): string {
  return (
    `<p role="status" aria-live="polite" class="min-h-6 text-gray-700" data-result-count>${formatArticleCount(page.total)}</p>` +
    `<div role="region" aria-labelledby="forste-side-tittel" aria-busy="false" class="min-h-96" data-results>` +
    `<h2 id="forste-side-tittel" class="sr-only">Varer</h2><ul class="${ARTICLE_GRID_CLASS}">${page.html}</ul></div>` +
    paginationHtml(defaultQuery('relevance'), page.total, LISTING_PAGE_SIZE, 'relevance')
  );
}

/**
 * Whether a search URL asks for more than page one of a plain search: any parameter but
 * `q` (page, sort, filters of a shared link), which only the island can show.
 */
export function asksForIslandState(search: string): boolean {
  return [...new URLSearchParams(search).keys()].some((key) => key !== 'q');
}

/** The elements of the search shell this script works on. */
export interface SearchShell {
  /** The page heading, which names the search. */
  heading: HTMLElement | null;
  /** Where the first results go; holds their space while they load. */
  results: HTMLElement;
  /** Any element inside the listing island, to ask it to hydrate. */
  island: Element | null;
}

/**
 * Names the search in the heading and title, loads page one and shows it for as long as the
 * island shows nothing of its own (before it hydrates, and whenever the shopper returns to
 * the plain search). A failed load leaves the alert and the island's toolbar, which tries
 * again when the shopper uses it.
 */
export async function showFirstSearchPage(
  shell: SearchShell,
  url: Pick<Location, 'pathname' | 'search'> = location,
): Promise<void> {
  const text = searchQueryOf(url.pathname, url.search);
  if (text && shell.heading) {
    shell.heading.textContent = `Søk: «${text}»`;
    document.title = `Søk: ${text}`;
  }
  const askIsland = () => askToHydrate(shell.island);
  if (!text) {
    shell.results.hidden = true;
    askIsland();
    return;
  }
  // The reserved space stays until the island shows results of its own, so nothing below
  // it moves while they load; the first page itself goes as soon as the shopper changes
  // something.
  let html = '';
  $results.subscribe(({ status }) => {
    const islandShows = status === 'ready' || (status === 'loading' && html !== '');
    shell.results.hidden = islandShows;
    // Removed while hidden, so the island's results are the only ones on the page.
    if (islandShows) shell.results.replaceChildren();
    else if (html && !shell.results.hasChildNodes()) shell.results.innerHTML = html;
  });
  if (asksForIslandState(url.search)) {
    askIsland();
    return;
  }
  const loading = loadFirstSearchPage(text);
  // A page's first price format loads the browser's locale data (contract/money.ts); made
  // in a task of its own while the search is on its way, it is not added after the answer.
  setTimeout(() => formatPrice(0));
  await loading;
  const page = $firstPage.get();
  if (page === null) {
    // The alert says it failed; the space is given up rather than left blank.
    shell.results.hidden = true;
    return;
  }
  if (page.total === 0) {
    askIsland();
    return;
  }
  html = firstPageHtml(page);
  if (!shell.results.hidden) shell.results.innerHTML = html;
}
