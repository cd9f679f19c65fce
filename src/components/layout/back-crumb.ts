/**
 * The back crumb's target and the breadcrumb history. The script of BackCrumb.astro, which
 * every page runs through the layout's one module script (src/layouts/base-scripts.ts).
 */

import {
  $breadcrumbs,
  backTarget,
  pushBreadcrumb,
  resetBreadcrumbs,
} from '../../stores/breadcrumbs.ts';

/** Sets the back crumb's target and records this page in the breadcrumb history. */
export function startBackCrumb(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-back-crumb]');
  if (!link) return;
  if (link.hasAttribute('data-reset')) resetBreadcrumbs();
  const params = location.pathname + location.search;
  pushBreadcrumb({
    name: link.dataset['routeName'] ?? 'page',
    params,
    title: document.title,
    scrollPosition: 0,
  });
  if (location.pathname !== '/') link.href = backTarget($breadcrumbs.get());
  // Remember where the shopper was, so coming back can restore it.
  addEventListener('pagehide', () =>
    pushBreadcrumb({
      name: link.dataset['routeName'] ?? 'page',
      params,
      title: document.title,
      scrollPosition: Math.round(scrollY),
    }),
  );
}
