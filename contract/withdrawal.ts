/**
 * The right of withdrawal (angrerett) of a paid order: its wire types and the period rule,
 * which the backend applies when it records or refuses a withdrawal and the shop applies
 * when it offers 'Angre kjøpet'. No dependencies (see README.md, Shared rules).
 *
 * The period is 14 days from the day the goods are received (angrerettloven § 21), for an
 * order delivered in parts from the day of the last parcel. Until then a withdrawal is always
 * accepted (directive 2011/83/EU recital 40): the period is never reckoned from an estimate.
 * Without the confirmation's information the period is the extended one (§ 22, the
 * directive's art. 10). A last day that is a Saturday, Sunday or Norwegian public holiday
 * runs to the next working day (fristloven § 5). A withdrawal counts through the end of the
 * last day, Norwegian time.
 */

/** Length of the right of withdrawal in days, counted from the day after receipt. */
export const WITHDRAWAL_DAYS = 14;

/**
 * Units of one line of an order: the line by its place in `ApiOrderHistory.articles`
 * (0-based; an order's lines never change), and how many of its units.
 */
export interface ApiLineUnits {
  line: number;
  /** A whole number from 1 to the line's `Count`. */
  count: number;
}

/**
 * One parcel of an order (or its hand-over in a shop): the units it holds, and when the
 * shopper received it. The period of withdrawal runs from the last delivery.
 */
export interface ApiShipment {
  id: number;
  lines: ApiLineUnits[];
  /** When the shopper received it (ISO 8601), or null while it is on its way. */
  deliveredAt: string | null;
}

/** What one line of an order has left to withdraw (`ApiOrderWithdrawal.lines`). */
export interface ApiWithdrawableLine {
  /** Its place in `ApiOrderHistory.articles`. */
  line: number;
  /** Units bought (the line's `Count`). */
  count: number;
  /** Units withdrawn so far. */
  withdrawn: number;
  /** Units that can still be withdrawn: `count` − `withdrawn`. */
  withdrawable: number;
}

/**
 * One recorded withdrawal of an order: what it took back and what it refunds. An order may
 * be withdrawn in several parts until nothing is left.
 */
export interface ApiWithdrawalRecord {
  id: number;
  /** When it was recorded (ISO 8601). */
  withdrawnAt: string;
  /** The units it withdrew, by line. */
  lines: ApiLineUnits[];
  /** What it refunds in øre: its units' share of what was paid for the goods, plus `shipping`. */
  refund: number;
  /**
   * Of `refund`, the shipping refunded (øre): only by the withdrawal that leaves nothing of
   * the order, and then at most the shop's standard delivery (directive 2011/83/EU art. 13(2)).
   */
  shipping: number;
}

/** A paid order's right of withdrawal as `ApiOrderHistory.withdrawal` carries it. */
export interface ApiOrderWithdrawal {
  /**
   * The Norwegian day of the last delivery (`YYYY-MM-DD`), or null until every parcel has
   * been delivered.
   */
  receivedDay: string | null;
  /**
   * The last day the order can be withdrawn (through its end), `YYYY-MM-DD`; null until the
   * goods are delivered, while a withdrawal is always accepted.
   */
  lastDay: string | null;
  /** Whether the period is the extended one: the confirmation lacked its information. */
  extended: boolean;
  /** When the last of the order was withdrawn (ISO 8601), or null while anything is left. */
  withdrawnAt: string | null;
  /** Each line of `ApiOrderHistory.articles`, in its order, with what is left to withdraw. */
  lines: ApiWithdrawableLine[];
  /** The withdrawals recorded so far, oldest first. */
  withdrawals: ApiWithdrawalRecord[];
}

/**
 * Body of `POST orders/{id}/withdrawal`: the token of the link in the order's confirmation
 * e-mail, the e-mail address the order was made with (the withdrawal form), or nothing when
 * the logged-in customer withdraws an order of their own; with a token, `email` is where the
 * receipt goes when the order keeps no address (its account was deleted). `lines` names the
 * units to withdraw; left out, everything still withdrawable is.
 */
export interface ApiWithdrawalRequest {
  token?: string;
  email?: string;
  lines?: ApiLineUnits[];
}

/**
 * Body of `POST orders/{id}/withdrawal/lookup`: the e-mail address the order was made with,
 * which the withdrawal form asks for beside the order number.
 */
export interface ApiWithdrawalLookup {
  email: string;
}

/**
 * The recorded withdrawal, the answer of `POST orders/{id}/withdrawal` (its receipt): the
 * order, where the receipt went, and the record of what was withdrawn.
 */
export interface ApiWithdrawal extends ApiWithdrawalRecord {
  orderId: number;
  /** Where the receipt was sent, or '' when it went nowhere (no address is known). */
  email: string;
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/Oslo',
});

const DAY_MS = 86_400_000;

