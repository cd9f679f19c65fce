/**
 * The cookie modal's controls, loaded only when the modal opens (a first visit, an expired
 * choice, or 'Endre valgene'), so pages with a choice in force carry none of it.
 */

import {
  allUsedKinds,
  NECESSARY_ONLY,
  type ConsentChoice,
  type ConsentKind,
  type ConsentVendorIds,
} from '../../lib/domain/consent.ts';
import { $consent, chooseConsent } from '../../stores/consent.ts';

const wired = new WeakSet<HTMLDialogElement>();

function choose(choice: ConsentChoice): void {
  void chooseConsent(choice).then((saved) => {
    if (saved && !saved.ok) console.error('Could not save the cookie choice', saved.message);
  });
}

/**
 * Opens the cookie modal `dialog`, its switches set to the choice in force (all off before
 * one), with the settings shown when `withSettings`; 'Godta alle' allows the kinds `ids`
 * names. Focus goes to its heading, or to the first switch.
 */
export function openConsentDialog(
  dialog: HTMLDialogElement,
  ids: ConsentVendorIds,
  withSettings: boolean,
): void {
  const settings = dialog.querySelector<HTMLFormElement>('[data-consent-settings]');
  const toggle = dialog.querySelector<HTMLButtonElement>('[data-consent-settings-toggle]');
  if (!settings || !toggle) return;
  const switches = [...settings.querySelectorAll<HTMLInputElement>('input[role="switch"]')];
  const showSettings = (show: boolean) => {
    settings.hidden = !show;
    toggle.setAttribute('aria-expanded', String(show));
    if (show) switches[0]?.focus();
  };

  if (!wired.has(dialog)) {
    wired.add(dialog);
    for (const button of dialog.querySelectorAll<HTMLButtonElement>('[data-consent-choice]')) {
      button.addEventListener('click', () => {
        choose(button.dataset['consentChoice'] === 'all' ? allUsedKinds(ids) : NECESSARY_ONLY);
        dialog.close();
      });
    }
    toggle.addEventListener('click', () => showSettings(settings.hidden !== false));
    // The form's method is `dialog`: sending it closes the modal.
    settings.addEventListener('submit', () => {
      const chosen = (kind: ConsentKind) => switches.some((s) => s.name === kind && s.checked);
      choose({
        analytics: chosen('analytics'),
        tagManager: chosen('tagManager'),
        pixel: chosen('pixel'),
      });
    });
  }

  const consent = $consent.get() ?? NECESSARY_ONLY;
  for (const input of switches) input.checked = consent[input.name as ConsentKind];
  if (!dialog.open) dialog.showModal();
  dialog.querySelector<HTMLElement>('#samtykke-tittel')?.focus();
  showSettings(withSettings);
}
