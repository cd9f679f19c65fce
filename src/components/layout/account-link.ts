/**
 * The account link's state and the idle check of the session. The script of
 * AccountLink.astro, which every page runs through the layout's one module script
 * (src/layouts/base-scripts.ts).
 */

import { LOGIN_PATH, loginPathFor, MY_PAGE_PATH } from '../../lib/routes/account.ts';
import { $user, followUserAcrossTabs, needsUserCheck } from '../../stores/user.ts';

/** Starts the account link and the session check. */
export function startAccountLink(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-account-link]');
  const label = document.querySelector<HTMLElement>('[data-account-label]');
  const dot = document.querySelector<HTMLElement>('[data-account-dot]');

  $user.subscribe(({ customer }) => {
    if (label) {
      label.textContent = customer ? `Min side, logget inn som ${customer.firstname}` : 'Logg inn';
    }
    link?.setAttribute('title', customer ? 'Min side' : 'Logg inn');
    dot?.classList.toggle('hidden', customer === null);
  });

  // docs/spec.md §2: a guest's login comes back to this page (the login page follows only a same-site
  // path, stores/session.ts safeNext). Read when the link is followed, since the page's query
  // changes as the shopper filters or picks a size (history.replaceState).
  const aim = () => {
    if (!link) return;
    if ($user.get().customer) link.href = MY_PAGE_PATH;
    else if ('accountPage' in link.dataset) link.href = LOGIN_PATH;
    else link.href = loginPathFor(location.pathname + location.search);
  };
  link?.addEventListener('click', aim);
  link?.addEventListener('auxclick', aim);

  // docs/spec.md §4: a login or logout in another tab reloads this one.
  followUserAcrossTabs();

  // The session code (API client included) loads at idle, and only when there is something
  // to ask the server: the tab's first page, or a stored user to confirm. A logged-in
  // customer's favourites then follow the account.
  if (needsUserCheck()) {
    const check = () =>
      void import('../../stores/session.ts').then(async ({ loadUserOnce }) => {
        await loadUserOnce();
        if ($user.get().customer) {
          const { startFavouriteSync } = await import('../../stores/favourites-sync.ts');
          startFavouriteSync();
        }
      });
    if ('requestIdleCallback' in window) requestIdleCallback(check, { timeout: 3000 });
    else setTimeout(check, 1);
  }
}
