import type { MouseEvent } from 'react';
import { paginationHtml } from '../../components/catalogue/pagination-html.ts';
import type { ListingQuery, SortKey } from '../../lib/domain/listing-query.ts';

/** Props of {@link Pagination}. */
export interface PaginationProps {
  query: ListingQuery;
  total: number;
  perPage: number;
  defaultSort: SortKey;
  /** Called instead of following a link (the island loads the page itself). */
  onPage: (page: number) => void;
}

/**
 * The page navigation of the island: real `?side=n` links (see paginationHtml); a plain
 * click loads the page in place, while a click with a modifier opens the link as usual.
 */
export function Pagination({ query, total, perPage, defaultSort, onPage }: PaginationProps) {
  const html = paginationHtml(query, total, perPage, defaultSort);
  if (!html) return null;
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-page]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPage(Number(link.dataset['page']));
  };
  // The links inside are keyboard-reachable; Enter on a link fires this click too.
  return <div onClick={follow} dangerouslySetInnerHTML={{ __html: html }} />;
}
