import { describe, expect, it } from 'vitest';
import {
  formatWeek,
  isOpenAt,
  parseOpeningHours,
  todayLabel,
  type WeekHours,
} from './opening-hours.ts';

const h = (open: string, close: string) => ({
  open: Number(open.slice(0, 2)) * 60 + Number(open.slice(2)),
  close: Number(close.slice(0, 2)) * 60 + Number(close.slice(2)),
});

const CITY = 'Man-Fre 1000-2000, Lør 1000-1800, Søn stengt';

describe('parseOpeningHours', () => {
  it.each([
    [
      CITY,
      [
        h('1000', '2000'),
        h('1000', '2000'),
        h('1000', '2000'),
        h('1000', '2000'),
        h('1000', '2000'),
        h('1000', '1800'),
        null,
      ],
    ],
    [
      'Man-Ons 1000-1800, Tor-Fre 1000-2000, Lør 1000-1600, Søn stengt',
      [
        h('1000', '1800'),
        h('1000', '1800'),
        h('1000', '1800'),
        h('1000', '2000'),
        h('1000', '2000'),
        h('1000', '1600'),
        null,
      ],
    ],
    [
      'Man-Lør 0900-1800, Søn 1000-1600',
      [...Array<ReturnType<typeof h>>(6).fill(h('0900', '1800')), h('1000', '1600')],
    ],
    [
      'man-fre 0800-1600 ,  LØR   STENGT',
      [...Array<ReturnType<typeof h>>(5).fill(h('0800', '1600')), null, null],
    ],
    [
      'Lør-Man 1200-1500',
      [h('1200', '1500'), null, null, null, null, h('1200', '1500'), h('1200', '1500')],
    ],
    [
      'Man-Søn 1000-2000, Søn stengt',
      [...Array<ReturnType<typeof h>>(6).fill(h('1000', '2000')), null],
    ],
    ['Tor 0000-2359', [null, null, null, h('0000', '2359'), null, null, null]],
  ])('%j', (text, expected) => {
    expect(parseOpeningHours(text)).toEqual(expected);
  });

  it.each([
    '',
    'Man-Fre',
    'Man-Fre 10-20',
    'Mon-Fri 1000-2000',
    'Man-Fre 2000-1000',
    'Man-Fre 1000-1000',
    'Man-Fre 2400-2500',
    'Man-Fre 1060-2000',
    'Man-Fre 1000-2000,',
    'Man-Fre 1000-2000; Lør stengt',
    'Man-Fre åpent',
  ])('%j is malformed', (text) => {
    expect(parseOpeningHours(text)).toBeNull();
  });
});

describe('isOpenAt (Europe/Oslo)', () => {
  const week = parseOpeningHours(CITY) as WeekHours;
  it.each([
    // Winter (CET, UTC+1)
    ['2026-11-23T08:59:00Z', false], // Mon 09:59
    ['2026-11-23T09:00:00Z', true], // Mon 10:00
    ['2026-11-23T18:59:00Z', true], // Mon 19:59
    ['2026-11-23T19:00:00Z', false], // Mon 20:00, closing is exclusive
    ['2026-11-28T16:30:00Z', true], // Sat 17:30
    ['2026-11-28T17:00:00Z', false], // Sat 18:00
    ['2026-11-29T12:00:00Z', false], // Sun
    // Summer (CEST, UTC+2): the same wall-clock times are one hour earlier in UTC
    ['2026-07-06T07:59:00Z', false], // Mon 09:59
    ['2026-07-06T08:00:00Z', true], // Mon 10:00
    ['2026-07-06T17:59:00Z', true], // Mon 19:59
    ['2026-07-06T18:00:00Z', false], // Mon 20:00
    // Day of the autumn change, Sunday 25 Oct 2026: closed all day
    ['2026-10-25T10:00:00Z', false],
    // Monday after the spring change (29 Mar 2026 -> CEST)
    ['2026-03-30T08:00:00Z', true], // Mon 10:00 CEST
    ['2026-03-30T07:59:00Z', false],
    // Friday 23:30 UTC is Saturday 00:30 in Oslo: closed
    ['2026-11-27T23:30:00Z', false],
    ['invalid', false],
  ])('%s -> %s', (when, expected) => {
    expect(isOpenAt(week, when)).toBe(expected);
  });
});

describe('todayLabel', () => {
  const week = parseOpeningHours(CITY);
  it.each([
    ['2026-11-23T12:00:00Z', 'Åpent i dag 10:00\u201320:00'],
    ['2026-11-28T12:00:00Z', 'Åpent i dag 10:00\u201318:00'],
    ['2026-11-29T12:00:00Z', 'Stengt i dag'],
    // Sunday 23:30 UTC is already Monday in Oslo
    ['2026-11-29T23:30:00Z', 'Åpent i dag 10:00\u201320:00'],
  ])('%s -> %j', (when, expected) => {
    expect(todayLabel(week, when)).toBe(expected);
  });

  it('gives an empty label for malformed hours or dates', () => {
    expect(todayLabel(parseOpeningHours('bad'), '2026-11-23T12:00:00Z')).toBe('');
    expect(todayLabel(week, 'bad')).toBe('');
  });
});

describe('formatWeek', () => {
  it('lists seven rows Monday first and marks today', () => {
    const week = parseOpeningHours(CITY) as WeekHours;
    expect(formatWeek(week, '2026-11-28T12:00:00Z')).toEqual([
      { day: 'mandag', hours: '10:00\u201320:00', today: false },
      { day: 'tirsdag', hours: '10:00\u201320:00', today: false },
      { day: 'onsdag', hours: '10:00\u201320:00', today: false },
      { day: 'torsdag', hours: '10:00\u201320:00', today: false },
      { day: 'fredag', hours: '10:00\u201320:00', today: false },
      { day: 'lørdag', hours: '10:00\u201318:00', today: true },
      { day: 'søndag', hours: 'Stengt', today: false },
    ]);
    expect(formatWeek(week).some((row) => row.today)).toBe(false);
  });
});
