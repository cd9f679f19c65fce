/**
 * The checkout's known addresses: the street field suggests them and the submission skips
 * the map lookup for them. Only those two load this (street-search.ts on the field's first
 * focus, checkout-submit.ts on the first order), so the checkout's first load carries none
 * of it.
 */

import { persistentAtom } from '@nanostores/persistent';
import type { FoundAddress } from '../lib/types.ts';
import { safeJson } from './persist.ts';

const isFoundAddresses = (v: unknown): v is FoundAddress[] =>
  Array.isArray(v) &&
  v.every(
    (a: unknown) =>
      typeof a === 'object' &&
      a !== null &&
      ['street', 'houseNumber', 'postalCode', 'city'].every(
        (k) => typeof (a as Record<string, unknown>)[k] === 'string',
      ),
  );

/** Addresses the map lookup found before (docs/spec.md §4: looked up once, then known). */
export const $knownAddresses = persistentAtom<FoundAddress[]>(
  'knownAddresses',
  [],
  safeJson(isFoundAddresses, []),
);
