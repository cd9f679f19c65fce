import { describe, expect, it } from 'vitest';
import { campaignDates, campaignPhase } from './campaign-phase.ts';

const at = (iso: string) => new Date(iso);
const before = (iso: string) => new Date(Date.parse(iso) - 1);

// 20 December 00:00 to 28 December 00:00 in Oslo (winter time, UTC+1).
const christmas = { start: '2026-12-20T00:00:00+01:00', end: '2026-12-28T00:00:00+01:00' };

describe('campaignPhase', () => {
  it('is coming before the start, running from it, ended from the end', () => {
    expect(campaignPhase(christmas, at('2026-12-06T12:00:00+01:00'))).toBe('coming');
    expect(campaignPhase(christmas, at('2026-12-24T12:00:00+01:00'))).toBe('running');
    expect(campaignPhase(christmas, at('2027-01-02T12:00:00+01:00'))).toBe('ended');
  });

  it('runs from the start instant and has ended at the end instant', () => {
    expect(campaignPhase(christmas, before(christmas.start))).toBe('coming');
    expect(campaignPhase(christmas, at(christmas.start))).toBe('running');
    expect(campaignPhase(christmas, before(christmas.end))).toBe('running');
    expect(campaignPhase(christmas, at(christmas.end))).toBe('ended');
  });

  it('reads instants written in any zone alike', () => {
    const utc = { start: '2026-12-19T23:00:00Z', end: '2026-12-27T23:00:00Z' };
    expect(campaignPhase(utc, before(christmas.start))).toBe('coming');
    expect(campaignPhase(utc, at(christmas.start))).toBe('running');
    expect(campaignPhase(utc, at(christmas.end))).toBe('ended');
  });

  it('counts an unreadable start as begun and an unreadable end as never reached', () => {
    const now = at('2026-12-24T12:00:00+01:00');
    expect(campaignPhase({ start: '', end: christmas.end }, now)).toBe('running');
    expect(campaignPhase({ start: christmas.start, end: 'snart' }, now)).toBe('running');
    expect(campaignPhase({ start: '2027-01-01T00:00:00+01:00', end: '' }, now)).toBe('coming');
    expect(campaignPhase({ start: '', end: '2026-12-01T00:00:00+01:00' }, now)).toBe('ended');
  });

  // Spring: 29 March 2026 02:00 CET became 03:00 CEST (01:00Z); autumn: 25 October 2026
  // 03:00 CEST became 02:00 CET (01:00Z), so 02:30 came twice.
  it('keeps the exact instants across the change to summer time', () => {
    const spring = { start: '2026-03-29T03:00:00+02:00', end: '2026-03-30T00:00:00+02:00' };
    expect(campaignPhase(spring, at('2026-03-29T00:59:59.999Z'))).toBe('coming');
    expect(campaignPhase(spring, at('2026-03-29T01:00:00Z'))).toBe('running');
    expect(campaignPhase(spring, at('2026-03-29T21:59:59.999Z'))).toBe('running');
    expect(campaignPhase(spring, at('2026-03-29T22:00:00Z'))).toBe('ended');
  });

  it('keeps the exact instants across the change from summer time', () => {
    // Starts at the second 02:30, in winter time, an hour after the first.
    const autumn = { start: '2026-10-25T02:30:00+01:00', end: '2026-10-26T00:00:00+01:00' };
    expect(campaignPhase(autumn, at('2026-10-25T02:30:00+02:00'))).toBe('coming');
    expect(campaignPhase(autumn, before('2026-10-25T01:30:00Z'))).toBe('coming');
    expect(campaignPhase(autumn, at('2026-10-25T01:30:00Z'))).toBe('running');
    expect(campaignPhase(autumn, before('2026-10-25T23:00:00Z'))).toBe('running');
    expect(campaignPhase(autumn, at('2026-10-25T23:00:00Z'))).toBe('ended');
  });
});

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
