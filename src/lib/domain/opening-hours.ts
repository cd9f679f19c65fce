/**
 * Shop opening hours (SPEC 3). Grammar, as the seed data documents it
 * (server/seed/data/shops.ts):
 *
 *   hours = entry *(", " entry)
 *   entry = days " " (time "-" time / "stengt")
 *   days  = day / day "-" day          day = Man / Tir / Ons / Tor / Fre / Lør / Søn
 *   time  = HHmm on a 24-hour clock, opening before closing
 *
 * The parser is lenient where it costs nothing: day names and `stengt` in any case, any
 * whitespace around commas and dashes, a range may wrap the week (`Lør-Man`), a later entry
 * overrides an earlier one for the same day, and a day no entry names counts as closed.
 * Anything else is malformed and gives null; nothing here throws.
 */

import { osloClock, WEEKDAYS, type DateInput } from '../format/date.ts';

/** Opening interval of one day, in minutes since local midnight (`close` exclusive). */
export interface DayHours {
  open: number;
  close: number;
}

/** Seven days Monday first; null marks a closed day. */
export type WeekHours = readonly (DayHours | null)[];

const DAY_KEYS = ['man', 'tir', 'ons', 'tor', 'fre', 'lør', 'søn'];

const ENTRY =
  /^(\p{L}{3})(?:\s*-\s*(\p{L}{3}))?\s+(?:(\d{2})(\d{2})\s*-\s*(\d{2})(\d{2})|(stengt))$/iu;

function minutes(hh: string | undefined, mm: string | undefined): number | null {
  const h = Number(hh);
  const m = Number(mm);
  return h <= 23 && m <= 59 ? h * 60 + m : null;
}

/**
 * Parses an opening-hours string into a Monday-first week, e.g.
 * `Man-Fre 1000-2000, Lør 1000-1800, Søn stengt`. Malformed input gives null.
 */
export function parseOpeningHours(text: string): WeekHours | null {
  const week: (DayHours | null)[] = Array.from({ length: 7 }, () => null);
  const entries = text.split(',').map((part) => part.trim());
  for (const entry of entries) {
    const match = ENTRY.exec(entry);
    if (!match) return null;
    const [, fromName, toName, oh, om, ch, cm, closed] = match;
    const from = DAY_KEYS.indexOf(fromName?.toLowerCase() ?? '');
    const to = toName === undefined ? from : DAY_KEYS.indexOf(toName.toLowerCase());
    if (from < 0 || to < 0) return null;
    let hours: DayHours | null = null;
    if (closed === undefined) {
      const open = minutes(oh, om);
      const close = minutes(ch, cm);
      if (open === null || close === null || open >= close) return null;
      hours = { open, close };
    }
    for (let day = from; ; day = (day + 1) % 7) {
      week[day] = hours;
      if (day === to) break;
    }
  }
  return week;
}

/** Whether the shop is open at the given instant, read on the Oslo wall clock. */
export function isOpenAt(hours: WeekHours, date: DateInput): boolean {
  const clock = osloClock(date);
  if (!clock) return false;
  const today = hours[clock.weekday];
  return today != null && clock.minutes >= today.open && clock.minutes < today.close;
}

/** Formats minutes since midnight as `HH:mm`. */
export function formatClock(mins: number): string {
  const h = String(Math.floor(mins / 60)).padStart(2, '0');
  const m = String(mins % 60).padStart(2, '0');
  return `${h}:${m}`;
}

/** Formats one day's interval as `10:00–20:00` (en dash), or `Stengt`. */
export function formatDayHours(day: DayHours | null | undefined): string {
  return day ? `${formatClock(day.open)}\u2013${formatClock(day.close)}` : 'Stengt';
}

/**
 * The label for the day of `date` in Oslo: `Åpent i dag 10:00–20:00` or `Stengt i dag`.
 * Null hours (malformed) or an invalid date give ''.
 */
export function todayLabel(hours: WeekHours | null, date: DateInput): string {
  const clock = osloClock(date);
  if (!hours || !clock) return '';
  const today = hours[clock.weekday];
  return today ? `Åpent i dag ${formatDayHours(today)}` : 'Stengt i dag';
}

/** A display row of the week table. */
export interface WeekRow {
  /** Weekday name, `mandag` ... `søndag`. */
  day: string;
  /** `10:00–20:00` or `Stengt`. */
  hours: string;
  /** Whether this row is today's, in Oslo (false when no date was given). */
  today: boolean;
}

/** Rows for a week table Monday first; `now` marks today's row. */
export function formatWeek(hours: WeekHours, now?: DateInput): WeekRow[] {
  const todayIndex = now === undefined ? -1 : (osloClock(now)?.weekday ?? -1);
  return WEEKDAYS.map((day, i) => ({
    day,
    hours: formatDayHours(hours[i]),
    today: i === todayIndex,
  }));
}
