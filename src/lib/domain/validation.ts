/** Validation rules and user-facing messages of docs/spec.md §5. */

const PHONE = /^(?:\+47|0047)? ?[49]\d{7}$/u;

/**
 * A Norwegian mobile number: optional `+47` or `0047`, optional single space, then 8 digits
 * starting with 4 or 9 (`+47 91234567`, `004741234567`, `91234567`). The spec shows no failure
 * message, so this only answers yes or no.
 */
export function isValidPhone(phone: string): boolean {
  return PHONE.test(phone);
}

/** Status of an address that cannot be used (docs/spec.md §5, docs/spec.md §8). */
export const ADDRESS_NOT_FOUND = 'ADDRESS_NOT_FOUND';

/** Message when the address has no house number. */
export const NO_HOUSE_NUMBER_MESSAGE =
  "Ingen husnummer oppgitt - addresse må være på format: 'gateaddresse husnummer'";

/** Message when the map lookup answers with no elements. */
export const NO_ADDRESS_FOUND_MESSAGE = 'Ingen addresser funnet';

/** An address split into street and house number, or why it cannot be. */
export type AddressCheck =
  | { ok: true; street: string; houseNumber: string }
  | { ok: false; status: typeof ADDRESS_NOT_FOUND; message: string };

// Street, whitespace, then digits with at most one trailing letter (`12`, `12B`, `3å`).
const ADDRESS = /^(\S.*?)\s+(\d+\p{L}?)$/u;

/**
 * Checks the 'street number' form of docs/spec.md §5 on a trimmed address: `Storgata 12B` is
 * `{street: 'Storgata', houseNumber: '12B'}`. Otherwise `ADDRESS_NOT_FOUND` with
 * {@link NO_HOUSE_NUMBER_MESSAGE}.
 */
export function checkAddress(address: string): AddressCheck {
  const match = ADDRESS.exec(address.trim());
  if (!match?.[1] || !match[2]) {
    return { ok: false, status: ADDRESS_NOT_FOUND, message: NO_HOUSE_NUMBER_MESSAGE };
  }
  return { ok: true, street: match[1], houseNumber: match[2] };
}

/** Fallback message for a server error that has no translation. */
export const INVALID_DATA_MESSAGE = 'Ugyldig data';

const FIELD_LABELS: Readonly<Record<string, string>> = {
  first_name: 'Fornavn',
  last_name: 'Etternavn',
  phone: 'Telefonnummer',
  email: 'Email',
};

/**
 * Translates a server validation answer for the user (docs/spec.md §5). A message is recognised by
 * its field key in Laravel's `errors` object: the first key that is `first_name`,
 * `last_name`, `phone` or `email` gives `{Fornavn|Etternavn|Telefonnummer|Email} må ha en
 * verdi`; anything else, or no errors, gives "Ugyldig data".
 */
export function translateServerErrors(
  errors: Readonly<Record<string, readonly string[]>> | null | undefined,
): string {
  const field = Object.keys(errors ?? {}).find((key) => key in FIELD_LABELS);
  const label = field === undefined ? undefined : FIELD_LABELS[field];
  return label === undefined ? INVALID_DATA_MESSAGE : `${label} må ha en verdi`;
}

/** Message when a typed postal code is not four digits. */
export const POSTAL_CODE_MESSAGE = 'Postnummeret må være fire sifre, for eksempel 0150.';

/** A Norwegian postal code: exactly four digits (surrounding spaces allowed). */
export function isPostalCode(code: string): boolean {
  return /^\d{4}$/u.test(code.trim());
}
