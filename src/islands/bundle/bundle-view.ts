/**
 * The bundle page's selection (`/utvalg/1+2+3`), without a framework: the page only loads
 * some articles and shows them, so the cards come from the shared string renderer and the
 * states from the $bundle store. The server HTML holds the loading state (count line and
 * placeholder cards), which reserves the first rows; this script replaces it.
 */

import { articleGridHtml } from '../../lib/html/article-card-html.ts';
import { MAX_BUNDLE_IDS } from '../../lib/domain/bundle-ids.ts';
import { formatArticleCount } from '../../lib/format/count.ts';
import { $bundle, loadBundle, type BundleState } from '../../stores/bundle.ts';

const MESSAGE = 'bg-surface rounded-md p-4';

/** The body of the view for a state other than loading (which the server HTML draws). */
export function bundleHtml(state: Exclude<BundleState, { status: 'loading' }>): string {
  switch (state.status) {
    case 'invalid':
      return `<p class="${MESSAGE}" data-bundle-message>Lenken til utvalget er ugyldig. Et utvalg består av opptil ${String(MAX_BUNDLE_IDS)} varenumre skilt med +, for eksempel /utvalg/12+34.</p>`;
    case 'error':
      return (
        `<div class="${MESSAGE} flex flex-wrap items-center gap-4" data-bundle-message>` +
        `<p>Noe gikk galt, og utvalget kunne ikke hentes.</p>` +
        `<button type="button" class="bg-brand text-brand-ink min-h-11 rounded-md px-4 font-semibold" data-bundle-retry>Prøv igjen</button></div>`
      );
    case 'ready':
      return state.articles.length === 0
        ? `<p class="${MESSAGE}" data-bundle-message>Fant ingen varer i dette utvalget</p>`
        : `<section aria-labelledby="utvalg-varer"><h2 id="utvalg-varer" class="sr-only">Varer i utvalget</h2>${articleGridHtml(state.articles)}</section>`;
  }
}

/** The elements of the bundle page this script works on. */
export interface BundleShell {
  /** The whole view; busy while loading. */
  root: HTMLElement;
  /** The count line, a polite status region. */
  count: HTMLElement;
  /** Where the cards or the message go; holds the placeholders while loading. */
  body: HTMLElement;
}

/** Shows the selection of the page's URL, following the $bundle store. */
export function showBundle(shell: BundleShell): void {
  const skeleton = shell.body.innerHTML;
  $bundle.subscribe((state) => {
    shell.root.setAttribute('aria-busy', String(state.status === 'loading'));
    if (state.status === 'loading') {
      shell.count.textContent = 'Henter utvalget …';
      shell.body.innerHTML = skeleton;
      return;
    }
    const count = state.status === 'ready' ? formatArticleCount(state.articles.length) : '';
    shell.count.textContent = count;
    if (count) document.title = `Utvalg (${count})`;
    shell.body.innerHTML = bundleHtml(state);
  });
  shell.body.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-bundle-retry]')) {
      void loadBundle(location.pathname);
    }
  });
  void loadBundle(location.pathname);
}
