/** The account pages' paths (Norwegian, as the shop's other routes). */

/** Logging in; `?neste=` names the same-site path to go on to. */
export const LOGIN_PATH = '/logg-inn';

/** My page: the account's home, where the header's account link goes. */
export const MY_PAGE_PATH = '/min-side';

/** The login page that sends the shopper on to `next` (a same-site path) afterwards. */
export function loginPathFor(next: string): string {
  return `${LOGIN_PATH}?neste=${encodeURIComponent(next)}`;
}

/** The account's own pages: a login begun there goes on to my page, not back to them. */
const ACCOUNT_PAGES = [
  LOGIN_PATH,
  '/registrer',
  '/glemt-passord',
  '/nytt-passord',
  '/bekreft-epost',
  MY_PAGE_PATH,
];

/**
 * Whether `pathname` is one of the account's own pages, where the header's account link
 * leads to the bare login page; from every other page it comes back (docs/spec.md §2). Decided at
 * build time, so the header's script carries no list of pages.
 */
export function isAccountPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/u, '') || '/';
  return ACCOUNT_PAGES.some((p) => path === p || path.startsWith(`${p}/`));
}
