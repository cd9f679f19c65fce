/**
 * Shop opening hours (docs/spec.md §3). Grammar, as the seed data documents it
 * (server/seed/data/shops.ts):
 *
 *   hours = entry *(", " entry)
 *   entry = days 1*(" " range) / days " stengt"
 *   days  = day / day "-" day          day = Man / Tir / Ons / Tor / Fre / Lør / Søn
 *   range = time "-" time              time = HHmm on a 24-hour clock; `2400` closes only
 *
 * Several ranges per day are written in one entry, in order and not overlapping:
 * `Man-Fre 1000-1400 1600-2000` closes for two hours in the afternoon. A range whose closing
 * time is not after its opening runs over midnight and closes that time the next morning:
 * `Fre-Lør 1800-0200` is open Friday 18:00 to Saturday 02:00 and Saturday 18:00 to Sunday
 * 02:00 (so only a day's last range may do it); `2400` and `0000` both close at midnight. A
 * range lasts less than a day, so opening and closing are never equal. Such a night belongs
 * to the day it starts on: the week table shows it there, and {@link isOpenAt} looks at the
 * previous day's spill-over into the morning.
 *
 * Two entries naming one day do not add up: the later replaces the earlier, so exceptions
 * can follow a range (`Man-Søn 1000-2000, Søn stengt`). The parser is lenient where it costs
 * nothing: day names and `stengt` in any case, any whitespace around commas, dashes and
 * between ranges, a day range may wrap the week (`Lør-Man`), and a day no entry names counts
 * as closed. Anything else is malformed and gives null; nothing here throws.
 */

import { osloClock, WEEKDAYS, type DateInput } from '../format/date.ts';

const DAY_MINUTES = 1440;

/**
 * One opening interval, in minutes since the local midnight of the day it starts on;
 * `close` is exclusive and above 1440 when it runs into the next morning.
 */
export interface DayHours {
  open: number;
  close: number;
}

/** Seven days Monday first, each with its ranges in order; an empty day is closed. */
export type WeekHours = readonly (readonly DayHours[])[];

const DAY_KEYS = ['man', 'tir', 'ons', 'tor', 'fre', 'lør', 'søn'];

const ENTRY =
  /^(\p{L}{3})(?:\s*-\s*(\p{L}{3}))?\s+(stengt|\d{4}\s*-\s*\d{4}(?:\s+\d{4}\s*-\s*\d{4})*)$/iu;
const RANGE = /(\d{2})(\d{2})\s*-\s*(\d{2})(\d{2})/gu;

function minutes(hh: string | undefined, mm: string | undefined, closing: boolean): number | null {
  const h = Number(hh);
  const m = Number(mm);
  if (closing && h === 24 && m === 0) return DAY_MINUTES;
  return h <= 23 && m <= 59 ? h * 60 + m : null;
}

/** The ranges of one entry in order, or null when one is malformed or they overlap. */
function parseRanges(text: string): DayHours[] | null {
  const ranges: DayHours[] = [];
  for (const [, oh, om, ch, cm] of text.matchAll(RANGE)) {
    const open = minutes(oh, om, false);
    const closing = minutes(ch, cm, true);
    if (open === null || closing === null || open === closing) return null;
    const close = closing < open ? closing + DAY_MINUTES : closing;
    const previous = ranges.at(-1);
    if (previous && open < previous.close) return null;
    ranges.push({ open, close });
  }
  return ranges;
}

/**
 * Parses an opening-hours string into a Monday-first week, e.g.
 * `Man-Fre 1000-1400 1600-2000, Fre-Lør 2200-0200, Søn stengt`. Malformed input gives null.
 */
export function parseOpeningHours(text: string): WeekHours | null {
  const week: (readonly DayHours[])[] = Array.from({ length: 7 }, () => []);
  for (const entry of text.split(',').map((part) => part.trim())) {
    const match = ENTRY.exec(entry);
    if (!match) return null;
    const [, fromName, toName, times = ''] = match;
    const from = DAY_KEYS.indexOf(fromName?.toLowerCase() ?? '');
    const to = toName === undefined ? from : DAY_KEYS.indexOf(toName.toLowerCase());
    if (from < 0 || to < 0) return null;
    const ranges = times.toLowerCase() === 'stengt' ? [] : parseRanges(times);
    if (!ranges) return null;
    for (let day = from; ; day = (day + 1) % 7) {
      week[day] = ranges;
      if (day === to) break;
    }
  }
  return week;
}

