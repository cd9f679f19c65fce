import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatNorwegianDay,
  formatNorwegianMoment,
  isWorkingDay,
  norwegianDay,
  norwegianHolidays,
  WITHDRAWAL_DAYS,
  withdrawalExpiredMessage,
  withdrawalLastDay,
  withdrawalPeriod,
  withdrawalRefusal,
  withinWithdrawalPeriod,
  type WithdrawalFacts,
} from './withdrawal.ts';

const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

describe('norwegianDay', () => {
  it('reads the calendar day in Norway, summer and winter time included', () => {
    expect(norwegianDay(new Date('2026-11-12T22:59:59Z'))).toBe('2026-11-12');
    expect(norwegianDay(new Date('2026-11-12T23:00:00Z'))).toBe('2026-11-13');
    expect(norwegianDay(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(norwegianDay(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});

describe('norwegianHolidays', () => {
  it('knows the fixed and the Easter holidays', () => {
    // Easter Sunday 2026 is 5 April, 2027 is 28 March.
    expect([...norwegianHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-05-14',
      '2026-05-17',
      '2026-05-25',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(norwegianHolidays(2027).has('2027-03-29')).toBe(true);
  });
});

describe('addMonths', () => {
  it('moves by months, to the month’s last day when it lacks the day', () => {
    expect(addMonths('2025-03-28', 12)).toBe('2026-03-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-02-29', 12)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
  });
});

describe('withdrawalLastDay', () => {
  it('is 14 days after receipt', () => {
    expect(withdrawalLastDay('2026-10-29')).toBe('2026-11-12');
  });

  it('moves on from a weekend or a holiday to the next working day', () => {
    // Received Saturday 31 October: day 14 is Saturday 14 November, so Monday 16.
    expect(withdrawalLastDay('2026-10-31')).toBe('2026-11-16');
    // Received 11 December: day 14 is Christmas Day (Friday), so Monday 28 December.
    expect(withdrawalLastDay('2026-12-11')).toBe('2026-12-28');
  });

  const day = fc
    .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z') })
    .filter((d) => !Number.isNaN(d.getTime()))
    .map((d) => d.toISOString().slice(0, 10));

  it('is a working day at least 14 and at most 19 days after any day of receipt', () => {
    fc.assert(
      fc.property(day, (received) => {
        const last = withdrawalLastDay(received);
        expect(isWorkingDay(last)).toBe(true);
        const span = daysBetween(received, last);
        expect(span).toBeGreaterThanOrEqual(WITHDRAWAL_DAYS);
        // Easter's Thursday to Monday is the longest run of days off: five.
        expect(span).toBeLessThanOrEqual(WITHDRAWAL_DAYS + 5);
        // Every day from day 14 up to the last is a day off, so nothing is moved further.
        for (let n = WITHDRAWAL_DAYS; n < span; n++) {
          const between = new Date(Date.parse(`${received}T00:00:00Z`) + n * 86_400_000);
          expect(isWorkingDay(between.toISOString().slice(0, 10))).toBe(false);
        }
      }),
    );
  });

  it('never ends earlier for a later day of receipt', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(withdrawalLastDay(early) <= withdrawalLastDay(late)).toBe(true);
      }),
    );
  });
});

describe('withinWithdrawalPeriod', () => {
  it('holds through the end of the last day, Norwegian time', () => {
    expect(withinWithdrawalPeriod('2026-11-12', new Date('2026-11-12T22:59:59Z'))).toBe(true);
    expect(withinWithdrawalPeriod('2026-11-12', new Date('2026-11-12T23:00:00Z'))).toBe(false);
    expect(withinWithdrawalPeriod('2026-11-12', new Date('2026-10-01T08:00:00Z'))).toBe(true);
  });
});

describe('formatNorwegianDay', () => {
  it('writes the day in long Norwegian form', () => {
    expect(formatNorwegianDay('2026-11-12')).toBe('12. november 2026');
    expect(formatNorwegianDay('2027-01-01')).toBe('1. januar 2027');
  });
});

describe('withdrawalExpiredMessage', () => {
  it('says in Norwegian when the period ran out', () => {
    expect(withdrawalExpiredMessage('2026-11-12')).toBe(
      'Angrefristen for denne ordren gikk ut 12. november 2026.',
    );
  });
});

describe('formatNorwegianMoment', () => {
  it('writes the day and the time in Norwegian time, summer and winter', () => {
    expect(formatNorwegianMoment(new Date('2025-03-19T13:05:00Z'))).toBe('19. mars 2025 kl. 14:05');
    expect(formatNorwegianMoment(new Date('2025-06-30T22:30:00Z'))).toBe('1. juli 2025 kl. 00:30');
  });
});

const informed = '2025-03-10T12:00:00Z';

describe('withdrawalPeriod', () => {
  it('runs 14 days from a parcel that came 5 days late, moved on from a weekend', () => {
    // Promised by Friday 14 March 2025, delivered Wednesday 19 March: day 14 is Wednesday
    // 2 April. Delivered on Friday 21 March instead: day 14 is Friday 4 April.
    expect(
      withdrawalPeriod({
        deliveries: ['2025-03-19T13:05:00Z'],
        allSent: true,
        informedAt: informed,
      }),
    ).toEqual({ receivedDay: '2025-03-19', lastDay: '2025-04-02', extended: false });
    // Delivered Saturday 22 March: day 14 is Saturday 5 April, so Monday 7 April.
    expect(
      withdrawalPeriod({
        deliveries: ['2025-03-22T10:00:00Z'],
        allSent: true,
        informedAt: informed,
      }).lastDay,
    ).toBe('2025-04-07');
  });

  it('runs from the last of two parcels', () => {
    expect(
      withdrawalPeriod({
        deliveries: ['2025-03-24T09:00:00Z', '2025-03-12T09:00:00Z'],
        allSent: true,
        informedAt: informed,
      }),
    ).toEqual({ receivedDay: '2025-03-24', lastDay: '2025-04-07', extended: false });
  });

  it('has no last day while a parcel is on its way or a unit is not sent', () => {
    const open = { receivedDay: null, lastDay: null, extended: false };
    expect(
      withdrawalPeriod({
        deliveries: ['2025-03-12T09:00:00Z', null],
        allSent: true,
        informedAt: informed,
      }),
    ).toEqual(open);
    expect(
      withdrawalPeriod({
        deliveries: ['2025-03-12T09:00:00Z'],
        allSent: false,
        informedAt: informed,
      }),
    ).toEqual(open);
    expect(withdrawalPeriod({ deliveries: [], allSent: false, informedAt: informed })).toEqual(
      open,
    );
  });

  it('is extended by 12 months without the information, to 14 days after it came when earlier', () => {
    // Delivered 19 March 2025: the normal period ends 2 April 2025, so the extended one
    // 2 April 2026 (a Thursday, Maundy Thursday that year), moved to Tuesday 7 April.
    expect(
      withdrawalPeriod({ deliveries: ['2025-03-19T13:05:00Z'], allSent: true, informedAt: null }),
    ).toEqual({ receivedDay: '2025-03-19', lastDay: '2026-04-07', extended: true });
    // The information came on 1 June 2025: 14 days later is Sunday 15 June, so Monday 16.
    expect(
      withdrawalPeriod({
        deliveries: ['2025-03-19T13:05:00Z'],
        allSent: true,
        informedAt: '2025-06-01T08:00:00Z',
      }),
    ).toEqual({ receivedDay: '2025-03-19', lastDay: '2025-06-16', extended: true });
    // The information on the day of delivery: the normal period.
    expect(
      withdrawalPeriod({
        deliveries: ['2025-03-19T13:05:00Z'],
        allSent: true,
        informedAt: '2025-03-19T20:00:00Z',
      }).extended,
    ).toBe(false);
  });
});

describe('withdrawalRefusal', () => {
  const period = withdrawalPeriod({
    deliveries: ['2025-03-19T13:05:00Z'],
    allSent: true,
    informedAt: informed,
  });

  it('accepts through the last day and refuses after it, naming it', () => {
    expect(withdrawalRefusal(period, new Date('2025-04-02T21:59:59Z'))).toBeNull();
    expect(withdrawalRefusal(period, new Date('2025-04-02T22:00:00Z'))).toBe(
      'Angrefristen for denne ordren gikk ut 2. april 2025.',
    );
  });

  it('never refuses before the goods are delivered', () => {
    const open = withdrawalPeriod({ deliveries: [null], allSent: true, informedAt: null });
    expect(withdrawalRefusal(open, new Date('2099-01-01T00:00:00Z'))).toBeNull();
  });
});

// Random delivery histories: instants from 2020 to 2040, each written in a random zone (the
// same instant must give the same period however it is written), near holidays often.
const OFFSETS = ['Z', '+00:00', '+01:00', '+02:00', '-05:00', '+05:30', '+14:00', '-11:00'];

/** `instant` as ISO 8601 in the zone `offset`. */
function inZone(instant: Date, offset: string): string {
  if (offset === 'Z') return instant.toISOString();
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h = 0, m = 0] = offset.slice(1).split(':').map(Number);
  const shifted = new Date(instant.getTime() + sign * (h * 60 + m) * 60_000);
  return `${shifted.toISOString().slice(0, 19)}${offset}`;
}

const holidayInstant = fc
  .tuple(fc.integer({ min: 2020, max: 2040 }), fc.integer({ min: -16, max: 2 }), fc.nat(86_399))
  .chain(([year, shift, second]) =>
    fc.constantFrom(...norwegianHolidays(year)).map((day) => {
      const at = Date.parse(`${day}T00:00:00Z`) + shift * 86_400_000 + second * 1000;
      return new Date(at);
    }),
  );

const anyInstant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2040-12-31T00:00:00Z'),
  noInvalidDate: true,
});

const instant = fc.oneof(anyInstant, holidayInstant);
const written = fc.tuple(instant, fc.constantFrom(...OFFSETS));
const history = fc.array(written, { minLength: 1, maxLength: 4 });

const lastOf = (instants: Date[]): string =>
  instants.map(norwegianDay).reduce((a, b) => (a < b ? b : a));

describe('withdrawalPeriod over random delivery histories', () => {
  it('ends on a working day 14 to 19 days after the last delivery, whatever the zone', () => {
    fc.assert(
      fc.property(history, (parcels) => {
        const facts: WithdrawalFacts = {
          deliveries: parcels.map(([at, zone]) => inZone(at, zone)),
          allSent: true,
          informedAt: parcels[0]?.[0].toISOString() ?? null,
        };
        const { receivedDay, lastDay, extended } = withdrawalPeriod(facts);
        const received = lastOf(parcels.map(([at]) => at));
        expect(receivedDay).toBe(received);
        expect(extended).toBe(false);
        if (lastDay === null) throw new Error('A delivered order has a last day.');
        expect(isWorkingDay(lastDay)).toBe(true);
        const span = daysBetween(received, lastDay);
        expect(span).toBeGreaterThanOrEqual(WITHDRAWAL_DAYS);
        expect(span).toBeLessThanOrEqual(WITHDRAWAL_DAYS + 5);
        // The same parcels in another order, written in UTC: the same period.
        const reordered = withdrawalPeriod({
          ...facts,
          deliveries: parcels.map(([at]) => at.toISOString()).reverse(),
        });
        expect(reordered).toEqual({ receivedDay, lastDay, extended });
      }),
    );
  });

  it('is open while any parcel is on its way or any unit unsent, and then refuses nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(written, { nil: null }), { minLength: 0, maxLength: 4 }),
        fc.boolean(),
        anyInstant,
        (parcels, allSent, now) => {
          fc.pre(!allSent || parcels.length === 0 || parcels.includes(null));
          const period = withdrawalPeriod({
            deliveries: parcels.map((p) => (p === null ? null : inZone(p[0], p[1]))),
            allSent,
            informedAt: null,
          });
          expect(period.lastDay).toBeNull();
          expect(withdrawalRefusal(period, now)).toBeNull();
        },
      ),
    );
  });

  it('accepts through the end of the last day and refuses after, naming that day', () => {
    fc.assert(
      fc.property(history, fc.option(instant, { nil: null }), (parcels, informedAt) => {
        const period = withdrawalPeriod({
          deliveries: parcels.map(([at, zone]) => inZone(at, zone)),
          allSent: true,
          informedAt: informedAt?.toISOString() ?? null,
        });
        const { lastDay } = period;
        if (lastDay === null) throw new Error('A delivered order has a last day.');
        // Midnight after the last day in Norway is 22:00 or 23:00 UTC on the last day.
        const nextDay = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000);
        const midnight = [nextDay.getTime() - 3_600_000, nextDay.getTime() - 7_200_000]
          .map((ms) => new Date(ms))
          .find(
            (d) =>
              norwegianDay(d) !== lastDay && norwegianDay(new Date(d.getTime() - 1)) === lastDay,
          );
        if (midnight === undefined) throw new Error(`No Norwegian midnight after ${lastDay}.`);
        expect(withdrawalRefusal(period, new Date(midnight.getTime() - 1))).toBeNull();
        expect(withdrawalRefusal(period, midnight)).toBe(withdrawalExpiredMessage(lastDay));
        expect(withdrawalRefusal(period, new Date(midnight.getTime() + 40 * 86_400_000))).toContain(
          formatNorwegianDay(lastDay),
        );
      }),
    );
  });

  it('extends the period without the information, never beyond 12 months after the normal one', () => {
    fc.assert(
      fc.property(history, fc.option(instant, { nil: null }), (parcels, informedAt) => {
        const deliveries = parcels.map(([at, zone]) => inZone(at, zone));
        const informed = withdrawalPeriod({
          deliveries,
          allSent: true,
          informedAt: parcels[0]?.[0].toISOString() ?? null,
        });
        const period = withdrawalPeriod({
          deliveries,
          allSent: true,
          informedAt: informedAt?.toISOString() ?? null,
        });
        const received = lastOf(parcels.map(([at]) => at));
        const normalEnd = fcDay(received, WITHDRAWAL_DAYS);
        const latest = withdrawalLastDay(fcDay(addMonths(normalEnd, 12), -WITHDRAWAL_DAYS));
        if (period.lastDay === null || informed.lastDay === null) throw new Error('No last day.');
        expect(period.lastDay >= informed.lastDay).toBe(true);
        expect(period.lastDay <= latest).toBe(true);
        const late = informedAt !== null && norwegianDay(informedAt) > received;
        expect(period.extended).toBe(informedAt === null || late);
        if (informedAt === null) expect(period.lastDay).toBe(latest);
        if (late) {
          const byInformation = withdrawalLastDay(norwegianDay(informedAt));
          expect(period.lastDay).toBe(byInformation < latest ? byInformation : latest);
        }
      }),
    );
  });
});

/** `day` moved by `n` calendar days. */
function fcDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
