/**
 * Results of the listing island: the page of articles for the current filters, sort and page.
 * A listing's first page is in the HTML already; as long as the shopper is on that state the
 * store says `initial` and nothing is fetched, so the pre-rendered grid stays as it is.
 */

import { atom } from 'nanostores';
import type { Facets, ListingArticle } from '../lib/domain/listing-facets.ts';
import {
  defaultQuery,
  LISTING_PAGE_SIZE,
  sameQuery,
  type ListingQuery,
  type ListingScope,
  type SortKey,
} from '../lib/domain/listing-query.ts';
import { addAlert } from './alerts.ts';
import type { CardList } from './listing-page.ts';

/**
 * The requests and what draws their answers (the API client and mappers, the card renderer),
 * loaded when first needed: a pre-rendered listing makes no request until the shopper changes
 * something, so none of it is in the first load, nor in the island code a listing prefetches.
 */
const results = () =>
  import('./listing-page.ts').then((page) => {
    loaded = page;
    return page;
  });
let loaded: Awaited<ReturnType<typeof results>> | undefined;

/**
 * Loads the code of the requests ahead of the first one; the island does once it is live,
 * as the shopper who reached for it is likely to change something next.
 */
export function prepareResults(): void {
  results().catch(() => undefined);
}

/**
 * The page links of `query` with `total` results (paginationHtml), or null while their code
 * is not loaded: it comes with the requests' (listing-page.ts), as a pre-rendered listing's
 * first page links are in its HTML, and the island draws others only for results it loaded.
 */
export function pageLinksOf(
  query: ListingQuery,
  total: number,
  defaultSort: SortKey,
): string | null {
  return loaded ? loaded.paginationHtml(query, total, LISTING_PAGE_SIZE, defaultSort) : null;
}

/** What the island shows. */
export interface ListingResults {
  /**
   * `initial`: the pre-rendered page; `loading`: a request is out (the last results stay,
   * dimmed); `ready`: `articles` are this state's; `idle`: nothing to show yet (search shell).
   */
  status: 'initial' | 'loading' | 'ready' | 'idle';
  articles: ListingArticle[];
  /** The cards of `articles`, drawn (`<li>` items of the grid). */
  html: string;
  total: number;
  /** Filter values seen among every page shown in this listing, so choices stay offered. */
  facets: Facets;
}

/** How the island's listing is set up. */
export interface ListingSetup {
  scope: ListingScope;
  /** The text searched for; '' on category listings. */
  text: string;
  defaultSort: SortKey;
  /** True when the HTML holds page one of the default state (category listings). */
  prerendered: boolean;
  total: number;
  facets: Facets;
}

const NO_FACETS: Facets = { colors: [], brands: [], shops: [] };

/** The results on screen. */
export const $results = atom<ListingResults>({
  status: 'idle',
  articles: [],
  html: '',
  total: 0,
  facets: NO_FACETS,
});

/** Bestsellers shown when a search finds nothing, as cards; loaded once. */
export const $bestsellers = atom<CardList>({ articles: [], html: '' });

let setup: ListingSetup = {
  scope: {},
  text: '',
  defaultSort: 'name',
  prerendered: false,
  total: 0,
  facets: NO_FACETS,
};
let inFlight: AbortController | undefined;
/**
 * The query whose results are shown or being loaded, and the load: the same query asked again
 * (a choice the island heard and `client:interaction` replays, as it cannot tell whether
 * React heard it) is the same load, not a second request that aborts the first.
 */
let asked: { query: ListingQuery; load: Promise<void> } | undefined;

/** Sets the listing up; a pre-rendered listing starts in `initial` with its own total. */
export function setupListing(next: ListingSetup): void {
  setup = next;
  inFlight?.abort();
  asked = undefined;
  $results.set({
    status: next.prerendered ? 'initial' : 'idle',
    articles: [],
    html: '',
    total: next.total,
    facets: next.facets,
  });
}

/** Error text when results cannot be loaded; what was shown stays. */
export const LOAD_ERROR = 'Vi fikk ikke hentet varene. Prøv igjen om litt.';

/**
 * Shows the results of `query`: the pre-rendered page again when it is the default state of
 * a pre-rendered listing, else one `POST articles/search`. A newer call of another query
 * aborts an older one; the query shown or being loaded is not asked for again. A failure
 * shows a Norwegian alert and keeps what was shown.
 */
export function loadResults(query: ListingQuery): Promise<void> {
  if (asked && sameQuery(query, asked.query)) return asked.load;
  const load = showResults(query);
  asked = { query, load };
  return load;
}

async function showResults(query: ListingQuery): Promise<void> {
  inFlight?.abort();
  const current = $results.get();
  if (setup.prerendered && sameQuery(query, defaultQuery(setup.defaultSort))) {
    inFlight = undefined;
    $results.set({ ...current, status: 'initial', articles: [], html: '', total: setup.total });
    return;
  }
  const controller = new AbortController();
  inFlight = controller;
  $results.set({ ...current, status: 'loading' });
  try {
    const { fetchResultsPage, mergeFacets } = await results();
    const page = await fetchResultsPage(
      setup.text,
      setup.scope,
      query,
      LISTING_PAGE_SIZE,
      controller.signal,
    );
    if (controller.signal.aborted) return;
    $results.set({
      status: 'ready',
      articles: page.articles,
      html: page.html,
      total: page.total,
      facets: mergeFacets($results.get().facets, page.facets),
    });
  } catch (error) {
    if (controller.signal.aborted) return;
    // Asking again is trying again.
    asked = undefined;
    console.error(error);
    addAlert('error', LOAD_ERROR);
    const before = $results.get();
    $results.set({ ...before, status: current.status === 'loading' ? 'ready' : current.status });
  } finally {
    if (inFlight === controller) inFlight = undefined;
  }
}

/** Page one of a search in its default order, as the search page shows it itself. */
export interface FirstPage {
  /** What was searched for. */
  text: string;
  /** The `<li>` items of its cards (articleItemsHtml), drawn once with the request. */
  html: string;
  total: number;
  /** The filter values its articles offer. */
  facets: Facets;
}

/**
 * The first page of the search on screen, drawn by the search page without React (see
 * src/islands/search/first-page.ts); null until loaded. The island, once it hydrates,
 * takes it as its pre-rendered page, as a category listing takes its HTML.
 */
export const $firstPage = atom<FirstPage | null>(null);

/**
 * Loads page one of the search for `text` (relevance order, no filter) into
 * {@link $firstPage}. A failure shows the Norwegian alert and leaves the store empty.
 */
export async function loadFirstSearchPage(text: string): Promise<void> {
  try {
    const { fetchResultsPage } = await results();
    const page = await fetchResultsPage(text, {}, defaultQuery('relevance'), LISTING_PAGE_SIZE);
    $firstPage.set({ text, html: page.html, total: page.total, facets: page.facets });
  } catch (error) {
    console.error(error);
    addAlert('error', LOAD_ERROR);
  }
}

/** Loads the bestsellers (by id, best first) once, for a search that found nothing. */
export async function loadBestsellers(ids: readonly number[]): Promise<void> {
  if ($bestsellers.get().articles.length > 0 || ids.length === 0) return;
  try {
    const { fetchCards } = await results();
    $bestsellers.set(await fetchCards(ids));
  } catch (error) {
    // The empty-search message already says what happened; bestsellers are a bonus.
    console.error(error);
  }
}
