import { describe, expect, it } from 'vitest';
import { normaliseSearchQuery, searchQueryOf } from './search-query.ts';

describe('normaliseSearchQuery', () => {
  it.each([
    ['jakke', 'jakke'],
    ['jakke,herre', 'jakke herre'],
    ['  ull ,, sokker  ', 'ull sokker'],
    ['blå\tjakke\n', 'blå jakke'],
    ['bla\u030a', 'blå'],
    ['Fjellsko', 'Fjellsko'],
    ['', null],
    ['   ', null],
    [',,,', null],
  ])('%j -> %j', (raw, expected) => {
    expect(normaliseSearchQuery(raw)).toBe(expected);
  });
});

describe('searchQueryOf', () => {
  it.each([
    ['/search/jakke', '', 'jakke'],
    ['/search/bl%C3%A5%20jakke,herre', '', 'blå jakke herre'],
    ['/search/', '?q=ull+sokker', 'ull sokker'],
    ['/search', '?q=', null],
    ['/search/%E0%20', '', '%E0%20'],
    ['/search/%20%2C', '', null],
  ])('%s%s -> %j', (pathname, search, expected) => {
    expect(searchQueryOf(pathname, search)).toBe(expected);
  });
});
