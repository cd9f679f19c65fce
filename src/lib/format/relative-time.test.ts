import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const NOW = Date.UTC(2026, 10, 21, 12);
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('formatRelativeTime', () => {
  it.each([
    [3 * D, 'om 3 dager'],
    [-2 * H, 'for 2 timer siden'],
    [-1 * H, 'for 1 time siden'],
    [2 * H + 59 * MIN, 'om 2 timer'],
    [45 * MIN, 'om 45 minutter'],
    [-1 * MIN, 'for 1 minutt siden'],
    [-5 * S, 'for 5 sekunder siden'],
    [1 * D, 'om 1 dag'],
    [-1 * D, 'for 1 dag siden'],
    [14 * D, 'om 2 uker'],
    [-7 * D, 'for 1 uke siden'],
    [-90 * D, 'for 3 måneder siden'],
    [400 * D, 'om 1 år'],
    [-800 * D, 'for 2 år siden'],
    [0, 'om 0 sekunder'],
    [-200, 'om 0 sekunder'],
  ])('%i ms -> %j', (offset, expected) => {
    expect(formatRelativeTime(NOW + offset, NOW)).toBe(expected);
  });

  it('uses the frames of docs/spec.md §9: "om %s" ahead, "for %s siden" behind', () => {
    expect(formatRelativeTime(NOW + 5 * H, NOW)).toMatch(/^om \d+ \S+$/u);
    expect(formatRelativeTime(NOW - 5 * H, NOW)).toMatch(/^for \d+ \S+ siden$/u);
  });

  it('accepts ISO strings and gives "" for invalid dates', () => {
    expect(formatRelativeTime('2026-11-21T10:00:00Z', '2026-11-21T12:00:00Z')).toBe(
      'for 2 timer siden',
    );
    expect(formatRelativeTime('nope', NOW)).toBe('');
  });
});
