/**
 * Links to the other result pages as real links (`?side=n` on listings and search,
 * `/side/n` on the blog), so crawlers follow them and a shopper without JavaScript still gets
 * a link. An HTML string, so the listing island, the search page's first results (drawn
 * without React) and the blog's static pages show the same navigation; each link carries
 * `data-page` for a script that loads the page itself.
 */

import { lastPage, pageHref, type ListingQuery, type SortKey } from '../domain/listing-query.ts';
import { escapeHtml } from '../format/html.ts';

/** Page numbers shown: the first, the last and two either side of the current one. */
export function visiblePages(current: number, last: number): Array<number | 'gap'> {
  const wanted = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  return pages.flatMap((p, i) =>
    i > 0 && p - (pages[i - 1] ?? p) > 1 ? ['gap' as const, p] : [p],
  );
}

const LINK = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3';

/**
 * Page links from 1 to `last` with `current` marked, each to `href(page)`: previous, the
 * numbers of {@link visiblePages} and next. Empty when there is one page only.
 */
export function pageLinksHtml(
  current: number,
  last: number,
  href: (page: number) => string,
): string {
  if (last <= 1) return '';
  const link = (page: number) => escapeHtml(href(page));
  const step = (page: number, rel: 'prev' | 'next', text: string) =>
    `<li><a href="${link(page)}" rel="${rel}" data-page="${String(page)}" class="${LINK} hover:bg-surface underline">${text}</a></li>`;
  const numbers = visiblePages(current, last).map((page) =>
    page === 'gap'
      ? '<li aria-hidden="true" class="px-1">…</li>'
      : page === current
        ? `<li><a href="${link(page)}" data-page="${String(page)}" aria-current="page" aria-label="Side ${String(page)}" class="${LINK} bg-brand text-brand-ink font-bold">${String(page)}</a></li>`
        : `<li><a href="${link(page)}" data-page="${String(page)}" aria-label="Side ${String(page)}" class="${LINK} hover:bg-surface underline">${String(page)}</a></li>`,
  );
  return (
    `<nav aria-label="Sider" class="mt-8 flex justify-center"><ul class="flex flex-wrap items-center gap-1">` +
    (current > 1 ? step(current - 1, 'prev', 'Forrige') : '') +
    numbers.join('') +
    (current < last ? step(current + 1, 'next', 'Neste') : '') +
    `</ul></nav>`
  );
}

/**
 * The page navigation of a result list of `total` articles, `perPage` a page, for the state
 * `query`; empty when everything fits on one page.
 */
export function paginationHtml(
  query: ListingQuery,
  total: number,
  perPage: number,
  defaultSort: SortKey,
): string {
  const last = lastPage(total, perPage);
  return pageLinksHtml(Math.min(query.page, last), last, (page) =>
    pageHref(query, page, defaultSort),
  );
}
