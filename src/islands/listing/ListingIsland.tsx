import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ArticleGrid } from '../../components/catalogue/ArticleGrid.tsx';
import type { FacetOption, Facets } from '../../lib/domain/listing-facets.ts';
import {
  countSelected,
  type ListingQuery,
  type ListingScope,
  type SortKey,
} from '../../lib/domain/listing-query.ts';
import type { PriceRange } from '../../lib/domain/price-slider.ts';
import { searchQueryOf } from '../../lib/domain/search-query.ts';
import { formatArticleCount } from '../../lib/format/count.ts';
import {
  $filters,
  $page,
  $sorting,
  clearFilters,
  goToPage,
  restoreFromUrl,
  setSort,
  toggleReverse,
} from '../../stores/filters.ts';
import {
  $bestsellers,
  $firstPage,
  $results,
  loadBestsellers,
  pageLinksOf,
  prepareResults,
  setupListing,
} from '../../stores/listing.ts';
import { announceLive } from '../directives/hydrate-event.ts';
import { useModule } from '../shared/use-module.ts';
import type { FilterOptions } from './FilterDialog.tsx';
import { Pagination } from './Pagination.tsx';

// The panels are modules of their own, kept out of the JavaScript a page needs to start.
const loadFilterDialog = () => import('./FilterDialog.tsx');
const loadShareDialog = () => import('./ShareDialog.tsx');

/** Props of {@link ListingIsland}. */
export interface ListingIslandProps {
  /** `listing`: a pre-rendered category page (its first page is `children`); `search`: the shell. */
  mode: 'listing' | 'search';
  /** Page title, for sharing. */
  title: string;
  scope: ListingScope;
  priceRange: PriceRange | null;
  /** Results of the pre-rendered page (listing mode). */
  total?: number;
  facets?: Facets;
  genders: FacetOption[];
  productLines: FacetOption[];
  /** Names of every colour group, brand and shop, for chosen values not among the results. */
  colorNames: FacetOption[];
  brandNames: FacetOption[];
  shops: FacetOption[];
  /** Article ids of the bestsellers, best first (search mode). */
  bestsellerIds?: number[];
  /** The pre-rendered first page (listing mode). */
  children?: ReactNode;
  /** The pre-rendered first page's links to the other pages, when it has any (listing mode). */
  pagination?: ReactNode;
}

const NO_FACETS: Facets = { colors: [], brands: [], shops: [] };

const SORT_LABELS: ReadonlyArray<[SortKey, string]> = [
  ['relevance', 'Relevans'],
  ['name', 'Navn'],
  ['price', 'Pris'],
  ['bestseller', 'Bestselgere'],
];

/** Options seen among results plus every chosen one, so a choice can always be undone. */
function withChosen(seen: FacetOption[], chosen: number[], names: FacetOption[]): FacetOption[] {
  const extra = chosen
    .filter((id) => !seen.some((o) => o.id === id))
    .flatMap((id) => names.filter((n) => n.id === id));
  return [...seen, ...extra].sort((a, b) => a.name.localeCompare(b.name, 'nb'));
}

/**
 * The listing island: toolbar (Filter(n), sort with a reverse toggle, share), results with
 * their count announced, pagination, the filter panel and the share modal. On a category page
 * it leaves the pre-rendered first page alone until the shopper changes something (or the URL
 * asks for another state). On the search shell the page draws the first results itself
 * (src/islands/search/first-page.ts) and the island, hydrating on interaction, shows only its
 * toolbar until the shopper asks for another state; it searches itself when the page could
 * not show that state (another page, filters, no hits).
 */
