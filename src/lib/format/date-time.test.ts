import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

describe('formatDateTime', () => {
  it.each([
    ['2025-03-19T13:05:00Z', '19. mars 2025 kl. 14:05'], // CET, UTC+1
    ['2026-07-21T12:05:00Z', '21. juli 2026 kl. 14:05'], // CEST, UTC+2
    ['2026-12-31T23:30:00Z', '1. januar 2027 kl. 00:30'], // the Oslo day, not UTC's
    ['2026-03-29T01:00:00Z', '29. mars 2026 kl. 03:00'], // the first minute of summer time
    ['garbage', ''],
  ])('%s -> %j', (input, expected) => {
    expect(formatDateTime(input)).toBe(expected);
  });
});
