import { describe, expect, it } from 'vitest';
import {
  formatDayHours,
  formatWeek,
  isOpenAt,
  openNowLabel,
  parseOpeningHours,
  todayLabel,
  type DayHours,
  type WeekHours,
} from './opening-hours.ts';

const clock = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2));
/** One day's single range, as the parser gives it (a closing before the opening is + 24 h). */
const h = (open: string, close: string): DayHours[] => {
  const o = clock(open);
  const c = clock(close);
  return [{ open: o, close: c <= o ? c + 1440 : c }];
};
const closed: DayHours[] = [];

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
        closed,
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
        closed,
      ],
    ],
    [
      'Man-Lør 0900-1800, Søn 1000-1600',
      [...Array<DayHours[]>(6).fill(h('0900', '1800')), h('1000', '1600')],
    ],
    [
      'man-fre 0800-1600 ,  LØR   STENGT',
      [...Array<DayHours[]>(5).fill(h('0800', '1600')), closed, closed],
    ],
    [
      'Lør-Man 1200-1500',
      [h('1200', '1500'), closed, closed, closed, closed, h('1200', '1500'), h('1200', '1500')],
    ],
    ['Man-Søn 1000-2000, Søn stengt', [...Array<DayHours[]>(6).fill(h('1000', '2000')), closed]],
    ['Tor 0000-2359', [closed, closed, closed, h('0000', '2359'), closed, closed, closed]],
    // Several ranges a day, in one entry
    [
      'Man-Fre 1000-1400 1600-2000, Lør  0900-1200   1300-1500, Søn stengt',
      [
        ...Array<DayHours[]>(5).fill([
          { open: clock('1000'), close: clock('1400') },
          { open: clock('1600'), close: clock('2000') },
        ]),
        [
          { open: clock('0900'), close: clock('1200') },
          { open: clock('1300'), close: clock('1500') },
        ],
        closed,
      ],
    ],
    // Over midnight: the night belongs to the day it starts on
    [
      'Man-Tor 1000-1800, Fre-Lør 1000-1500 1800-0200, Søn stengt',
      [
        ...Array<DayHours[]>(4).fill(h('1000', '1800')),
        ...Array<DayHours[]>(2).fill([
          { open: clock('1000'), close: clock('1500') },
          { open: clock('1800'), close: 1440 + clock('0200') },
        ]),
        closed,
      ],
    ],
    // 2400 and 0000 both close at midnight; a night may last up to 23:59
    [
      'Man 1800-2400, Tir 1800-0000',
      [h('1800', '0000'), h('1800', '0000'), ...Array<DayHours[]>(5).fill(closed)],
    ],
    ['Søn 0100-0000', [...Array<DayHours[]>(6).fill(closed), [{ open: 60, close: 1440 }]]],
    ['Ons 2300-2259', [closed, closed, h('2300', '2259'), closed, closed, closed, closed]],
    // A later entry replaces an earlier one for the same day, even one with two ranges
    [
      'Man-Fre 1000-1400 1600-2000, Fre 1000-2200',
      [
        ...Array<DayHours[]>(4).fill([
          { open: clock('1000'), close: clock('1400') },
          { open: clock('1600'), close: clock('2000') },
        ]),
        h('1000', '2200'),
        closed,
        closed,
      ],
    ],
  ])('%j', (text, expected) => {
    expect(parseOpeningHours(text)).toEqual(expected);
  });

  it.each([
    '',
    'Man-Fre',
    'Man-Fre 10-20',
    'Mon-Fri 1000-2000',
    'Man-Fre 1000-1000',
    'Man-Fre 2400-2500',
    'Man-Fre 2400-0200',
    'Man-Fre 1000-2401',
    'Man-Fre 1000-1400 1300-2000',
    'Man-Fre 1600-2000 1000-1400',
    'Man-Fre 1800-0200 0300-0500',
    'Man-Fre 1000-1400,1600-2000',
    'Man-Fre 1000-14001600-2000',
    'Man-Fre 1000-1400 stengt',
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

describe('several ranges and nights over midnight (Europe/Oslo)', () => {
  // Friday and Saturday nights until 02:00; a lunch break on weekdays; Sunday closed.
  const week = parseOpeningHours(
    'Man-Tor 1000-1400 1500-1800, Fre-Lør 1000-1500 1800-0200, Søn stengt',
  ) as WeekHours;
  it.each([
    // Winter: Oslo is UTC+1. Friday 27 Nov 2026.
    ['2026-11-23T12:59:00Z', true, 'Åpent nå, stenger kl. 14:00'], // Mon 13:59
    ['2026-11-23T13:00:00Z', false, 'Stengt nå, åpner kl. 15:00'], // Mon 14:00, the break
    ['2026-11-23T14:00:00Z', true, 'Åpent nå, stenger kl. 18:00'], // Mon 15:00
    ['2026-11-23T17:00:00Z', false, 'Stengt nå, åpner i morgen kl. 10:00'], // Mon 18:00
    ['2026-11-27T16:59:00Z', false, 'Stengt nå, åpner kl. 18:00'], // Fri 17:59
    ['2026-11-27T17:00:00Z', true, 'Åpent nå, stenger kl. 02:00'], // Fri 18:00
    ['2026-11-27T22:59:00Z', true, 'Åpent nå, stenger kl. 02:00'], // Fri 23:59
    ['2026-11-27T23:00:00Z', true, 'Åpent nå, stenger kl. 02:00'], // Sat 00:00, Friday's night
    ['2026-11-28T00:59:00Z', true, 'Åpent nå, stenger kl. 02:00'], // Sat 01:59
    ['2026-11-28T01:00:00Z', false, 'Stengt nå, åpner kl. 10:00'], // Sat 02:00, closing exclusive
    ['2026-11-28T23:30:00Z', true, 'Åpent nå, stenger kl. 02:00'], // Sun 00:30, Saturday's night
    ['2026-11-29T01:00:00Z', false, 'Stengt nå, åpner i morgen kl. 10:00'], // Sun 02:00
    ['2026-11-29T12:00:00Z', false, 'Stengt nå, åpner i morgen kl. 10:00'], // Sun 13:00
    // Monday 00:30 follows a closed Sunday: no spill-over
    ['2026-11-29T23:30:00Z', false, 'Stengt nå, åpner kl. 10:00'],
    // Summer (UTC+2): Saturday 01:30 is still Friday's night
    ['2026-07-10T23:30:00Z', true, 'Åpent nå, stenger kl. 02:00'],
  ])('%s -> %s (%s)', (when, open, label) => {
    expect(isOpenAt(week, when)).toBe(open);
    expect(openNowLabel(week, when)).toBe(label);
  });

  it('closes at midnight with 2400, and a night spills over the end of the week', () => {
    const late = parseOpeningHours('Man-Lør 1000-2400, Søn 2200-0100') as WeekHours;
    expect(isOpenAt(late, '2026-11-23T22:59:00Z')).toBe(true); // Mon 23:59
    expect(openNowLabel(late, '2026-11-23T22:59:00Z')).toBe('Åpent nå, stenger kl. 24:00');
    expect(isOpenAt(late, '2026-11-23T23:00:00Z')).toBe(false); // Tue 00:00
    expect(isOpenAt(late, '2026-11-29T23:30:00Z')).toBe(true); // Mon 00:30, Sunday's night
    expect(isOpenAt(late, '2026-11-30T00:00:00Z')).toBe(false); // Mon 01:00
  });

  it('names the weekday of the next opening beyond tomorrow, and says when it never opens', () => {
    const weekend = parseOpeningHours('Lør-Søn 1100-1600') as WeekHours;
    expect(openNowLabel(weekend, '2026-11-24T12:00:00Z')).toBe('Stengt nå, åpner lørdag kl. 11:00');
    const never = parseOpeningHours('Man-Søn stengt') as WeekHours;
    expect(openNowLabel(never, '2026-11-24T12:00:00Z')).toBe('Stengt nå');
    expect(openNowLabel(never, 'invalid')).toBe('');
  });

  it('shows every range of the day, the night with its morning closing time', () => {
    expect(formatDayHours(week[0])).toBe('10:00\u201314:00, 15:00\u201318:00');
    expect(formatDayHours(week[4])).toBe('10:00\u201315:00, 18:00\u201302:00');
    expect(formatDayHours(week[6])).toBe('Stengt');
    expect(todayLabel(week, '2026-11-27T12:00:00Z')).toBe(
      'Åpent i dag 10:00\u201315:00, 18:00\u201302:00',
    );
  });
});

describe('formatWeek', () => {
  it('lists seven rows Monday first with Norwegian weekday names', () => {
    const week = parseOpeningHours(CITY) as WeekHours;
    expect(formatWeek(week)).toEqual([
      { day: 'mandag', hours: '10:00\u201320:00' },
      { day: 'tirsdag', hours: '10:00\u201320:00' },
      { day: 'onsdag', hours: '10:00\u201320:00' },
      { day: 'torsdag', hours: '10:00\u201320:00' },
      { day: 'fredag', hours: '10:00\u201320:00' },
      { day: 'lørdag', hours: '10:00\u201318:00' },
      { day: 'søndag', hours: 'Stengt' },
    ]);
  });
});
