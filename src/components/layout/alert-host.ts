/**
 * The alerts, one at a time. The script of AlertHost.astro, which every page runs through
 * the layout's one module script (src/layouts/base-scripts.ts).
 */

import { $alerts, currentAlert, removeAlert, type Alert } from '../../stores/alerts.ts';

/** Starts showing the alerts. */
export function startAlertHost(): void {
  // The spec: alerts are shown one at a time. Errors go to the assertive region so a screen
  // reader interrupts; the rest are announced politely.
  const polite = document.querySelector<HTMLElement>('[data-alert-polite]');
  const assertive = document.querySelector<HTMLElement>('[data-alert-assertive]');
  const colours: Record<Alert['type'], string> = {
    error: 'border-red-700 bg-red-50',
    warning: 'border-amber-600 bg-amber-50',
    info: 'border-sky-700 bg-sky-50',
    success: 'border-green-700 bg-green-50',
  };
  let timer: ReturnType<typeof setTimeout> | undefined;

  function render(alert: Alert | null) {
    clearTimeout(timer);
    polite?.replaceChildren();
    assertive?.replaceChildren();
    if (!alert) return;
    const box = document.createElement('div');
    box.className = `pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-md border-l-4 p-4 shadow-lg ${colours[alert.type]}`;
    box.dataset['alertType'] = alert.type;
    const text = document.createElement('div');
    text.className = 'flex-1';
    const title = document.createElement('p');
    title.className = 'font-bold';
    title.textContent = alert.title;
    const message = document.createElement('p');
    message.textContent = alert.message;
    text.append(title, message);
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'rounded px-2 py-1 font-medium hover:bg-black/10';
    close.textContent = 'Lukk';
    close.setAttribute('aria-label', `Lukk melding: ${alert.title}`);
    close.addEventListener('click', () => removeAlert(alert.uid));
    box.append(text, close);
    (alert.type === 'error' ? assertive : polite)?.append(box);
    if (alert.timeout > 0) timer = setTimeout(() => removeAlert(alert.uid), alert.timeout);
  }

  // Drawn again only when the alert on screen changes (another alert queued behind it leaves
  // it, and its timer, as they are).
  let shown: Alert | null | undefined;
  $alerts.subscribe((alerts) => {
    const alert = currentAlert(alerts);
    if (alert === shown) return;
    shown = alert;
    render(alert);
  });
}
