/**
 * The header search field's suggestions, as a WAI-ARIA 1.2 combobox with a listbox popup.
 * Framework-free on purpose: the header is on every page, static pages may load very little
 * script, and the header loads this module only when the shopper first focuses or types in
 * the field (Header.astro). The keyboard rules live in lib/domain/combobox.ts; the data in
 * the $suggestions store.
 */

import { comboboxReducer, initialCombobox, type ComboboxState } from '../../lib/domain/combobox.ts';
import { formatPrice } from '../../lib/format/money.ts';
import {
  $suggestions,
  clearSuggestions,
  suggest,
  type Suggestions,
} from '../../stores/suggestions.ts';

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

  let state: ComboboxState = initialCombobox;
  let options: Option[] = [];
  let shown: Suggestions | null = null;

  const optionId = (index: number) => `${id}-${String(index)}`;

  function row(option: Option, index: number): HTMLElement {
    const el = document.createElement('div');
    el.id = optionId(index);
    el.setAttribute('role', 'option');
    el.setAttribute('aria-selected', 'false');
    el.dataset['index'] = String(index);
    el.dataset['href'] = option.href;
    el.className =
      'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 hover:bg-surface aria-selected:bg-surface aria-selected:outline-2 aria-selected:-outline-offset-2 aria-selected:outline-brand';
    const label = document.createElement('span');
    label.className = 'min-w-0 font-medium';
    label.textContent = option.label;
    const detail = document.createElement('span');
    detail.className = 'shrink-0 text-sm text-gray-700';
    detail.textContent = option.detail;
    el.append(label, detail);
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

  function sync(): void {
    if (!input || !listbox) return;
    listbox.hidden = !state.open;
    input.setAttribute('aria-expanded', String(state.open));
    for (const el of listbox.querySelectorAll<HTMLElement>('[role="option"]')) {
      el.setAttribute('aria-selected', String(Number(el.dataset['index']) === state.active));
    }
    if (state.active >= 0) {
      input.setAttribute('aria-activedescendant', optionId(state.active));
      document.getElementById(optionId(state.active))?.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  }

  function dispatch(event: Parameters<typeof comboboxReducer>[1]): void {
    state = comboboxReducer(state, event);
    sync();
  }

  function open(index: number): void {
    const option = options[index];
    if (!option) return;
    dispatch({ type: 'close' });
    clearSuggestions();
    location.assign(option.href);
  }

  $suggestions.subscribe((s) => {
    // While a newer answer is on its way the old options stay as they are.
    if (s.status === 'loading' || s === shown) return;
    shown = s;
    render(s);
    dispatch({ type: 'results', count: options.length, focused: document.activeElement === input });
  });

  input.addEventListener('input', () => {
    suggest(input.value);
    if (input.value.trim() === '') dispatch({ type: 'close' });
  });
  input.addEventListener('focus', () => {
    if (input.value.trim() !== '') suggest(input.value);
  });
  input.addEventListener('blur', () => {
    dispatch({ type: 'close' });
    status.textContent = '';
  });
  input.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        dispatch({ type: 'down' });
        break;
      case 'ArrowUp':
        event.preventDefault();
        dispatch({ type: 'up' });
        break;
      case 'Enter':
        if (state.open && state.active >= 0) {
          event.preventDefault();
          open(state.active);
        }
        break;
      case 'Escape':
        // Closing comes first; a second Escape clears the field as a search field does.
        if (state.open) {
          event.preventDefault();
          event.stopPropagation();
          dispatch({ type: 'close' });
        }
        break;
    }
  });
  // Keep focus in the field while an option is clicked, so blur does not close the list.
  listbox.addEventListener('mousedown', (event) => event.preventDefault());
  listbox.addEventListener('click', (event) => {
    const el = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (el) open(Number(el.dataset['index']));
  });
  listbox.addEventListener('pointermove', (event) => {
    const el = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (el) dispatch({ type: 'point', index: Number(el.dataset['index']) });
  });

  // Whatever was typed while this module loaded.
  if (input.value.trim() !== '' && document.activeElement === input) suggest(input.value);
}
