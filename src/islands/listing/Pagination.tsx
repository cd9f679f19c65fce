import type { MouseEvent, ReactNode } from 'react';

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /**
   * The page links (paginationHtml in lib/html/pagination-html.ts); without them,
   * `children` is shown: a pre-rendered listing's first page links, from its HTML.
   */
  html?: string;
  children?: ReactNode;
  /** Called instead of following a link (the island loads the page itself). */
  onPage: (page: number) => void;
}

/**
 * The page navigation of the island: real `?side=n` links; a plain click loads the page in
 * place, while a click with a modifier opens the link as usual. The links come drawn, so the
 * code the island needs to start holds no page-link renderer: a listing's first ones are in
 * its HTML, and the island draws others only for results it has loaded with their code.
 */
export function Pagination({ html, children, onPage }: PaginationProps) {
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-page]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPage(Number(link.dataset['page']));
  };
  // The links inside are keyboard-reachable; Enter on a link fires this click too.
  return html === undefined ? (
    <div onClick={follow}>{children}</div>
  ) : (
    <div onClick={follow} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
