import { describe, expect, it } from 'vitest';
import { cookiePairs, readCookie } from './cookies.ts';

describe('readCookie', () => {
  it.each([
    ['cookiesAccepted=true.atp.1', 'cookiesAccepted', 'true.atp.1'],
    ['a=1; cookiesAccepted=x; b=2', 'cookiesAccepted', 'x'],
    ['a=1;cookiesAccepted=x%3D%3D', 'cookiesAccepted', 'x=='],
    ['cookiesAccepted=a=b', 'cookiesAccepted', 'a=b'],
    ['cookiesAccepted=%E0%A4%A', 'cookiesAccepted', '%E0%A4%A'],
    ['cookiesAccepted=', 'cookiesAccepted', ''],
    ['xcookiesAccepted=1', 'cookiesAccepted', null],
    ['cookiesAccepted', 'cookiesAccepted', null],
    ['', 'cookiesAccepted', null],
  ])('%j, %s -> %j', (cookies, name, expected) => {
    expect(readCookie(cookies, name)).toBe(expected);
  });
});

describe('cookiePairs', () => {
  it('reads each name=value pair in order, values as written, and skips what has no name', () => {
    expect(cookiePairs(' a=1; XSRF-TOKEN=x%3D=; =nameless; flag; b= ')).toEqual([
      ['a', '1'],
      ['XSRF-TOKEN', 'x%3D='],
      ['b', ''],
    ]);
  });
});
