import { describe, expect, it } from 'vitest';
import { nextBoundary } from './schedule.ts';

describe('nextBoundary', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('is the earliest start or end after now', () => {
    const campaigns = [
      { start: '2026-11-20T00:00:00Z', end: '2026-11-30T23:00:00Z' },
      { start: '2026-11-25T06:00:00Z', end: '2026-12-01T06:00:00Z' },
    ];
    expect(nextBoundary(campaigns, now)?.toISOString()).toBe('2026-11-25T06:00:00.000Z');
  });

  it('sees the end of a running campaign when nothing starts before it', () => {
    const campaigns = [{ start: '2026-11-01T00:00:00Z', end: '2026-11-24T22:59:59Z' }];
    expect(nextBoundary(campaigns, now)?.toISOString()).toBe('2026-11-24T22:59:59.000Z');
  });

  it('is null when every boundary has passed or a date is not one', () => {
    expect(nextBoundary([{ start: '2026-01-01', end: 'snart' }], now)).toBeNull();
    expect(nextBoundary([], now)).toBeNull();
  });
});
