/**
 * Whether the shop is open now, on its static page: the browser reads the clock (the page
 * was built earlier), writes the status into the space kept for it and marks today's row of
 * the week table, in Oslo time. It looks again every minute while the page stays open.
 */

import { isOpenAt, openNowLabel, parseOpeningHours } from '../../lib/domain/opening-hours.ts';
import { osloClock } from '../../lib/format/date.ts';

/** The parts of the shop page the script fills. */
export interface OpenNowParts {
  /** Where the status goes; `data-open` is set while the shop is open. */
  status: HTMLElement;
  /** The week table; its rows carry `data-weekday` (0 Monday ... 6 Sunday). */
  table: HTMLElement;
  /** The shop's raw opening hours (docs/spec.md §3 grammar). */
  openingHours: string;
}

const MINUTE = 60_000;

/** Shows the status now and keeps it current. */
export function showOpenNow({ status, table, openingHours }: OpenNowParts): void {
  const hours = parseOpeningHours(openingHours);
  if (!hours) return;
  const update = (): void => {
    const now = new Date();
    status.textContent = openNowLabel(hours, now);
    status.toggleAttribute('data-open', isOpenAt(hours, now));
    const today = String(osloClock(now)?.weekday ?? -1);
    for (const row of table.querySelectorAll<HTMLElement>('[data-weekday]')) {
      if (row.dataset['weekday'] === today) row.setAttribute('aria-current', 'date');
      else row.removeAttribute('aria-current');
    }
  };
  update();
  setInterval(update, MINUTE);
}
