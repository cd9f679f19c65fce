/**
 * The address lookup (docs/spec.md §5 and 7: a maps service matched on street, house number and
 * postcode). Its base is configuration, so a deployment can point it at a real
 * Overpass-style service; the reference backend simulates it on the same origin.
 */

import { ofetch } from 'ofetch';
import type { ApiOverpassResponse } from '../../../contract/index.ts';
import { toFoundAddresses } from '../mappers/checkout.ts';
import type { FoundAddress } from '../types.ts';

/** Base URL of the address service (same origin in the reference setup). */
export const ADDRESS_BASE = '/address';

/** The addresses matching street, house number and postcode; [] when none matches. */
export async function lookupAddress(
  street: string,
  houseNumber: string,
  postcode: string,
  fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args),
): Promise<FoundAddress[]> {
  const answer = await ofetch.create({}, { fetch: fetchImpl })<ApiOverpassResponse>(
    `${ADDRESS_BASE}/interpreter`,
    { query: { street, housenumber: houseNumber, postcode }, retry: false },
  );
  return toFoundAddresses(answer);
}

/**
 * The streets of `postcode` whose name starts with `prefix` (docs/spec.md §7: the maps service's street
 * search), each as an address without a house number; [] when the postcode has none.
 */
export async function searchStreets(
  postcode: string,
  prefix: string,
  signal?: AbortSignal,
  fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args),
): Promise<FoundAddress[]> {
  const answer = await ofetch.create({}, { fetch: fetchImpl })<ApiOverpassResponse>(
    `${ADDRESS_BASE}/streets`,
    { query: { postcode, q: prefix }, retry: false, ...(signal ? { signal } : {}) },
  );
  return toFoundAddresses(answer);
}