/**
 * The closing time of the range open at `clock` (minutes since that day's midnight, above
 * 1440 for the next morning), or null when closed. The previous evening's range that runs
 * past midnight counts.
 */
function openRangeClose(hours: WeekHours, weekday: number, now: number): number | null {
  const today = hours[weekday]?.find((r) => now >= r.open && now < r.close);
  if (today) return today.close;
  const yesterday = hours[(weekday + 6) % 7]?.find((r) => now + DAY_MINUTES < r.close);
  return yesterday ? yesterday.close - DAY_MINUTES : null;
}

/** Whether the shop is open at the given instant, read on the Oslo wall clock. */
export function isOpenAt(hours: WeekHours, date: DateInput): boolean {
  const clock = osloClock(date);
  return clock !== null && openRangeClose(hours, clock.weekday, clock.minutes) !== null;
}

/** Formats minutes since midnight as `HH:mm`; a time the next morning as that morning's. */
export function formatClock(mins: number): string {
  const clock = mins === DAY_MINUTES ? mins : mins % DAY_MINUTES;
  const h = String(Math.floor(clock / 60)).padStart(2, '0');
  const m = String(clock % 60).padStart(2, '0');
  return `${h}:${m}`;
}

/** Formats a day's ranges as `10:00–14:00, 16:00–02:00` (en dashes), or `Stengt`. */
export function formatDayHours(ranges: readonly DayHours[] | undefined): string {
  if (!ranges || ranges.length === 0) return 'Stengt';
  return ranges.map((r) => `${formatClock(r.open)}\u2013${formatClock(r.close)}`).join(', ');
}

/**
 * The label for the day of `date` in Oslo: `Åpent i dag 10:00–20:00` or `Stengt i dag`.
 * Null hours (malformed) or an invalid date give ''.
 */
export function todayLabel(hours: WeekHours | null, date: DateInput): string {
  const clock = osloClock(date);
  if (!hours || !clock) return '';
  const today = hours[clock.weekday];
  return today && today.length > 0 ? `Åpent i dag ${formatDayHours(today)}` : 'Stengt i dag';
}

/** When a closed shop opens next: `kl. 10:00`, `i morgen kl. 10:00` or `mandag kl. 10:00`. */
function nextOpening(hours: WeekHours, weekday: number, now: number): string | null {
  const later = hours[weekday]?.find((r) => r.open > now);
  if (later) return `kl. ${formatClock(later.open)}`;
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const day = (weekday + ahead) % 7;
    const first = hours[day]?.[0];
    if (first) {
      const when = ahead === 1 ? 'i morgen' : (WEEKDAYS[day] ?? '');
      return `${when} kl. ${formatClock(first.open)}`;
    }
  }
  return null;
}

/**
 * Whether the shop is open at `date` in Oslo, and until or from when: `Åpent nå, stenger
 * kl. 02:00`, `Stengt nå, åpner i morgen kl. 10:00`, or `Stengt nå` for a shop that never
 * opens. An invalid date gives ''.
 */
export function openNowLabel(hours: WeekHours, date: DateInput): string {
  const clock = osloClock(date);
  if (!clock) return '';
  const close = openRangeClose(hours, clock.weekday, clock.minutes);
  if (close !== null) return `Åpent nå, stenger kl. ${formatClock(close)}`;
  const next = nextOpening(hours, clock.weekday, clock.minutes);
  return next ? `Stengt nå, åpner ${next}` : 'Stengt nå';
}

/** A display row of the week table. */
export interface WeekRow {
  /** Weekday name, `mandag` ... `søndag`. */
  day: string;
  /** `10:00–20:00`, several ranges separated by commas, or `Stengt`. */
  hours: string;
}

/** Rows for a week table, Monday first. */
export function formatWeek(hours: WeekHours): WeekRow[] {
  return WEEKDAYS.map((day, i) => ({ day, hours: formatDayHours(hours[i]) }));
}
