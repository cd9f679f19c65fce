/**
 * Results of the listing island: the page of articles for the current filters, sort and page.
 * A listing's first page is in the HTML already; as long as the shopper is on that state the
 * store says `initial` and nothing is fetched, so the pre-rendered grid stays as it is.
 */

import { atom } from 'nanostores';
import {
  collectFacets,
  mergeFacets,
  toListingArticle,
  type Facets,
  type ListingArticle,
} from '../lib/domain/listing-facets.ts';
import {
  apiSort,
  defaultQuery,
  sameQuery,
  toSearchFilter,
  type ListingQuery,
  type ListingScope,
  type SortKey,
} from '../lib/domain/listing-query.ts';
import { withProductPaths } from '../lib/domain/slug.ts';
import { addAlert } from './alerts.ts';
import { loadProductPaths } from './product-paths.ts';

/** Page size of listings (SPEC 9), as src/lib/api's CATEGORY_PAGE_SIZE. */
export const LISTING_PAGE_SIZE = 20;

/**
 * The API module, loaded when first needed: a pre-rendered listing makes no request until
 * the shopper changes something, so its client and mappers stay out of the first load.
 */
const api = () => import('../lib/api/catalogue.ts');

/** What the island shows. */
export interface ListingResults {
  /**
   * `initial`: the pre-rendered page; `loading`: a request is out (the last results stay,
   * dimmed); `ready`: `articles` are this state's; `idle`: nothing to show yet (search shell).
   */
  status: 'initial' | 'loading' | 'ready' | 'idle';
  articles: ListingArticle[];
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
  total: 0,
  facets: NO_FACETS,
});

/** Bestsellers shown when a search finds nothing; loaded once. */
export const $bestsellers = atom<ListingArticle[]>([]);

let setup: ListingSetup = {
  scope: {},
  text: '',
  defaultSort: 'name',
  prerendered: false,
  total: 0,
  facets: NO_FACETS,
};
let inFlight: AbortController | undefined;

/** Sets the listing up; a pre-rendered listing starts in `initial` with its own total. */
export function setupListing(next: ListingSetup): void {
  setup = next;
  inFlight?.abort();
  $results.set({
    status: next.prerendered ? 'initial' : 'idle',
    articles: [],
    total: next.total,
    facets: next.facets,
  });
}

/** Error text when results cannot be loaded; what was shown stays. */
export const LOAD_ERROR = 'Vi fikk ikke hentet varene. Prøv igjen om litt.';

/** One page of results for `query` searching `text` within `scope`, from `POST articles/search`. */
async function fetchPage(
  text: string,
  scope: ListingScope,
  query: ListingQuery,
  signal?: AbortSignal,
): Promise<{ articles: ListingArticle[]; total: number }> {
  const sort = apiSort(query.sort, query.reverse);
  const { searchArticles } = await api();
  const [answer, paths] = await Promise.all([
    searchArticles({
      query: text,
      take: LISTING_PAGE_SIZE,
      page: query.page - 1,
      filters: toSearchFilter(scope, query.filters),
      ...(sort ? { sort } : {}),
      ...(signal ? { signal } : {}),
    }),
    loadProductPaths(),
  ]);
  return {
    articles: withProductPaths(answer.articles.map(toListingArticle), paths),
    total: answer.total,
  };
}

/**
 * Shows the results of `query`: the pre-rendered page again when it is the default state of
 * a pre-rendered listing, else one `POST articles/search`. A newer call aborts an older one;
 * a failure shows a Norwegian alert and keeps what was shown.
 */
export async function loadResults(query: ListingQuery): Promise<void> {
  inFlight?.abort();
  const current = $results.get();
  if (setup.prerendered && sameQuery(query, defaultQuery(setup.defaultSort))) {
    inFlight = undefined;
    $results.set({ ...current, status: 'initial', articles: [], total: setup.total });
    return;
  }
  const controller = new AbortController();
  inFlight = controller;
  $results.set({ ...current, status: 'loading' });
  try {
    const { articles, total } = await fetchPage(setup.text, setup.scope, query, controller.signal);
    if (controller.signal.aborted) return;
    $results.set({
      status: 'ready',
      articles,
      total,
      facets: mergeFacets($results.get().facets, collectFacets(articles)),
    });
  } catch (error) {
    if (controller.signal.aborted) return;
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
  articles: ListingArticle[];
  total: number;
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
    const page = await fetchPage(text, {}, defaultQuery('relevance'));
    $firstPage.set({ text, ...page });
  } catch (error) {
    console.error(error);
    addAlert('error', LOAD_ERROR);
  }
}

/** Loads the bestsellers (by id, best first) once, for a search that found nothing. */
export async function loadBestsellers(ids: readonly number[]): Promise<void> {
  if ($bestsellers.get().length > 0 || ids.length === 0) return;
  try {
    const { getBundle } = await api();
    const [articles, paths] = await Promise.all([getBundle(ids), loadProductPaths()]);
    $bestsellers.set(withProductPaths(articles.map(toListingArticle), paths));
  } catch (error) {
    // The empty-search message already says what happened; bestsellers are a bonus.
    console.error(error);
  }
}
