/**
 * The search page's first results, without React, where the host sent the plain shell
 * (another page, sort or filters of a shared link, an API that failed, or a host that does
 * not draw searches; functions/_lib/search-page.ts draws the others). The shell reads the
 * search from its URL, so its results are then drawn in the browser: page one is drawn here,
 * with the card and page-link renderers the listing island and the host use, which keeps the
 * framework off the page until the shopper reaches for the toolbar (the island hydrates with
 * `client:interaction` and takes over from there). Whatever this script cannot show itself
 * (an empty search, a shared link with another page, sort or filters, a search with no hits)
 * it hands to the island at once.
 */

// Loaded with this script, not on first use as listings do: the first search waits for it.
import '../../stores/listing-page.ts';
import { searchQueryOf } from '../../lib/domain/search-query.ts';
import { formatPrice } from '../../lib/format/money.ts';
import {
  firstPageHtml,
  searchHeading,
  searchTitle,
} from '../../lib/html/search-first-page-html.ts';
import { $firstPage, loadFirstSearchPage } from '../../stores/listing.ts';
import { askToHydrate } from '../directives/hydrate-event.ts';
import { FIRST_PAGE_SELECTOR, keepFirstPage } from './drawn-page.ts';

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

/** The search shell's elements in `doc`; null on a page without its results' place. */
export function searchShell(doc: Document = document): SearchShell | null {
  const results = doc.querySelector<HTMLElement>(FIRST_PAGE_SELECTOR);
  return results === null
    ? null
    : {
        heading: doc.querySelector<HTMLElement>('[data-search-heading]'),
        results,
        island: doc.querySelector('[data-listing]'),
      };
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
    shell.heading.textContent = searchHeading(text);
    document.title = searchTitle(text);
  }
  const askIsland = () => askToHydrate(shell.island);
  if (!text) {
    shell.results.hidden = true;
    askIsland();
    return;
  }
  const show = keepFirstPage(shell.results);
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
  show(firstPageHtml(page));
}
