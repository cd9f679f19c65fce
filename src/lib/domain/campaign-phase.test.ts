import { describe, expect, it } from 'vitest';
import { campaignPhase, hasStarted } from './campaign-phase.ts';

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

describe('hasStarted', () => {
  it('is true from the start instant on, and for an unreadable start', () => {
    expect(hasStarted(christmas.start, before(christmas.start))).toBe(false);
    expect(hasStarted(christmas.start, at(christmas.start))).toBe(true);
    expect(hasStarted('', at(christmas.start))).toBe(true);
  });
});
