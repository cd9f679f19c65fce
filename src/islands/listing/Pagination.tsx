import type { MouseEvent } from 'react';
import {
  lastPage,
  pageHref,
  type ListingQuery,
  type SortKey,
} from '../../lib/domain/listing-query.ts';

/** Props of {@link Pagination}. */
export interface PaginationProps {
  query: ListingQuery;
  total: number;
  perPage: number;
  defaultSort: SortKey;
  /** Called instead of following a link (the island loads the page itself). */
  onPage: (page: number) => void;
}

/** Page numbers shown: the first, the last and two either side of the current one. */
function visiblePages(current: number, last: number): Array<number | 'gap'> {
  const wanted = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  return pages.flatMap((p, i) =>
    i > 0 && p - (pages[i - 1] ?? p) > 1 ? ['gap' as const, p] : [p],
  );
}

/**
 * Links to the other result pages as real `?side=n` links, so crawlers follow them and a
 * shopper without JavaScript still gets a link; with JavaScript the island loads the page.
 */
export function Pagination({ query, total, perPage, defaultSort, onPage }: PaginationProps) {
  const last = lastPage(total, perPage);
  if (last <= 1) return null;
  const current = Math.min(query.page, last);
  const follow = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPage(page);
  };
  const link = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3';
  return (
    <nav aria-label="Sider" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        {current > 1 && (
          <li>
            <a
              href={pageHref(query, current - 1, defaultSort)}
              rel="prev"
              onClick={follow(current - 1)}
              className={`${link} hover:bg-surface underline`}
            >
              Forrige
            </a>
          </li>
        )}
        {visiblePages(current, last).map((page, i) =>
          page === 'gap' ? (
            <li key={`gap-${String(i)}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={page}>
              <a
                href={pageHref(query, page, defaultSort)}
                onClick={follow(page)}
                aria-current={page === current ? 'page' : undefined}
                aria-label={`Side ${String(page)}`}
                className={
                  page === current
                    ? `${link} bg-brand text-brand-ink font-bold`
                    : `${link} hover:bg-surface underline`
                }
              >
                {page}
              </a>
            </li>
          ),
        )}
        {current < last && (
          <li>
            <a
              href={pageHref(query, current + 1, defaultSort)}
              rel="next"
              onClick={follow(current + 1)}
              className={`${link} hover:bg-surface underline`}
            >
              Neste
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
