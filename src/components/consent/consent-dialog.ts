/**
 * The cookie modal's controls: 'Godta alle', 'Bare nødvendige', and the settings (a switch
 * per optional kind and 'Lagre valgene'). Loaded when the shopper reaches for the modal, or
 * when it opens with its settings ('Endre valgene' in the privacy modal): consent-check.ts,
 * in every page's layout chunk, opens it on a first visit and hands its events here.
 */

import { allUsedKinds } from '../../lib/domain/consent-choice.ts';
import {
  NECESSARY_ONLY,
  type ConsentKind,
  type ConsentVendorIds,
} from '../../lib/domain/consent.ts';
import { recordConsent } from '../../stores/consent-choice.ts';
import { $consent } from '../../stores/consent.ts';

const switchesOf = (dialog: HTMLDialogElement) => [
  ...dialog.querySelectorAll<HTMLInputElement>('[data-consent-settings] input[role="switch"]'),
];

/** Shows or hides the settings of `dialog`; shown, focus goes to the first switch. */
function showSettings(dialog: HTMLDialogElement, show: boolean): void {
  const settings = dialog.querySelector<HTMLFormElement>('[data-consent-settings]');
  if (!settings) return;
  settings.hidden = !show;
  dialog
    .querySelector('[data-consent-settings-toggle]')
    ?.setAttribute('aria-expanded', String(show));
  if (show) switchesOf(dialog)[0]?.focus();
}

/**
 * A click on `control` of `dialog`: 'Godta alle' allows the kinds `ids` names (every kind the
 * brand uses, and no other), 'Bare nødvendige' none, and either closes the modal;
 * 'Innstillinger' shows the settings, or hides them again.
 */
export function useControl(
  dialog: HTMLDialogElement,
  ids: ConsentVendorIds,
  control: HTMLElement,
): void {
  const choice = control.dataset['consentChoice'];
  if (choice === undefined) {
    showSettings(
      dialog,
      dialog.querySelector('[data-consent-settings]')?.hasAttribute('hidden') === true,
    );
    return;
  }
  recordConsent(choice === 'all' ? allUsedKinds(ids) : NECESSARY_ONLY);
  dialog.close();
}

/**
 * Opens the cookie modal `dialog` with its settings shown and the switches set to the choice
 * in force (all off before one); focus goes to the first switch.
 */
export function openConsentSettings(dialog: HTMLDialogElement): void {
  const consent = $consent.get() ?? NECESSARY_ONLY;
  for (const input of switchesOf(dialog)) input.checked = consent[input.name as ConsentKind];
  if (!dialog.open) dialog.showModal();
  dialog.querySelector<HTMLElement>('#samtykke-tittel')?.focus();
  showSettings(dialog, true);
}

/** 'Lagre valgene': records the switches of `dialog` as the choice. */
export function saveSettings(dialog: HTMLDialogElement): void {
  const switches = switchesOf(dialog);
  const chosen = (kind: ConsentKind) => switches.some((s) => s.name === kind && s.checked);
  recordConsent({
    analytics: chosen('analytics'),
    tagManager: chosen('tagManager'),
    pixel: chosen('pixel'),
  });
}
