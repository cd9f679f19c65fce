/**
 * What the shopper is told when an account call fails or succeeds: docs/spec.md §8's error catalogue
 * word for word, and docs/spec.md §5's translation of the server's field messages. Field names here
 * are the server's (wire) names.
 */

import { translateServerErrors } from './validation.ts';

/** docs/spec.md §8, login and registration: 419 (session or token expired). */
export const RELOAD_PAGE = 'Vennligst last siden på nytt';

/** docs/spec.md §8, login and registration: 404 (nobody logged in). */
export const NOT_LOGGED_IN = 'Ingen bruker logget inn - vennligst logg inn';

/** docs/spec.md §8's login and registration table, by status. */
export const LOGIN_MESSAGES: Readonly<Record<401 | 404 | 419 | 422 | 423 | 429, string>> = {
  401: 'Du er allerede logget inn - logg ut for å logge inn med en ny bruker',
  404: NOT_LOGGED_IN,
  419: RELOAD_PAGE,
  422: 'Feil brukernavn/passord - har du glemt passordet ditt?',
  423: 'Hei - vi ser at det allerede finnes en konto med samme email/telefonummer - har du glemt passordet?',
  // The spec has two spaces before 'Vennligst'; it is kept word for word.
  429: 'Du har brukt opp antall innloggingsforsøk - for å beskytte kontoen din tillater vi ikke flere forsøk på en stund.  Vennligst kom tilbake senere og prøv igjen.',
};

/** For a status the spec names no message for (network down, server error). */
export const GENERIC_FAILURE = 'Noe gikk galt. Prøv igjen om litt.';

/** docs/spec.md §8, account update and delete: 401. */
export const OTHER_USER_LOGGED_IN = 'En annen bruker er logget inn';

/** docs/spec.md §8, account update and delete: 422 without a field to name. */
export const INVALID_ACCOUNT_DATA = 'Ikke gyldig data, alle feltene må fylles ut';

/** docs/spec.md §8: resending the verification e-mail failed. */
export const RESEND_FAILED = 'Epost ble ikke sendt';

/** docs/spec.md §9: how long the resend confirmation shows, in ms. */
export const RESEND_ALERT_MS = 3000;

/**
 * Registration with the terms not accepted. The spec shows no text for it ("further validation
 * is not shown"), so this one is the shop's own.
 */
export const TERMS_REQUIRED = 'Du må godta vilkårene for å registrere deg';

/**
 * A verification or password-reset link the server refused (token wrong or expired). The spec
 * shows no text for it, so this one is the shop's own.
 */
export const LINK_INVALID = 'Lenken er ugyldig eller utløpt. Be om en ny.';

/** docs/spec.md §8: resending the verification e-mail worked. */
export function resendSentMessage(email: string): string {
  return `Epost sendt til ${email}`;
}

function isLoginStatus(status: number): status is keyof typeof LOGIN_MESSAGES {
  return Object.hasOwn(LOGIN_MESSAGES, status);
}

/** docs/spec.md §8's message for a failed login or registration; other statuses get a generic one. */
export function loginErrorMessage(status: number): string {
  return isLoginStatus(status) ? LOGIN_MESSAGES[status] : GENERIC_FAILURE;
}

type FieldErrors = Readonly<Record<string, readonly string[]>>;

const hasFieldErrors = (errors: FieldErrors): boolean =>
  Object.values(errors).some((messages) => messages.length > 0);

/**
 * docs/spec.md §8's message for a failed account update or deletion: 401 another user; 422 the
 * translated field message (docs/spec.md §5) or, without field errors, "Ikke gyldig data, alle
 * feltene må fylles ut"; 403 the translated field message or "Ugyldig data". A taken
 * e-mail or phone (423) and an expired token (419) read as at login.
 */
export function accountErrorMessage(status: number, errors: FieldErrors): string {
  switch (status) {
    case 401:
      return OTHER_USER_LOGGED_IN;
    case 422:
      return hasFieldErrors(errors) ? translateServerErrors(errors) : INVALID_ACCOUNT_DATA;
    case 403:
      return translateServerErrors(errors);
    case 419:
    case 423:
      return loginErrorMessage(status);
    default:
      return GENERIC_FAILURE;
  }
}

/**
 * Each field's message translated for the user (docs/spec.md §5): `first_name` "Fornavn må ha en
 * verdi", likewise `last_name` (Etternavn), `phone` (Telefonnummer) and `email` (Email);
 * any other field "Ugyldig data". Fields without messages are left out.
 */
export function translateFieldErrors(errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, translateServerErrors({ [field]: messages })]),
  );
}
