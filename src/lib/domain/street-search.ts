/**
 * What the checkout's street field suggests as the shopper types (docs/spec.md §7: the maps service's
 * street search): addresses the shopper used before, then the streets of the postal code.
 */

import type { FoundAddress } from '../types.ts';

/** One suggestion: what it shows and what choosing it fills in. */
export interface StreetOption {
  label: string;
  /** Postal code and place. */
  detail: string;
  /** The street field's new text: a known address whole, a street with a space for its number. */
  address: string;
  postalCode: string;
  city: string;
}

const key = (text: string): string => text.trim().replace(/\s+/gu, ' ').toLocaleLowerCase('nb-NO');

/**
 * The street name to search for in what the field holds, or null once the shopper has come
 * to the house number (a digit) or has typed nothing.
 */
export function streetQuery(value: string): string | null {
  const query = value.trim().replace(/\s+/gu, ' ');
  return query === '' || /\d/u.test(query) ? null : query;
}

/** The suggestions for `value`: known addresses that start with it, then the streets found. */
export function streetOptions(
  value: string,
  known: readonly FoundAddress[],
  streets: readonly FoundAddress[],
): StreetOption[] {
  const typed = key(value);
  if (typed === '') return [];
  const knownOptions = known
    .map((a) => ({ a, address: `${a.street} ${a.houseNumber}` }))
    .filter(({ address }) => key(address).startsWith(typed))
    .map(({ a, address }) => ({
      label: address,
      detail: `${a.postalCode} ${a.city}`,
      address,
      postalCode: a.postalCode,
      city: a.city,
    }));
  const streetOptions = streets
    .filter((s) => key(s.street).startsWith(typed))
    .map((s) => ({
      label: s.street,
      detail: `${s.postalCode} ${s.city}`,
      address: `${s.street} `,
      postalCode: s.postalCode,
      city: s.city,
    }));
  return [...knownOptions, ...streetOptions];
}
