import { atom } from 'nanostores';

/** Alert types of docs/spec.md §3. */
export type AlertType = 'error' | 'warning' | 'info' | 'success';

/** An alert waiting to be shown. `timeout` in ms; 0 stays until the shopper closes it. */
export interface Alert {
  uid: number;
  type: AlertType;
  title: string;
  message: string;
  timeout: number;
}

/** the spec's default titles per type. */
export const defaultAlertTitles: Readonly<Record<AlertType, string>> = {
  error: 'Noe gikk galt',
  warning: 'Obs!',
  info: 'Informasjon',
  success: 'Suksess',
};

// Errors stay until read: a shopper must not miss why an order failed.
const defaultTimeouts: Readonly<Record<AlertType, number>> = {
  error: 0,
  warning: 8000,
  info: 5000,
  success: 5000,
};

/** Every pending alert, oldest first. */
export const $alerts = atom<Alert[]>([]);

/**
 * The spec: alerts are shown one at a time; this is the one on screen, of `alerts` ($alerts).
 * A function rather than a computed store: the alert host, in every page's layout chunk,
 * follows $alerts itself, and so every page is spared nanostores' computed.
 */
export function currentAlert(alerts: readonly Alert[]): Alert | null {
  return alerts[0] ?? null;
}

let nextUid = 1;

/** Appends an alert and answers its uid. */
export function addAlert(
  type: AlertType,
  message: string,
  options: { title?: string; timeout?: number } = {},
): number {
  const uid = nextUid++;
  $alerts.set([
    ...$alerts.get(),
    {
      uid,
      type,
      message,
      title: options.title ?? defaultAlertTitles[type],
      timeout: options.timeout ?? defaultTimeouts[type],
    },
  ]);
  return uid;
}

/** Removes one alert; unknown uids are ignored. */
export function removeAlert(uid: number): void {
  $alerts.set($alerts.get().filter((a) => a.uid !== uid));
}
