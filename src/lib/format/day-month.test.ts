import { describe, expect, it } from 'vitest';
import { formatDayMonth } from './day-month.ts';

describe('formatDayMonth', () => {
  const now = '2026-12-06T12:00:00+01:00';
  it.each([
    ['2026-12-27T12:00:00Z', '27. desember'],
    // 23:30 UTC on 31 Dec is already New Year in Oslo, another year than the moment's.
    ['2026-12-31T22:59:00Z', '31. desember'],
    ['2026-12-31T23:30:00Z', '1. januar 2027'],
    ['2025-12-31T12:00:00Z', '31. desember 2025'],
    ['not a date', ''],
  ])('%s -> %j', (input, expected) => {
    expect(formatDayMonth(input, now)).toBe(expected);
  });

  it("reads the moment's year in Oslo too", () => {
    expect(formatDayMonth('2027-01-05T12:00:00Z', '2026-12-31T23:30:00Z')).toBe('5. januar');
  });
});
