import { describe, expect, it } from 'vitest';
import { campaignDates } from './campaign-dates.ts';

const at = (iso: string) => new Date(iso);

// 20 December 00:00 to 28 December 00:00 in Oslo (winter time, UTC+1).
const christmas = { start: '2026-12-20T00:00:00+01:00', end: '2026-12-28T00:00:00+01:00' };

describe('campaignDates', () => {
  const early = at('2026-12-06T12:00:00+01:00');

  it('says when a coming campaign starts and until when a running one runs', () => {
    expect(campaignDates(christmas, early)).toBe('Fra 20. desember');
    expect(campaignDates(christmas, at(christmas.start))).toBe('Gjelder til 27. desember');
  });

  it('says nothing of an ended campaign, nor of a running one without a readable end', () => {
    expect(campaignDates(christmas, at(christmas.end))).toBeNull();
    expect(campaignDates({ start: christmas.start, end: '' }, at(christmas.start))).toBeNull();
  });

  it('names the last day for an end at midnight and the time for any other', () => {
    const now = at(christmas.start);
    const at18 = { start: christmas.start, end: '2026-12-27T18:00:00+01:00' };
    expect(campaignDates(at18, now)).toBe('Gjelder til 27. desember kl. 18:00');
    const morning = { start: '2026-12-20T06:00:00+01:00', end: christmas.end };
    expect(campaignDates(morning, early)).toBe('Fra 20. desember kl. 06:00');
  });

  it('rounds so as never to promise more: a start up, an end down, to the minute', () => {
    const now = at(christmas.start);
    const start = { start: '2026-12-20T06:00:30+01:00', end: christmas.end };
    expect(campaignDates(start, early)).toBe('Fra 20. desember kl. 06:01');
    const lateStart = { start: '2026-12-19T23:59:30+01:00', end: christmas.end };
    expect(campaignDates(lateStart, early)).toBe('Fra 20. desember');
    const end = { start: christmas.start, end: '2026-12-27T18:00:59+01:00' };
    expect(campaignDates(end, now)).toBe('Gjelder til 27. desember kl. 18:00');
    const pastMidnight = { start: christmas.start, end: '2026-12-28T00:00:59+01:00' };
    expect(campaignDates(pastMidnight, now)).toBe('Gjelder til 27. desember');
  });

  it("gives the year of a date in another year than the moment's", () => {
    const newYear = { start: christmas.start, end: '2027-01-05T00:00:00+01:00' };
    expect(campaignDates(newYear, at(christmas.start))).toBe('Gjelder til 4. januar 2027');
    const yearEnd = { start: christmas.start, end: '2027-01-01T00:00:00+01:00' };
    expect(campaignDates(yearEnd, at(christmas.start))).toBe('Gjelder til 31. desember');
    const january = { start: '2027-01-02T00:00:00+01:00', end: '2027-01-10T00:00:00+01:00' };
    expect(campaignDates(january, early)).toBe('Fra 2. januar 2027');
  });

  it('reads the days in Oslo across the change to summer time', () => {
    // Oslo midnight on 29 March is 23:00Z the day before; on 30 March, 22:00Z.
    const spring = { start: '2026-03-28T23:00:00Z', end: '2026-03-29T22:00:00Z' };
    expect(campaignDates(spring, at('2026-03-20T12:00:00Z'))).toBe('Fra 29. mars');
    expect(campaignDates(spring, at(spring.start))).toBe('Gjelder til 29. mars');
    const afterChange = { start: '2026-03-29T01:00:00Z', end: '2026-03-29T20:00:00Z' };
    expect(campaignDates(afterChange, at('2026-03-20T12:00:00Z'))).toBe('Fra 29. mars kl. 03:00');
    expect(campaignDates(afterChange, at(afterChange.start))).toBe(
      'Gjelder til 29. mars kl. 22:00',
    );
  });

  it('reads the days in Oslo across the change from summer time', () => {
    // Oslo midnight on 25 October is 22:00Z the day before; on 26 October, 23:00Z.
    const autumn = { start: '2026-10-24T22:00:00Z', end: '2026-10-25T23:00:00Z' };
    expect(campaignDates(autumn, at('2026-10-20T12:00:00Z'))).toBe('Fra 25. oktober');
    expect(campaignDates(autumn, at(autumn.start))).toBe('Gjelder til 25. oktober');
    // 02:30 twice: first in summer time (00:30Z), then in winter time (01:30Z).
    const first = { start: '2026-10-25T00:30:00Z', end: autumn.end };
    const second = { start: '2026-10-25T01:30:00Z', end: autumn.end };
    expect(campaignDates(first, at('2026-10-20T12:00:00Z'))).toBe('Fra 25. oktober kl. 02:30');
    expect(campaignDates(second, at('2026-10-20T12:00:00Z'))).toBe('Fra 25. oktober kl. 02:30');
  });
});
