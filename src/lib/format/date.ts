/**
 * Dates and times for nb-NO, always in the shop's time zone (Europe/Oslo) so the build
 * machine's zone and the shopper's zone give the same text. Weeks start on Monday.
 */

/** The shop's time zone. */
export const TIME_ZONE = 'Europe/Oslo';

/** Anything `new Date()` accepts: a Date, epoch milliseconds or an ISO 8601 string. */
export type DateInput = Date | number | string;

/** Monday-first index of a weekday: 0 = Monday ... 6 = Sunday. */
export type WeekdayIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6;

// 2024-01-01 was a Monday; noon UTC keeps every zone on the same calendar day.
const MONDAY_NOON_UTC = Date.UTC(2024, 0, 1, 12);
const DAY_MS = 86_400_000;

function weekdayNames(weekday: 'long' | 'short'): readonly string[] {
  const format = new Intl.DateTimeFormat('nb-NO', { weekday, timeZone: 'UTC' });
  // Intl abbreviates with a full stop ("man."); the shop shows the bare abbreviation.
  return Object.freeze(
    Array.from({ length: 7 }, (_, i) =>
      format.format(MONDAY_NOON_UTC + i * DAY_MS).replace(/\.$/u, ''),
    ),
  );
}

/** Weekday names Monday first: `mandag` ... `søndag`. */
export const WEEKDAYS: readonly string[] = weekdayNames('long');

/** Short weekday names Monday first, without the full stop: `man` ... `søn`. */
export const WEEKDAYS_SHORT: readonly string[] = weekdayNames('short');

const dateFormat = new Intl.DateTimeFormat('nb-NO', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

const timeFormat = new Intl.DateTimeFormat('nb-NO', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

// en-US gives ASCII weekday names and plain digits that are simple to read back.
const partsFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

const EN_WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function toDate(input: DateInput): Date | null {
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Wall-clock reading of an instant in Europe/Oslo. */
export interface OsloClock {
  year: number;
  month: number;
  day: number;
  weekday: WeekdayIndex;
  /** Minutes since local midnight, 0..1439. */
  minutes: number;
}

/** Reads an instant on the Oslo wall clock (DST included). Null for an invalid date. */
export function osloClock(input: DateInput): OsloClock | null {
  const date = toDate(input);
  if (!date) return null;
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((p) => [p.type, p.value]));
  const weekday = EN_WEEKDAYS.indexOf(parts['weekday'] ?? '');
  if (weekday < 0) return null;
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    weekday: weekday as WeekdayIndex,
    minutes: Number(parts['hour']) * 60 + Number(parts['minute']),
  };
}

/** Formats a date in long nb-NO form in Oslo time: `21. november 2026`. Invalid: ''. */
export function formatDate(input: DateInput): string {
  const date = toDate(input);
  return date ? dateFormat.format(date) : '';
}

/** Formats the Oslo wall-clock time with a 24-hour clock: `14:05`. Invalid: ''. */
export function formatTime(input: DateInput): string {
  const date = toDate(input);
  return date ? timeFormat.format(date) : '';
}

/**
 * The Monday that starts the ISO week holding the given instant, as an Oslo calendar date
 * `YYYY-MM-DD` (a plain date, since "midnight" is ambiguous across time zones). Invalid: null.
 */
export function isoWeekStart(input: DateInput): string | null {
  const clock = osloClock(input);
  if (!clock) return null;
  const monday = new Date(Date.UTC(clock.year, clock.month - 1, clock.day - clock.weekday));
  return monday.toISOString().slice(0, 10);
}
