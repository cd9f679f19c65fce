/**
 * What the listing island needs only once it asks the API for results: the catalogue calls,
 * the answer's articles as cards with their product paths and the filter values they offer,
 * and the cards' HTML. A module of its own, which stores/listing.ts loads with its first
 * request: the build prefetches a category listing's island code before the shopper reaches
 * for it (builder/finish-page.ts), and that prefetch is then only what the island
 * needs to start (its state, the URL's query, the page links), not the card renderer and
 * the picture rules behind it, which nothing shows before results arrive over the network,
 * nor the page links' renderer, as the first page's links are in the listing's HTML.
 * The search page's script loads this module with it, as its first results wait for it.
 */

import { articleItemsHtml } from '../lib/html/article-card-html.ts';
import { getBundle, searchArticles } from '../lib/api/catalogue.ts';
import {
  toListingArticle,
  type Facets,
  type ListingArticle,
} from '../lib/domain/listing-facets.ts';
import type { ListingQuery, ListingScope } from '../lib/domain/listing-query.ts';
import { apiSort, toSearchFilter } from '../lib/domain/listing-search.ts';
import { withProductPaths } from '../lib/domain/slug.ts';
import { drawResults } from '../lib/html/search-first-page-html.ts';
import { loadProductPaths } from './product-paths.ts';

export { mergeFacets } from '../lib/domain/listing-facets.ts';
export { paginationHtml } from '../lib/html/pagination-html.ts';

/** Articles as cards, with the grid's items already drawn (articleItemsHtml). */
export interface CardList {
  articles: ListingArticle[];
  /** The `<li>` items of the cards, for the island's grid. */
  html: string;
}

/** One page of results: its cards, how many hits there are, and their filter values. */
export interface ResultsPage extends CardList {
  total: number;
  facets: Facets;
}

function cardList(articles: ListingArticle[]): CardList {
  return { articles, html: articleItemsHtml(articles) };
}

/**
 * Page `query.page` of `take` results searching `text` within `scope` (`POST
 * articles/search`), in the query's order and with its filters.
 */
export async function fetchResultsPage(
  text: string,
  scope: ListingScope,
  query: ListingQuery,
  take: number,
  signal?: AbortSignal,
): Promise<ResultsPage> {
  const sort = apiSort(query.sort, query.reverse);
  const [answer, paths] = await Promise.all([
    searchArticles({
      query: text,
      take,
      page: query.page - 1,
      filters: toSearchFilter(scope, query.filters),
      ...(sort ? { sort } : {}),
      ...(signal ? { signal } : {}),
    }),
    loadProductPaths(),
  ]);
  return drawResults(answer, paths);
}

/** The articles `ids` names, in that order, as cards. */
export async function fetchCards(ids: readonly number[]): Promise<CardList> {
  const [articles, paths] = await Promise.all([getBundle(ids), loadProductPaths()]);
  return cardList(withProductPaths(articles.map(toListingArticle), paths));
}
