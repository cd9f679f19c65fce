/**
 * Search results as HTML: a page of cards, and the first page with its count and page
 * links, marked up as the listing island marks them. The search page's script draws it in the browser
 * (src/islands/search/first-page.ts), and a host that draws `/search/{query}` before sending
 * it (functions/_lib/search-page.ts) draws the same.
 */

import type { SearchResult } from '../api/catalogue.ts';
import {
  collectFacets,
  toListingArticle,
  type Facets,
  type ListingArticle,
} from '../domain/listing-facets.ts';
import { defaultQuery, LISTING_PAGE_SIZE } from '../domain/listing-query.ts';
import { withProductPaths, type ProductPathExceptions } from '../domain/slug.ts';
import { formatArticleCount } from '../format/count.ts';
import { ARTICLE_GRID_CLASS, articleItemsHtml } from './article-card-html.ts';
import { paginationHtml } from './pagination-html.ts';

/** A first page to draw: its cards' `<li>` items (articleItemsHtml) and the hit count. */
export interface FirstPageItems {
  html: string;
  total: number;
}

/** The count, cards and page links of a first page. */
export function firstPageHtml(page: FirstPageItems): string {
  return (
    `<p role="status" aria-live="polite" class="min-h-6 text-gray-700" data-result-count>${formatArticleCount(page.total)}</p>` +
    `<div role="region" aria-labelledby="forste-side-tittel" aria-busy="false" class="min-h-96" data-results>` +
    `<h2 id="forste-side-tittel" class="sr-only">Varer</h2><ul class="${ARTICLE_GRID_CLASS}">${page.html}</ul></div>` +
    paginationHtml(defaultQuery('relevance'), page.total, LISTING_PAGE_SIZE, 'relevance')
  );
}

/**
 * A page of search results drawn: its articles as cards (linking to the build's product
 * paths), their `<li>` items, the hit count and the filter values the articles offer. The
 * listing island draws each page it loads so (stores/listing-page.ts), and the host page one.
 */
export interface DrawnResults extends FirstPageItems {
  articles: ListingArticle[];
  facets: Facets;
}

/** Draws a search answer's page of results (see {@link DrawnResults}). */
export function drawResults(result: SearchResult, paths: ProductPathExceptions): DrawnResults {
  const articles = withProductPaths(result.articles.map(toListingArticle), paths);
  return {
    articles,
    html: articleItemsHtml(articles),
    total: result.total,
    facets: collectFacets(articles),
  };
}

/** The search page's heading for `text`. */
export function searchHeading(text: string): string {
  return `Søk: «${text}»`;
}

/** The search page's title for `text`. */
export function searchTitle(text: string): string {
  return `Søk: ${text}`;
}
