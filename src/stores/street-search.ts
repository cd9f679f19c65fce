/**
 * The checkout street field's suggestions (docs/spec.md §7: the maps service's street search). Loaded
 * with the street combobox on the field's first focus, so the checkout's first load carries
 * none of it.
 */

import { atom } from 'nanostores';
import { searchStreets } from '../lib/api/address.ts';
import { streetOptions, streetQuery, type StreetOption } from '../lib/domain/street-search.ts';
import { SUGGESTION_DEBOUNCE_MS } from '../lib/domain/suggestions.ts';
import type { FoundAddress } from '../lib/types.ts';
import { $checkoutForm, setCheckoutField } from './checkout.ts';
import { $knownAddresses } from './known-addresses.ts';

/** The suggestions for what the street field holds. */
export interface StreetSuggestions {
  /** `loading` while the maps service is asked; `error` when it could not answer. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  options: StreetOption[];
  /** Whether streets could be searched: only with a four-digit postal code. */
  searchedStreets: boolean;
}

/** The street field's current suggestions. */
export const $streetSuggestions = atom<StreetSuggestions>({
  status: 'idle',
  options: [],
  searchedStreets: false,
});

let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | undefined;

/**
 * Suggests for the street field's `value`: known addresses at once, and the postal code's
 * streets once typing pauses; a newer call cancels what is pending.
 */
export function suggestStreets(value: string): void {
  clearTimeout(timer);
  inFlight?.abort();
  const known = $knownAddresses.get();
  const postcode = $checkoutForm.get().postalCode.trim();
  const query = streetQuery(value);
  if (query === null || !/^\d{4}$/u.test(postcode)) {
    $streetSuggestions.set({
      status: 'ready',
      options: streetOptions(value, known, []),
      searchedStreets: false,
    });
    return;
  }
  $streetSuggestions.set({ ...$streetSuggestions.get(), status: 'loading' });
  timer = setTimeout(() => {
    const controller = new AbortController();
    inFlight = controller;
    searchStreets(postcode, query, controller.signal).then(
      (streets: FoundAddress[]) => {
        if (controller.signal.aborted) return;
        $streetSuggestions.set({
          status: 'ready',
          options: streetOptions(value, known, streets),
          searchedStreets: true,
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // The shopper can type the street; suggestions are a help, not a step.
        console.warn('Could not search streets', error);
        $streetSuggestions.set({
          status: 'error',
          options: streetOptions(value, known, []),
          searchedStreets: false,
        });
      },
    );
  }, SUGGESTION_DEBOUNCE_MS);
}

/** Fills the street field, and the postal code and place, from a chosen suggestion. */
export function chooseStreet(option: StreetOption): void {
  setCheckoutField('address', option.address);
  if (option.postalCode !== '') setCheckoutField('postalCode', option.postalCode);
  if (option.city !== '') setCheckoutField('city', option.city);
}
