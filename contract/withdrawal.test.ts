import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  estimatedReceivedDay,
  formatNorwegianDay,
  isWorkingDay,
  norwegianDay,
  norwegianHolidays,
  WITHDRAWAL_DAYS,
  withdrawalExpiredMessage,
  withdrawalLastDay,
  withinWithdrawalPeriod,
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

describe('addWorkingDays', () => {
  it('skips weekends and holidays', () => {
    // Friday + 1 is Monday; Tuesday 22 December 2026 + 4 passes Christmas (25th is a Friday).
    expect(addWorkingDays('2026-11-13', 1)).toBe('2026-11-16');
    expect(addWorkingDays('2026-12-22', 4)).toBe('2026-12-29');
    expect(addWorkingDays('2026-04-01', 1)).toBe('2026-04-07');
    expect(addWorkingDays('2026-11-14', 0)).toBe('2026-11-14');
  });
});

describe('estimatedReceivedDay', () => {
  it('adds the shipping method’s latest delivery in working days to the paid day', () => {
    // Paid Thursday 5 November 2026 at 23:30 Norwegian time: home delivery within 4 days.
    expect(estimatedReceivedDay(new Date('2026-11-05T22:30:00Z'), 4)).toBe('2026-11-11');
    // Paid a minute later it is Friday in Norway.
    expect(estimatedReceivedDay(new Date('2026-11-05T23:31:00Z'), 4)).toBe('2026-11-12');
    expect(estimatedReceivedDay(new Date('2026-11-05T10:00:00Z'), 0)).toBe('2026-11-05');
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