/** The Norwegian calendar day of an instant, `YYYY-MM-DD`. */
export function norwegianDay(instant: Date): string {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts['year'] ?? ''}-${parts['month'] ?? ''}-${parts['day'] ?? ''}`;
}

// Days are handled as UTC midnights, where no daylight saving time moves them.
const toUtc = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `n` calendar days. */
function addDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * DAY_MS);
}

/** Easter Sunday of `year` (the Gregorian computus of Meeus, Jones and Butcher). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return fromUtc(Date.UTC(year, month - 1, day));
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/**
 * Norway's public holidays of `year` that can fall on a weekday (helligdagsloven and the
 * 1 and 17 May): New Year's Day, Maundy Thursday, Good Friday, Easter Monday, 1 May,
 * 17 May, Ascension Day, Whit Monday, Christmas Day and Boxing Day.
 */
export function norwegianHolidays(year: number): ReadonlySet<string> {
  const known = holidayCache.get(year);
  if (known !== undefined) return known;
  const easter = easterSunday(year);
  const fixed = ['01-01', '05-01', '05-17', '12-25', '12-26'].map((md) => `${String(year)}-${md}`);
  const moving = [-3, -2, 1, 39, 50].map((n) => addDays(easter, n));
  const days = new Set([...fixed, ...moving]);
  holidayCache.set(year, days);
  return days;
}

/** Whether `day` (`YYYY-MM-DD`) is a Norwegian working day: Monday to Friday, no holiday. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(toUtc(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !norwegianHolidays(Number(day.slice(0, 4))).has(day);
}

/** `day` itself when it is a working day, else the next working day (fristloven § 5). */
function nextWorkingDay(day: string): string {
  let result = day;
  while (!isWorkingDay(result)) result = addDays(result, 1);
  return result;
}

/**
 * `day` moved by `n` months; a day the month lacks (31 April) becomes the month's last
 * (fristloven § 3).
 */
export function addMonths(day: string, n: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const lastOfMonth = new Date(Date.UTC(year, month + n, 0)).getUTCDate();
  return fromUtc(Date.UTC(year, month - 1 + n, Math.min(date, lastOfMonth)));
}

/**
 * The last day of the right of withdrawal for goods received on `receivedDay`: 14 days
 * later, moved on to the next working day when that is a weekend day or a holiday.
 */
export function withdrawalLastDay(receivedDay: string): string {
  return nextWorkingDay(addDays(receivedDay, WITHDRAWAL_DAYS));
}

/** What an order's period is reckoned from, as the backend records it. */
export interface WithdrawalFacts {
  /** When each parcel was delivered (ISO 8601, any zone), null for one still on its way. */
  deliveries: ReadonlyArray<string | null>;
  /** Whether every unit the shopper still has bought is in one of the parcels. */
  allSent: boolean;
  /**
   * When the confirmation with the pre-contract information and the withdrawal form was
   * sent (ISO 8601), or null when none was.
   */
  informedAt: string | null;
}

/** An order's period: `ApiOrderWithdrawal`'s `receivedDay`, `lastDay` and `extended`. */
export type WithdrawalPeriod = Pick<ApiOrderWithdrawal, 'receivedDay' | 'lastDay' | 'extended'>;

/**
 * The period of an order: none (`lastDay` null, a withdrawal always accepted) until every
 * parcel is delivered; else 14 days from the Norwegian day of the last delivery. Without the
 * information, 12 months after that; with information that came after the goods, 14 days
 * after it came if that is earlier. The last day moves on to a working day.
 */
export function withdrawalPeriod(facts: WithdrawalFacts): WithdrawalPeriod {
  const informedDay = facts.informedAt === null ? null : norwegianDay(new Date(facts.informedAt));
  const days = facts.deliveries.map((at) => (at === null ? null : norwegianDay(new Date(at))));
  if (!facts.allSent || days.length === 0 || days.includes(null)) {
    return { receivedDay: null, lastDay: null, extended: informedDay === null };
  }
  const receivedDay = (days as string[]).reduce((a, b) => (a < b ? b : a));
  const normalEnd = addDays(receivedDay, WITHDRAWAL_DAYS);
  const latestEnd = addMonths(normalEnd, 12);
  if (informedDay !== null && informedDay <= receivedDay) {
    return { receivedDay, lastDay: withdrawalLastDay(receivedDay), extended: false };
  }
  const byInformation = informedDay === null ? latestEnd : addDays(informedDay, WITHDRAWAL_DAYS);
  const end = byInformation < latestEnd ? byInformation : latestEnd;
  return { receivedDay, lastDay: nextWorkingDay(end), extended: true };
}

const longDay = new Intl.DateTimeFormat('nb-NO', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day `YYYY-MM-DD` in long Norwegian form: `12. november 2026`. */
export function formatNorwegianDay(day: string): string {
  return longDay.format(toUtc(day));
}

const momentFormat = new Intl.DateTimeFormat('nb-NO', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Oslo',
});

/** An instant in long Norwegian form, Norwegian time: `19. mars 2025 kl. 14:05`. */
export function formatNorwegianMoment(instant: Date): string {
  const parts = Object.fromEntries(
    momentFormat.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  const { day = '', month = '', year = '', hour = '', minute = '' } = parts;
  return `${day}. ${month} ${year} kl. ${hour}:${minute}`;
}

/** The refusal of a withdrawal after the period whose last day was `lastDay`. */
export function withdrawalExpiredMessage(lastDay: string): string {
  return `Angrefristen for denne ordren gikk ut ${formatNorwegianDay(lastDay)}.`;
}

/** Whether a withdrawal at `now` falls within a period whose last day is `lastDay`. */
export function withinWithdrawalPeriod(lastDay: string, now: Date): boolean {
  return norwegianDay(now) <= lastDay;
}

/**
 * Why a withdrawal at `now` is refused, naming the last day of the period, or null when it
 * is accepted: always before the goods are delivered (no last day yet).
 */
export function withdrawalRefusal(period: WithdrawalPeriod, now: Date): string | null {
  const { lastDay } = period;
  if (lastDay === null || withinWithdrawalPeriod(lastDay, now)) return null;
  return withdrawalExpiredMessage(lastDay);
}
