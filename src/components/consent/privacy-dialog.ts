/**
 * Opens the privacy modal from its links and fills it on the first opening. The script of
 * PrivacyDialog.astro, which every page runs through the layout's one module script
 * (src/layouts/base-scripts.ts).
 */

/** Starts opening the privacy modal from its links. */
export function startPrivacyDialog(): void {
  const dialog = document.querySelector<HTMLDialogElement>('[data-privacy-dialog]');
  // The text loads on the first opening, and again on the next after a failure.
  let filled: Promise<boolean> | undefined;

  document.addEventListener('click', (event) => {
    const trigger =
      event.target instanceof Element
        ? event.target.closest('[data-privacy-link], [data-privacy-open]')
        : null;
    if (!dialog || !trigger) return;
    // A link opened in a new tab or window stays a link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    dialog.showModal();
    dialog.querySelector<HTMLElement>('#personvern-tittel')?.focus();
    filled ??= import('./privacy-text.ts')
      .then(({ fillPrivacyDialog }) => fillPrivacyDialog(dialog))
      .catch((error: unknown) => {
        console.error('Could not load the privacy text', error);
        dialog.querySelector('[data-privacy-loading]')?.setAttribute('hidden', '');
        dialog.querySelector('[data-privacy-error]')?.removeAttribute('hidden');
        return false;
      });
    void filled.then((ok) => {
      if (!ok) filled = undefined;
    });
  });
}
