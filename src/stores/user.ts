/**
 * Who is logged in (docs/spec.md §3 `user`, with its loaded flag): persisted under the spec's `user` key
 * and mirrored across tabs. Kept apart from the session's actions (session.ts), which bring
 * the API client, so the header on every page can show and follow it for a few hundred
 * bytes.
 */

import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { CUSTOMER_SETTING_FLAGS } from '../../contract/customer.ts';
import { isNumber, isRecord, isString } from '../../contract/guards.ts';
import { readXsrfToken } from '../lib/api/xsrf.ts';
import type { Customer } from '../lib/types.ts';
import { safeJson } from './persist.ts';

/** docs/spec.md §3: the user with a loaded flag; `loaded` is true exactly when a customer is held. */
export interface UserState {
  loaded: boolean;
  customer: Customer | null;
}

const USER_KEY = 'user';
const SIGNED_OUT: UserState = { loaded: false, customer: null };

const isTextOrNull = (value: unknown): boolean => value === null || isString(value);

const TEXT_FIELDS = ['firstname', 'surname', 'auth_id', 'email', 'phone'] as const;
const NULLABLE_TEXT_FIELDS = ['birth_date', 'city'] as const;
const FLAG_FIELDS = [
  'terms_conditions',
  'verified',
  ...CUSTOMER_SETTING_FLAGS,
] as const satisfies ReadonlyArray<keyof Customer>;

// A stored customer is read as the whole Customer shape: one written by older code, another
// app or by hand counts as nobody, and the next check with the server sets it right.
function isStoredCustomer(value: unknown): value is Customer {
  if (!isRecord(value)) return false;
  const { id, gender_id, permissions, preferences, address } = value;
  return (
    isNumber(id) &&
    Number.isInteger(id) &&
    id > 0 &&
    TEXT_FIELDS.every((key) => isString(value[key])) &&
    NULLABLE_TEXT_FIELDS.every((key) => isTextOrNull(value[key])) &&
    FLAG_FIELDS.every((key) => typeof value[key] === 'boolean') &&
    (gender_id === null || isNumber(gender_id)) &&
    Array.isArray(permissions) &&
    permissions.every(isString) &&
    Array.isArray(preferences) &&
    preferences.every(isNumber) &&
    isRecord(address) &&
    isTextOrNull(address['addr']) &&
    isTextOrNull(address['postnr'])
  );
}

function isUserState(value: unknown): value is UserState {
  if (!isRecord(value)) return false;
  const { loaded, customer } = value;
  return (loaded === false && customer === null) || (loaded === true && isStoredCustomer(customer));
}

const userCodec = safeJson(isUserState, SIGNED_OUT);

/**
 * Who is logged in, persisted under the spec's `user` key and mirrored across tabs. A corrupt or
 * foreign stored value reads as nobody.
 */
export const $user = persistentAtom<UserState>(USER_KEY, SIGNED_OUT, userCodec);

/**
 * Whether this page has asked the server who is logged in (or skipped asking, as
 * {@link loadUserOnce} allows), so a page that needs an account knows when to decide.
 */
export const $userChecked = atom(false);

/** Whether `state` holds a logged-in customer. */
export function isLoggedIn(state: UserState): state is { loaded: true; customer: Customer } {
  return state.loaded && state.customer !== null;
}

/** Holds `customer` as the logged-in customer, in every tab. */
export function setUser(customer: Customer): void {
  $user.set({ loaded: true, customer });
}

/** Forgets the logged-in customer in every tab (docs/spec.md §4: logout, a 401 or deletion). */
export function clearUser(): void {
  if (isLoggedIn($user.get())) $user.set(SIGNED_OUT);
}

/** What decides a reload in another tab: logged in or not, and as whom. */
function loginSignature(stored: string | null): string {
  const state = stored === null ? SIGNED_OUT : userCodec.decode(stored);
  return isLoggedIn(state) ? `customer ${String(state.customer.id)}` : 'nobody';
}

/**
 * docs/spec.md §4: a change of the logged-in state in another tab (a login, a logout, another
 * customer) reloads this page; other changes to the user (a new name) are only mirrored.
 * Answers the unsubscribe.
 */
export function followUserAcrossTabs(): () => void {
  // The storage event's old value is this tab's state too (one localStorage per origin), so
  // the order in which the persistent store hears the same event does not matter.
  const onStorage = (event: StorageEvent): void => {
    if (event.key !== USER_KEY) return;
    if (loginSignature(event.oldValue) !== loginSignature(event.newValue)) location.reload();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

const CHECKED_KEY = 'userChecked';

function checkedThisTab(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(CHECKED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Notes that this tab has asked the server who is logged in. */
export function markCheckedThisTab(): void {
  try {
    globalThis.sessionStorage?.setItem(CHECKED_KEY, '1');
  } catch {
    // Storage blocked (private mode): this tab then asks again on each page.
  }
}

/**
 * Whether this page should ask the server who is logged in (docs/spec.md §4: on the first
 * navigation): a tab that holds a session asks once, and a page with a stored user confirms
 * it on every load, so a session that ended elsewhere does not linger.
 */
export function needsUserCheck(): boolean {
  // The session cookie is HttpOnly, but the anti-forgery token that always comes with it is
  // readable: without one nobody can be logged in, and asking would only cost a request.
  const holdsSession = (): boolean => readXsrfToken() !== null;
  return isLoggedIn($user.get()) || (holdsSession() && !checkedThisTab());
}
