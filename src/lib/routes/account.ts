/** The account pages' paths (Norwegian, as the shop's other routes). */

/** Logging in; `?neste=` names the same-site path to go on to. */
export const LOGIN_PATH = '/logg-inn';

/** My page: the account's home, where the header's account link goes. */
export const MY_PAGE_PATH = '/min-side';

/** The login page that sends the shopper on to `next` (a same-site path) afterwards. */
export function loginPathFor(next: string): string {
  return `${LOGIN_PATH}?neste=${encodeURIComponent(next)}`;
}
