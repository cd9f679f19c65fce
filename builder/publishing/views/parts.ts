import { html } from 'hono/html';
import { formatDate, formatTime } from '../../../src/lib/format/date.ts';

/**
 * What every view of /publisering shares: its markup's type, the look of its buttons, fields
 * and panels, its notices and how it writes a moment.
 */

/**
 * Markup made by hono/html's `html` tag: every value put in is escaped unless it is markup
 * made by the tag itself, so text from the API or the form can never become markup. The
 * views put in no promise, so it is always made at once.
 */
export type Markup = ReturnType<typeof html>;

/** A moment as the page writes it: `1.12.2026 kl. 00:00`, Norwegian time. */
export function whenText(iso: string): string {
  return `${formatDate(iso)} kl. ${formatTime(iso)}`;
}

/** The page's main button. */
export const button =
  'bg-brand text-brand-ink inline-flex min-h-11 items-center rounded-md px-4 font-semibold hover:underline disabled:opacity-60';
/** A button or link of lesser weight. */
export const quiet =
  'inline-flex min-h-11 items-center rounded-md border border-black/40 bg-white px-4 font-semibold hover:underline';
/** A text field. */
export const input =
  'h-11 w-full rounded-md border border-black/40 px-3 aria-invalid:border-2 aria-invalid:border-red-800';
/** A panel of the page. */
export const panel = 'bg-surface rounded-lg p-4 desk:p-6';

/** An error (an alert) or a piece of news (a status), or nothing without text. */
export function notice(text: string | null, kind: 'error' | 'info' = 'error'): Markup | '' {
  if (!text) return '';
  const look =
    kind === 'error' ? 'border-red-800 bg-red-50 text-red-900' : 'border-green-800 bg-green-50';
  return html`<p
    class="${look} rounded-md border-l-4 p-3 font-semibold"
    role="${kind === 'error' ? 'alert' : 'status'}"
  >
    ${text}
  </p>`;
}
