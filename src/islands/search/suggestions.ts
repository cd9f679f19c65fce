/**
 * The header search field's suggestions, as a WAI-ARIA 1.2 combobox with a listbox popup.
 * Framework-free on purpose: the header is on every page, static pages may load very little
 * script, and the header loads this module only when the shopper first focuses or types in
 * the field (Header.astro). The keyboard rules live in lib/domain/combobox.ts; the data in
 * the $suggestions store.
 */

import { formatPrice } from '../../lib/format/money.ts';
import {
  $suggestions,
  clearSuggestions,
  suggest,
  type Suggestions,
} from '../../stores/suggestions.ts';
import { bindCombobox, comboboxOption } from '../shared/combobox.ts';

interface Option {
  href: string;
  label: string;
  detail: string;
}

function optionsOf(s: Suggestions): { categories: Option[]; articles: Option[] } {
  return {
    categories: s.categories.map((c) => ({ href: c.href, label: c.label, detail: c.context })),
    articles: s.articles.map((a) => ({
      href: a.href,
      label: a.name,
      detail: formatPrice(a.price),
    })),
  };
}

function statusText(s: Suggestions, count: number): string {
  if (s.status === 'error') return 'Kunne ikke hente forslag.';
  if (s.status !== 'ready') return '';
  if (count === 0) return 'Ingen forslag.';
  return `${String(count)} forslag. Bruk pil opp og ned for å velge.`;
}

/**
 * Turns the search field of `form` into a combobox. The form keeps its own submit rules
 * (an empty search is refused; Enter searches): this only takes Enter when an option is
 * active, and then opens that option.
 */
export function attachSuggestions(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[role="combobox"]');
  const listbox = form.querySelector<HTMLElement>('[role="listbox"]');
  const status = form.querySelector<HTMLElement>('[data-suggestions-status]');
  if (!input || !listbox || !status || form.dataset['suggestions'] === 'on') return;
  form.dataset['suggestions'] = 'on';
  const id = listbox.id;

  let options: Option[] = [];
  let shown: Suggestions | null = null;

  function row(option: Option, index: number): HTMLElement {
    const el = comboboxOption(listbox as HTMLElement, index, option);
    el.dataset['href'] = option.href;
    return el;
  }

  function group(name: string, key: string, items: Option[], offset: number): HTMLElement {
    const el = document.createElement('div');
    el.setAttribute('role', 'group');
    el.setAttribute('aria-labelledby', `${id}-${key}`);
    const heading = document.createElement('div');
    heading.id = `${id}-${key}`;
    heading.className = 'px-3 pt-2 pb-1 text-xs font-bold tracking-wide text-gray-700 uppercase';
    heading.textContent = name;
    el.append(heading, ...items.map((option, i) => row(option, offset + i)));
    return el;
  }

  function render(s: Suggestions): void {
    const { categories, articles } = optionsOf(s);
    options = [...categories, ...articles];
    const groups: HTMLElement[] = [];
    if (categories.length > 0) groups.push(group('Kategorier', 'kategorier', categories, 0));
    if (articles.length > 0) groups.push(group('Varer', 'varer', articles, categories.length));
    listbox?.replaceChildren(...groups);
    if (status)
      status.textContent = document.activeElement === input ? statusText(s, options.length) : '';
  }

  const combobox = bindCombobox(input, listbox, (index) => {
    const option = options[index];
    if (!option) return;
    clearSuggestions();
    location.assign(option.href);
  });

  $suggestions.subscribe((s) => {
    // While a newer answer is on its way the old options stay as they are.
    if (s.status === 'loading' || s === shown) return;
    shown = s;
    render(s);
    combobox.results(options.length);
  });

  input.addEventListener('input', () => {
    suggest(input.value);
    if (input.value.trim() === '') combobox.close();
  });
  input.addEventListener('focus', () => {
    if (input.value.trim() !== '') suggest(input.value);
  });
  input.addEventListener('blur', () => {
    status.textContent = '';
  });

  // Whatever was typed while this module loaded.
  if (input.value.trim() !== '' && document.activeElement === input) suggest(input.value);
}
