/**
 * The menu on a phone and the search form. The script of Header.astro, which every page
 * runs through the layout's one module script (src/layouts/base-scripts.ts).
 */

import { normaliseSearchQuery } from '../../lib/domain/search-query.ts';

/** Starts the menu and the search forms. */
export function startHeader(): void {
  const menu = document.querySelector<HTMLElement>('[data-menu]');
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const label = document.querySelector<HTMLElement>('[data-menu-label]');

  function setOpen(open: boolean) {
    if (!menu || !toggle) return;
    menu.toggleAttribute('data-open', open);
    toggle.setAttribute('aria-expanded', String(open));
    if (label) label.textContent = open ? 'Lukk meny' : 'Åpne meny';
    // The spec: page scrolling is locked while the menu is open.
    document.body.classList.toggle('menu-open', open);
    if (open) {
      menu.querySelector<HTMLElement>('a, button')?.focus();
      // The spec: the menu scrolls to top after 300 ms.
      setTimeout(() => menu.scrollTo({ top: 0 }), 300);
    } else {
      toggle.focus();
    }
  }

  toggle?.addEventListener('click', () => setOpen(!menu?.hasAttribute('data-open')));
  document.querySelector('[data-menu-close]')?.addEventListener('click', () => setOpen(false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu?.hasAttribute('data-open')) setOpen(false);
  });
  // Growing past the breakpoint with the menu open must not leave the page locked.
  matchMedia('(min-width: 1020px)').addEventListener('change', (event) => {
    if (event.matches && menu?.hasAttribute('data-open')) setOpen(false);
  });

  // The spec: Enter starts the search and an empty search is not allowed.
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-search-form]')) {
    const input = form.querySelector('input');
    input?.addEventListener('input', () => input.setCustomValidity(''));
    // The suggestions load on first use, so pages carry no extra script before interaction.
    const loadSuggestions = () => {
      input?.removeEventListener('focus', loadSuggestions);
      input?.removeEventListener('input', loadSuggestions);
      import('../../islands/search/suggestions.ts')
        .then(({ attachSuggestions }) => attachSuggestions(form))
        .catch((error: unknown) => console.error('Could not load search suggestions', error));
    };
    input?.addEventListener('focus', loadSuggestions);
    input?.addEventListener('input', loadSuggestions);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!input) return;
      const query = normaliseSearchQuery(input.value);
      if (query === null) {
        input.setCustomValidity('Skriv inn hva du vil søke etter.');
        input.reportValidity();
        return;
      }
      location.assign(`/search/${encodeURIComponent(query)}`);
    });
  }
}
