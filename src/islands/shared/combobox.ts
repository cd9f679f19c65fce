/**
 * The keyboard, pointer and ARIA side of a WAI-ARIA 1.2 combobox with a listbox popup,
 * framework-free so that it loads only when a field is first used (the header search, the
 * checkout's street field). The rules live in lib/domain/combobox.ts; the caller fills the
 * listbox with options and says what choosing one does.
 */

import { comboboxReducer, initialCombobox, type ComboboxEvent } from '../../lib/domain/combobox.ts';

/** What the caller tells a bound combobox. */
export interface ComboboxBinding {
  /**
   * The listbox now holds `count` options (see {@link comboboxOption}); the popup opens when
   * there are any and the field has focus.
   */
  results(count: number): void;
  /** Closes the popup. */
  close(): void;
}

/** The id of option `index` of `listbox`, which aria-activedescendant points to. */
export const comboboxOptionId = (listbox: HTMLElement, index: number): string =>
  `${listbox.id}-${String(index)}`;

/** An option element `index` of `listbox`, not yet selected: its label, then a detail. */
export function comboboxOption(
  listbox: HTMLElement,
  index: number,
  option: { label: string; detail: string },
): HTMLElement {
  const el = document.createElement('div');
  el.id = comboboxOptionId(listbox, index);
  el.setAttribute('role', 'option');
  el.setAttribute('aria-selected', 'false');
  el.dataset['index'] = String(index);
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

/**
 * Binds `input` (role=combobox, aria-controls the listbox) to `listbox`: arrow keys move
 * through the options, Enter on an active option and a click choose it (`onChoose`, after
 * the popup closes), Escape and leaving the field close the popup.
 */
export function bindCombobox(
  input: HTMLInputElement,
  listbox: HTMLElement,
  onChoose: (index: number) => void,
): ComboboxBinding {
  let state = initialCombobox;

  function sync(): void {
    listbox.hidden = !state.open;
    input.setAttribute('aria-expanded', String(state.open));
    for (const el of listbox.querySelectorAll<HTMLElement>('[role="option"]')) {
      el.setAttribute('aria-selected', String(Number(el.dataset['index']) === state.active));
    }
    if (state.active >= 0) {
      const id = comboboxOptionId(listbox, state.active);
      input.setAttribute('aria-activedescendant', id);
      document.getElementById(id)?.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  }

  function dispatch(event: ComboboxEvent): void {
    state = comboboxReducer(state, event);
    sync();
  }

  function choose(index: number): void {
    if (index < 0 || index >= state.count) return;
    dispatch({ type: 'close' });
    onChoose(index);
  }

  input.addEventListener('blur', () => dispatch({ type: 'close' }));
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
          choose(state.active);
        }
        break;
      case 'Escape':
        // Closing comes first; a second Escape is the field's own (a search field clears).
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
    if (el) choose(Number(el.dataset['index']));
  });
  listbox.addEventListener('pointermove', (event) => {
    const el = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (el) dispatch({ type: 'point', index: Number(el.dataset['index']) });
  });

  return {
    results: (count) =>
      dispatch({ type: 'results', count, focused: document.activeElement === input }),
    close: () => dispatch({ type: 'close' }),
  };
}
