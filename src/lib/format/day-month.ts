/**
 * A date near a moment, as a campaign's card names it. Apart from date.ts, which nearly every
 * page loads as one shared chunk that keeps each of its formats (a formatter there cost every
 * page's first load some 40 bytes): only the build reads this.
 */

import { formatDate, osloClock, TIME_ZONE, type DateInput } from './date.ts';

const dayMonthFormat = new Intl.DateTimeFormat('nb-NO', {
  day: 'numeric',
  month: 'long',
  timeZone: TIME_ZONE,
});

/**
 * Formats a date near `now` in nb-NO in Oslo time, without the year when it falls in `now`'s
 * year (`27. desember`) and with it when not (`5. januar 2027`). Invalid: ''.
 */
export function formatDayMonth(input: DateInput, now: DateInput): string {
  const clock = osloClock(input);
  if (clock === null) return '';
  return clock.year === osloClock(now)?.year
    ? dayMonthFormat.format(new Date(input))
    : formatDate(input);
}
