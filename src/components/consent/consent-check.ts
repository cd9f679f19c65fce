/**
 * The consent check of every page: opens the cookie modal while no choice is in force, and
 * loads the vendors' scripts a choice allows. The script of ConsentDialog.astro, which
 * every page runs through the layout's one module script (src/layouts/base-scripts.ts).
 *
 * Opening the modal on a first visit needs no more than this: its server HTML is the state
 * before any choice (every switch off, the settings hidden). The code of its controls, and
 * of making a choice (consent-dialog.ts), loads when the shopper reaches for the modal (a
 * pointer pressed or a key in it), so that a first visit of any page carries none of it
 * before the shopper acts; a click before it arrives is answered as soon as it is there.
 */

import type { ConsentVendorIds } from '../../lib/domain/consent.ts';
import { $consent, takeAccountConsent } from '../../stores/consent.ts';

/** Starts the consent check: opens the cookie modal while no choice is in force. */
export function startConsentCheck(): void {
  const dialog = document.querySelector<HTMLDialogElement>('[data-consent-dialog]');
  if (!dialog) return;
  const ids: ConsentVendorIds = {
    analytics: dialog.dataset['vendorAnalytics'] ?? null,
    tagManager: dialog.dataset['vendorTagManager'] ?? null,
    pixel: dialog.dataset['vendorPixel'] ?? null,
  };
  const controls = () =>
    import('./consent-dialog.ts').catch((error: unknown) => {
      console.error('Could not load the cookie modal', error);
      return null;
    });

  // The loader comes only with an allowance, so most pages never fetch it.
  $consent.subscribe((consent) => {
    if (!consent || !(consent.analytics || consent.tagManager || consent.pixel)) return;
    import('./vendor-scripts.ts')
      .then(({ loadVendorScripts }) => loadVendorScripts(ids, consent))
      .catch((error: unknown) => console.error('Could not load the vendor scripts', error));
  });

  // 'Godta alle', 'Bare nødvendige', 'Innstillinger'; 'Lagre valgene' sends the settings'
  // form, whose method `dialog` closes the modal.
  dialog.addEventListener('click', (event) => {
    const control =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>('[data-consent-choice], [data-consent-settings-toggle]')
        : null;
    if (control) void controls().then((code) => code?.useControl(dialog, ids, control));
  });
  dialog.addEventListener('submit', () => {
    void controls().then((code) => code?.saveSettings(dialog));
  });

  if (!takeAccountConsent()) {
    dialog.showModal();
    // Focus goes to the heading, which names the modal. Listened for from here on, so that
    // this focus is not taken for the shopper reaching for it.
    dialog.querySelector<HTMLElement>('#samtykke-tittel')?.focus();
    for (const type of ['pointerdown', 'keydown'] as const) {
      dialog.addEventListener(type, () => void controls(), { once: true, passive: true });
    }
  }

  // 'Endre valgene' elsewhere (the privacy modal) opens the settings, with the switches set
  // to the choice in force.
  document.addEventListener('click', (event) => {
    const trigger =
      event.target instanceof Element ? event.target.closest('[data-consent-open]') : null;
    if (!trigger) return;
    trigger.closest('dialog')?.close();
    void controls().then((code) => code?.openConsentSettings(dialog));
  });
}
