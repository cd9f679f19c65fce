/**
 * The session of docs/spec.md §4: who is logged in (`$user`, persisted under the spec's `user` key and
 * mirrored across tabs by the persistent store), and the account actions with docs/spec.md §8's
 * messages. Actions never throw: they answer an {@link AccountResult} the form shows.
 */

import { ApiRequestError, NO_RESPONSE } from '../lib/api/client.ts';
import * as customers from '../lib/api/customers.ts';
import {
  accountErrorMessage,
  GENERIC_FAILURE,
  LINK_INVALID,
  loginErrorMessage,
  NOT_LOGGED_IN,
  OTHER_USER_LOGGED_IN,
  RELOAD_PAGE,
  RESEND_ALERT_MS,
  RESEND_FAILED,
  resendSentMessage,
  TERMS_REQUIRED,
  translateFieldErrors,
} from '../lib/domain/account-messages.ts';
import { safeHref } from '../lib/domain/safe-href.ts';
import { MY_PAGE_PATH } from '../lib/routes/account.ts';
import { toAppFieldErrors } from '../lib/mappers/customer.ts';
import type { AccountChanges, PasswordResetInput, RegisterInput } from '../lib/types.ts';
import { addAlert } from './alerts.ts';
import {
  $user,
  $userChecked,
  clearUser,
  markCheckedThisTab,
  needsUserCheck,
  setUser,
} from './user.ts';

/**
 * What an account action answers: success (with a message to show, where there is one), or
 * docs/spec.md §8's message and the translated field messages (docs/spec.md §5) keyed by the app's field
 * names (`firstname`, `surname`, `email`, `phone`, `addr`, `postnr`, `password`,
 * `passwordConfirmation`, `termsAccepted` ...).
 */
export type AccountResult =
  { ok: true; message?: string } | { ok: false; message: string; fields: Record<string, string> };

const statusOf = (error: unknown): number =>
  error instanceof ApiRequestError ? error.status : NO_RESPONSE;

const errorsOf = (error: unknown): Readonly<Record<string, readonly string[]>> =>
  error instanceof ApiRequestError ? error.errors : {};

/**
 * The field messages of a failed call: for a 422 or 403, each field's message translated
 * (docs/spec.md §5) and keyed by the app's field name; none for other failures.
 */
export function translatedFields(error: unknown): Record<string, string> {
  const status = statusOf(error);
  return status === 422 || status === 403
    ? toAppFieldErrors(translateFieldErrors(errorsOf(error)))
    : {};
}

// What the shopper's own input explains (4xx other than 419) needs no log; the rest does.
function logUnexpected(what: string, error: unknown): void {
  const status = statusOf(error);
  if (status === NO_RESPONSE || status === 419 || status >= 500) console.error(what, error);
}

const failure = (message: string, fields: Record<string, string> = {}): AccountResult => ({
  ok: false,
  message,
  fields,
});

/**
 * Clears the user when `error` says nobody is logged in (401, or 404 from the
 * `customers/current/*` calls) and answers whether it did; docs/spec.md §8: history and reviews on
 * 401 clear the user.
 */
export function handleUnauthorised(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== 401 && status !== 404) return false;
  clearUser();
  return true;
}

/** Asks the server; answers whether it answered (a network failure keeps what was held). */
async function refreshUser(): Promise<boolean> {
  const asked = $user.get();
  try {
    const customer = await customers.currentCustomer();
    // A login or logout while the question was out is newer than its answer.
    if ($user.get() !== asked) return true;
    if (customer) setUser(customer);
    else clearUser();
    return true;
  } catch (error) {
    // docs/spec.md §4: having no user is tolerated; the persisted one stays until the server says.
    console.error('Could not load the user', error);
    return false;
  } finally {
    $userChecked.set(true);
  }
}

// This page's answer to who is logged in, which loadUserOnce shares.
let thisPage: Promise<void> | undefined;

/**
 * Reads who is logged in (`customers/current`): a customer sets the user, 204 (or 401/404)
 * clears it, a network failure keeps what was there. Never rejects. It always asks (a page
 * that needs an account decides on it); the header's {@link loadUserOnce} later in the same
 * page reuses its answer instead of asking again.
 */
export function loadUser(): Promise<void> {
  thisPage = (async () => {
    if (await refreshUser()) markCheckedThisTab();
  })();
  return thisPage;
}

/**
 * {@link loadUser} as the header runs it on a tab's first navigation (docs/spec.md §4): a guest's tab
 * asks once (flag `userChecked` in sessionStorage), while a persisted user is confirmed
 * once per page load, so a session that ended elsewhere does not linger. Never rejects.
 */
export function loadUserOnce(): Promise<void> {
  thisPage ??= (async () => {
    if (!needsUserCheck()) {
      $userChecked.set(true);
      return;
    }
    if (await refreshUser()) markCheckedThisTab();
  })();
  return thisPage;
}

/**
 * docs/spec.md §8: a 401 at login or registration means a session is already logged in; it is
 * logged out on the server (a failure there changes nothing for the shopper) and cleared.
 */
async function endStaleSession(): Promise<void> {
  try {
    await customers.logout();
  } catch (error) {
    console.warn('Could not end the session', error);
  }
  clearUser();
}

async function loginFailure(
  error: unknown,
  fields: Record<string, string>,
): Promise<AccountResult> {
  logUnexpected('Login or registration failed', error);
  const status = statusOf(error);
  if (status === 401) await endStaleSession();
  return failure(loginErrorMessage(status), fields);
}

/**
 * Logs in with an e-mail address or a mobile number (docs/spec.md §5's phone rule decides which).
 * Failures carry docs/spec.md §8's login messages and no field messages: a 422 here means wrong
 * credentials, which no single field explains.
 */
