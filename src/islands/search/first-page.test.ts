import { describe, expect, it } from 'vitest';
import { asksForIslandState } from './first-page.ts';

describe('asksForIslandState', () => {
  it.each([
    ['', false],
    ['?q=jakke', false],
    ['?side=2', true],
    ['?sortering=pris', true],
    ['?q=jakke&farge=3', true],
  ])('%j -> %j', (search, expected) => {
    expect(asksForIslandState(search)).toBe(expected);
  });
});