export function ListingIsland(props: ListingIslandProps) {
  const { mode, title, scope, priceRange, children } = props;
  const defaultSort: SortKey = mode === 'search' ? 'relevance' : 'name';
  const stored = useStore($results);
  // Before setupListing runs (server render, first client render) a listing shows its
  // pre-rendered page; the server HTML must hold it for shoppers without JavaScript.
  const results =
    stored.status === 'idle' && mode === 'listing'
      ? {
          ...stored,
          status: 'initial' as const,
          total: props.total ?? 0,
          facets: props.facets ?? NO_FACETS,
        }
      : stored;
  const filters = useStore($filters);
  const storedSorting = useStore($sorting);
  // Until the island has read its state (server HTML, hydration) it shows the default order,
  // which is what the page's first results are in; the store holds listings' order then.
  const [live, setLive] = useState(false);
  const sorting = live ? storedSorting : { sort: defaultSort, reverse: false };
  const page = useStore($page);
  const bestsellers = useStore($bestsellers);
  const [filterOpen, setFilterOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  // Once opened, a panel stays mounted (closed) so reopening is instant and keeps its state.
  const [filterUsed, setFilterUsed] = useState(false);
  const [shareUsed, setShareUsed] = useState(false);
  // The filter panel loads as soon as the island is live: the shopper who reached for the
  // toolbar is likely on the way to it. The share panel waits until it is asked for.
  const filterPanel = useModule(loadFilterDialog, live);
  const sharePanel = useModule(loadShareDialog, shareOpen || shareUsed);
  const [text, setText] = useState<string | null>(mode === 'search' ? null : '');
  const resultsRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const query =
      mode === 'search' ? (searchQueryOf(location.pathname, location.search) ?? '') : '';
    setText(query);
    const restore = () => void restoreFromUrl(location.search, { defaultSort, priceRange });
    let unmounted = false;
    const start = () => {
      if (unmounted) return;
      // The search page's own first page (drawn by the host or by the shell's script) counts
      // as pre-rendered, as a category's HTML does.
      const first = mode === 'search' ? $firstPage.get() : null;
      const shown = first !== null && first.text === query && first.total > 0 ? first : null;
      setupListing({
        scope,
        text: query,
        defaultSort,
        prerendered: mode === 'listing' || shown !== null,
        total: shown?.total ?? props.total ?? 0,
        facets: shown?.facets ?? props.facets ?? NO_FACETS,
      });
      if (mode === 'listing' || query) restore();
      setLive(true);
      prepareResults();
      addEventListener('popstate', restore);
      // Live now: an action made before hydration may be replayed (client:interaction).
      announceLive(rootRef.current);
    };
    // A page the host drew is taken up first. Its code is loaded here, not with the island,
    // which a listing prefetches: were it not to load, the island loads page one itself.
    if (mode === 'search') {
      void import('../search/drawn-page.ts')
        .then(({ adoptDrawnPage }) => adoptDrawnPage())
        .catch((error: unknown) => console.error(error))
        .finally(start);
    } else {
      start();
    }
    return () => {
      unmounted = true;
      removeEventListener('popstate', restore);
    };
    // Runs once: the props of an island never change after hydration.
  }, []);

  const query: ListingQuery = { filters, ...sorting, page };
  const selected = countSelected(filters);
  const loading = results.status === 'loading';
  const searchMissing = mode === 'search' && text === '';
  const noHits = results.status === 'ready' && results.total === 0;

  useEffect(() => {
    if (noHits && mode === 'search' && selected === 0) {
      void loadBestsellers(props.bestsellerIds ?? []);
    }
  }, [noHits, mode, selected, props.bestsellerIds]);

  const options: FilterOptions = useMemo(
    () => ({
      genders: props.genders,
      colors: withChosen(results.facets.colors, filters.colors, props.colorNames),
      brands: withChosen(results.facets.brands, filters.brands, props.brandNames),
      shops: withChosen(
        props.shops.filter((s) => results.facets.shops.includes(s.id)),
        filters.shops,
        props.shops,
      ),
      productLines: props.productLines,
      priceRange,
    }),
    [results.facets, filters, props, priceRange],
  );

  const showPage = (target: number) => {
    void goToPage(target);
    resultsRef.current?.scrollIntoView({ block: 'start' });
    resultsRef.current?.focus({ preventScroll: true });
  };

  if (searchMissing) {
    return (
      <p className="text-lg" data-search-empty-query>
        Skriv inn det du leter etter i søkefeltet for å søke.
      </p>
    );
  }

  const button =
    'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md border border-gray-500 px-3 font-semibold hover:bg-surface sm:px-4';
  const countText = results.status === 'idle' ? '' : formatArticleCount(results.total);
  // The pre-rendered page's links stay until the island has links of its own to draw (null
  // also while their code is still on its way).
  const pageLinks =
    results.status === 'idle' || results.status === 'initial'
      ? null
      : pageLinksOf(query, results.total, defaultSort);
  // On the search shell the page itself shows the first results (idle: on their way).
  const pageShowsResults =
    mode === 'search' && (results.status === 'idle' || results.status === 'initial');

  return (
    <div ref={rootRef} className="grid gap-4" data-listing>
      {/* One compact row on a phone: the sort's label and the reverse toggle's words are there
          for screen readers only, so the first products show in the first screen. */}
      <div
        className="flex items-center gap-2 sm:flex-wrap sm:gap-3"
        role="toolbar"
        aria-label="Visning"
      >
        <button
          type="button"
          className={button}
          aria-haspopup="dialog"
          onClick={() => {
            setFilterUsed(true);
            setFilterOpen(true);
          }}
          data-filter-button
        >
          {`Filter(${String(selected)})`}
        </button>
        <label className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
          <span className="max-sm:sr-only">Sorter etter</span>
          <select
            className="min-h-11 w-full min-w-0 rounded-md border border-gray-500 bg-white px-3 sm:w-auto"
            value={sorting.sort}
            onChange={(e) => void setSort(e.currentTarget.value as SortKey)}
            data-sort
          >
            {SORT_LABELS.filter(([key]) => key !== 'relevance' || mode === 'search').map(
              ([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ),
            )}
          </select>
        </label>
        <button
          type="button"
          className={button}
          aria-pressed={sorting.reverse}
          disabled={sorting.sort === 'relevance'}
          onClick={() => void toggleReverse()}
          data-reverse
        >
          <span aria-hidden="true">{sorting.reverse ? '↑' : '↓'}</span>
          <span className="max-sm:sr-only">Omvendt rekkefølge</span>
        </button>
        <button
          type="button"
          className={`${button} desk:ml-auto`}
          aria-haspopup="dialog"
          onClick={() => {
            setShareUsed(true);
            setShareOpen(true);
          }}
          data-share-button
        >
          Del
        </button>
      </div>

      {!pageShowsResults && (
        <>
          <p role="status" aria-live="polite" className="min-h-6 text-gray-700" data-result-count>
            {countText}
          </p>

          <div
            ref={resultsRef}
            tabIndex={-1}
            aria-busy={loading}
            aria-labelledby="varer-tittel"
            role="region"
            className={`min-h-96 scroll-mt-4 transition-opacity outline-none ${loading ? 'opacity-50' : ''}`}
            data-results
          >
            {/* The cards' h3 names need an h2 above them, so the outline has no gap. */}
            <h2 id="varer-tittel" className="sr-only">
              Varer
            </h2>
            {results.status === 'initial' ? (
              children
            ) : noHits ? (
              <div className="grid gap-4" data-no-results>
                {mode === 'search' && selected === 0 ? (
                  <>
                    <p className="text-xl font-semibold">Ingen treff på «{text}»</p>
                    {bestsellers.articles.length > 0 && (
                      <section aria-labelledby="bestsellers-title" className="grid gap-4">
                        <h2 id="bestsellers-title" className="text-2xl font-bold">
                          Populære varer
                        </h2>
                        <ArticleGrid html={bestsellers.html} />
                      </section>
                    )}
                  </>
                ) : (
                  <>
                    <p className="text-xl font-semibold">Ingen varer passer filtrene dine</p>
                    <p>
                      <button
                        type="button"
                        className={button}
                        onClick={() => void clearFilters()}
                        data-clear-filters
                      >
                        Fjern filtrene
                      </button>
                    </p>
                  </>
                )}
              </div>
            ) : (
              <ArticleGrid html={results.html} />
            )}
          </div>

          {pageLinks === null
            ? props.pagination && <Pagination onPage={showPage}>{props.pagination}</Pagination>
            : pageLinks !== '' && <Pagination html={pageLinks} onPage={showPage} />}
        </>
      )}

      {filterPanel && (filterOpen || filterUsed) && (
        <filterPanel.FilterDialog
          open={filterOpen}
          onClose={() => setFilterOpen(false)}
          options={options}
          total={results.total}
        />
      )}
      {sharePanel && (shareOpen || shareUsed) && (
        <sharePanel.ShareDialog
          open={shareOpen}
          onClose={() => setShareOpen(false)}
          title={title}
        />
      )}
    </div>
  );
}