export async function logIn(identifier: string, password: string): Promise<AccountResult> {
  try {
    setUser(await customers.login(identifier, password));
    return { ok: true };
  } catch (error) {
    return loginFailure(error, {});
  }
}

/**
 * Registers and logs in. The terms must be accepted first ({@link TERMS_REQUIRED} on
 * `termsAccepted`); the server's field errors come back translated.
 */
export async function registerCustomer(input: RegisterInput): Promise<AccountResult> {
  if (!input.termsAccepted) return failure(TERMS_REQUIRED, { termsAccepted: TERMS_REQUIRED });
  try {
    setUser(await customers.register(input));
    return { ok: true };
  } catch (error) {
    return loginFailure(error, translatedFields(error));
  }
}

/**
 * Logs out. The user is cleared whatever the server answers; docs/spec.md §8: a 419 shows "Vennligst
 * last siden på nytt". Nobody logged in on the server (401, 404) counts as done.
 */
export async function logOut(): Promise<AccountResult> {
  try {
    await customers.logout();
    clearUser();
    return { ok: true };
  } catch (error) {
    clearUser();
    const status = statusOf(error);
    if (status === 401 || status === 404) return { ok: true };
    logUnexpected('Logout failed', error);
    return failure(status === 419 ? RELOAD_PAGE : GENERIC_FAILURE);
  }
}

/**
 * docs/spec.md §8 for an account update or deletion: 401 clears the session and reloads the page;
 * otherwise the catalogue's message and the translated field messages.
 */
function accountFailure(error: unknown): AccountResult {
  logUnexpected('Account change failed', error);
  const status = statusOf(error);
  if (status === 401) {
    clearUser();
    location.reload();
    return failure(OTHER_USER_LOGGED_IN);
  }
  return failure(accountErrorMessage(status, errorsOf(error)), translatedFields(error));
}

/** Saves changes to the logged-in account; only changed, non-empty fields are sent. */
export async function updateAccount(changes: AccountChanges): Promise<AccountResult> {
  const { customer } = $user.get();
  if (!customer) return failure(NOT_LOGGED_IN);
  try {
    setUser(await customers.updateCustomer(customer.id, changes));
    return { ok: true };
  } catch (error) {
    return accountFailure(error);
  }
}

/** Deletes the logged-in account and clears the user. */
export async function deleteAccount(): Promise<AccountResult> {
  const { customer } = $user.get();
  if (!customer) return failure(NOT_LOGGED_IN);
  try {
    await customers.deleteCustomer(customer.id);
    clearUser();
    return { ok: true };
  } catch (error) {
    return accountFailure(error);
  }
}

/**
 * Sends the verification e-mail again. Success shows "Epost sendt til {email}" as an alert
 * for 3000 ms (docs/spec.md §8) and answers it too; failure answers "Epost ble ikke sendt" for the
 * caller to show.
 */
export async function resendVerification(): Promise<AccountResult> {
  const { customer } = $user.get();
  if (!customer) return failure(NOT_LOGGED_IN);
  try {
    await customers.resendVerification();
    const message = resendSentMessage(customer.email);
    addAlert('success', message, { timeout: RESEND_ALERT_MS });
    return { ok: true, message };
  } catch (error) {
    logUnexpected('Resending the verification e-mail failed', error);
    handleUnauthorised(error);
    return failure(RESEND_FAILED);
  }
}

/** The message of a failed link (verification or password reset): the token or else. */
function linkFailure(error: unknown): string {
  const status = statusOf(error);
  if (status === 419) return RELOAD_PAGE;
  return status === 422 || status === 404 ? LINK_INVALID : GENERIC_FAILURE;
}

/**
 * Confirms the e-mail address from the verification link; a logged-in customer with that
 * id is shown as verified at once.
 */
export async function verifyEmail(id: number, token: string): Promise<AccountResult> {
  try {
    const customer = await customers.verifyEmail(id, token);
    if ($user.get().customer?.id === customer.id) setUser(customer);
    return { ok: true };
  } catch (error) {
    logUnexpected('E-mail verification failed', error);
    return failure(linkFailure(error));
  }
}

/**
 * Asks for a password reset link. Success answers the server's message, which is the same
 * for unknown addresses; a 422 names the e-mail field.
 */
export async function requestPasswordReset(email: string): Promise<AccountResult> {
  try {
    return { ok: true, message: await customers.requestPasswordReset(email) };
  } catch (error) {
    logUnexpected('Password reset request failed', error);
    return failure(accountErrorMessage(statusOf(error), errorsOf(error)), translatedFields(error));
  }
}

/**
 * Sets a new password from a reset link. A refused token reads "the link is invalid"; other
 * field errors (the password) come back translated by field.
 */
export async function resetPassword(input: PasswordResetInput): Promise<AccountResult> {
  try {
    return { ok: true, message: await customers.resetPassword(input) };
  } catch (error) {
    logUnexpected('Password reset failed', error);
    const { token, ...fields } = translatedFields(error);
    if (token !== undefined) return failure(LINK_INVALID, fields);
    return failure(accountErrorMessage(statusOf(error), errorsOf(error)), fields);
  }
}

/**
 * A `neste` value that is safe to go to after a login: a same-site path (one leading `/`;
 * `//host`, `/\\host` and any address with a scheme are refused). Null otherwise.
 */
export function safeNext(raw: string | null): string | null {
  const link = safeHref(raw);
  return link && !link.external ? link.href : null;
}

/**
 * Where a successful login or registration goes: to `next` when it is a same-site path (from
 * the cart that is the page it was opened on, with `?handlekurv=1`, so the cart opens there
 * again, docs/spec.md §2), else to my page.
 */
export function returnAfterLogin(next: string | null): void {
  location.assign(safeNext(next) ?? MY_PAGE_PATH);
}
