/**
 * The one rule for an e-mail address a shopper types (the checkout, the withdrawal form). A
 * module of its own, so that it loads with the forms that check one and no earlier.
 */

// Something@something.tld, without spaces: what a shopper can be told to fix.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u;

/** Message of an e-mail address that {@link isEmailAddress} refuses. */
export const EMAIL_MESSAGE = 'Skriv inn en gyldig e-postadresse, for eksempel navn@eksempel.no.';

/**
 * Whether `email` looks like an address a shopper meant (`navn@eksempel.no`): no spaces, one
 * `@`, a domain with a dot. Whether the mailbox exists only a mail can tell.
 */
export function isEmailAddress(email: string): boolean {
  return EMAIL.test(email);
}
