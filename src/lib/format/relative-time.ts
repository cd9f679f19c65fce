/**
 * Relative time in Norwegian through `Intl.RelativeTimeFormat('nb')`, which frames a future
 * span as `om %s` and a past one as `for %s siden` (docs/spec.md §9): `om 2 uker`, `for 2 timer siden`.
 * `numeric: 'always'` keeps that frame for ±1 too (not `i går`/`i morgen`).
 * CLDR's Norwegian names the day unit `døgn`; shoppers say `dager`, so the day unit is
 * written `dag`/`dager` (`om 3 dager`, `for 1 dag siden`) within Intl's own frame.
 */

import type { DateInput } from './date.ts';

const rtf = new Intl.RelativeTimeFormat('nb', { numeric: 'always' });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

// Largest unit first: the first unit that fits at least once is used.
const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', YEAR],
  ['month', MONTH],
  ['week', WEEK],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/**
 * Formats `date` relative to `now` in the largest whole unit it spans (truncated towards
 * zero): 3 days ahead -> `om 3 dager`, 2 hours ago -> `for 2 timer siden`. Under a second
 * counts as `om 0 sekunder`. Invalid dates give ''.
 */
export function formatRelativeTime(date: DateInput, now: DateInput = Date.now()): string {
  const target = new Date(date).getTime();
  const base = new Date(now).getTime();
  if (Number.isNaN(target) || Number.isNaN(base)) return '';
  const diff = target - base;
  const abs = Math.abs(diff);
  const [unit, size] = UNITS.find(([, ms]) => abs >= ms) ?? ['second', SECOND];
  const amount = Math.trunc(abs / size);
  // Signed zero would print "for 0 sekunder siden" for an instant a few ms in the past.
  const text = rtf.format(diff < 0 && amount > 0 ? -amount : amount, unit);
  return unit === 'day' ? text.replace('døgn', amount === 1 ? 'dag' : 'dager') : text;
}
