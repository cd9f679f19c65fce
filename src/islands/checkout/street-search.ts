/**
 * The checkout's street field as a WAI-ARIA 1.2 combobox that suggests known addresses and
 * the postal code's streets. Framework-free like the header's suggestions (the same binding,
 * islands/shared/combobox.ts), and loaded on the field's first focus (CheckoutFields.tsx).
 */

import { $streetSuggestions, chooseStreet, suggestStreets } from '../../stores/street-search.ts';
import { bindCombobox, comboboxOption } from '../shared/combobox.ts';

function statusText(count: number, status: string, searchedStreets: boolean): string {
  if (status === 'error') return 'Kunne ikke hente gateforslag.';
  if (count > 0) return `${String(count)} forslag. Bruk pil opp og ned for å velge.`;
  return searchedStreets ? 'Ingen gater funnet.' : '';
}

/** Makes `input` (role=combobox, aria-controls its listbox) suggest streets as it is typed in. */
export function attachStreetSearch(input: HTMLInputElement): void {
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  const status = input.closest('[data-street-search]')?.querySelector('[data-street-status]');
  if (!listbox || !status || input.dataset['streets'] === 'on') return;
  input.dataset['streets'] = 'on';
  // The listbox's name and look live here so the checkout's first load carries none of it.
  listbox.setAttribute('aria-label', 'Adresseforslag');
  listbox.className =
    'absolute top-full right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-gray-300 bg-white py-1 shadow-lg';

  let options = $streetSuggestions.get().options;
  const combobox = bindCombobox(input, listbox, (index) => {
    const option = options[index];
    if (option) chooseStreet(option);
  });

  const stop = $streetSuggestions.subscribe((s) => {
    // React replaces the field when the shopper switches to Klikk & Hent and back; the new
    // field gets its own binding on its first focus.
    if (!input.isConnected) {
      stop();
      return;
    }
    // While a newer answer is on its way the old options stay as they are.
    if (s.status === 'loading') return;
    options = s.options;
    listbox.replaceChildren(
      ...options.map((option, index) => comboboxOption(listbox, index, option)),
    );
    status.textContent =
      document.activeElement === input
        ? statusText(options.length, s.status, s.searchedStreets)
        : '';
    combobox.results(options.length);
  });

  input.addEventListener('input', () => suggestStreets(input.value));
  input.addEventListener('blur', () => {
    status.textContent = '';
  });
  // Whatever was typed while this module loaded.
  if (document.activeElement === input && input.value.trim() !== '') suggestStreets(input.value);
}
