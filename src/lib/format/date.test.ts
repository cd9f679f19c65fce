import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatTime,
  isoWeekStart,
  osloClock,
  WEEKDAYS,
  WEEKDAYS_SHORT,
} from './date.ts';

describe('weekday names', () => {
  it('start on Monday', () => {
    expect(WEEKDAYS).toEqual([
      'mandag',
      'tirsdag',
      'onsdag',
      'torsdag',
      'fredag',
      'lørdag',
      'søndag',
    ]);
    expect(WEEKDAYS_SHORT).toEqual(['man', 'tir', 'ons', 'tor', 'fre', 'lør', 'søn']);
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-11-21T12:00:00Z', '21. november 2026'],
    ['2026-01-01T00:30:00+01:00', '1. januar 2026'],
    // 23:30 UTC on 31 Dec is already New Year in Oslo.
    ['2025-12-31T23:30:00Z', '1. januar 2026'],
    ['2026-07-04T21:59:00Z', '4. juli 2026'],
    ['2026-07-04T22:00:00Z', '5. juli 2026'],
    ['not a date', ''],
  ])('%s -> %j', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it('accepts Date and epoch milliseconds', () => {
    const ms = Date.UTC(2026, 10, 21, 12);
    expect(formatDate(ms)).toBe('21. november 2026');
    expect(formatDate(new Date(ms))).toBe('21. november 2026');
  });
});

describe('formatTime', () => {
  it.each([
    ['2026-11-21T13:05:00Z', '14:05'], // CET, UTC+1
    ['2026-07-21T12:05:00Z', '14:05'], // CEST, UTC+2
    ['2026-11-21T23:00:00Z', '00:00'],
    ['2026-03-29T00:59:00Z', '01:59'], // last minute before the spring change
    ['2026-03-29T01:00:00Z', '03:00'], // first minute after it
    ['garbage', ''],
  ])('%s -> %j', (input, expected) => {
    expect(formatTime(input)).toBe(expected);
  });
});

describe('osloClock', () => {
  it('reads weekday Monday first and minutes in Oslo time', () => {
    expect(osloClock('2026-11-23T08:15:00Z')).toEqual({
      year: 2026,
      month: 11,
      day: 23,
      weekday: 0,
      minutes: 9 * 60 + 15,
    });
    // Sunday 23:30 UTC is Monday 00:30 in Oslo.
    expect(osloClock('2026-11-22T23:30:00Z')?.weekday).toBe(0);
    expect(osloClock('2026-11-22T22:30:00Z')?.weekday).toBe(6);
    expect(osloClock('x')).toBeNull();
  });
});

describe('isoWeekStart', () => {
  it.each([
    ['2026-11-16T12:00:00Z', '2026-11-16'], // Monday
    ['2026-11-21T12:00:00Z', '2026-11-16'], // Saturday
    ['2026-11-22T22:59:00Z', '2026-11-16'], // Sunday 23:59 in Oslo
    ['2026-11-22T23:00:00Z', '2026-11-23'], // Monday 00:00 in Oslo
    ['2026-01-01T12:00:00Z', '2025-12-29'], // across a year
    ['2024-03-03T12:00:00Z', '2024-02-26'], // across a leap February
    ['bad', null],
  ])('%s -> %s', (input, expected) => {
    expect(isoWeekStart(input)).toBe(expected);
  });
});
