import { describe, expect, it } from 'vitest';
import { readXsrfToken, type TokenSource } from './xsrf.ts';

describe('readXsrfToken', () => {
  const doc = (cookie: string, meta: string | null = null): TokenSource => ({
    cookie,
    querySelector: (selector) =>
      selector === 'meta[name="csrf-token"]' && meta !== null
        ? { getAttribute: (name) => (name === 'content' ? meta : null) }
        : null,
  });

  it.each([
    ['XSRF-TOKEN=abc%2Bdef%3D', null, 'abc+def='],
    ['a=1; XSRF-TOKEN=x%3D%3D; b=2', null, 'x=='],
    ['XSRF-TOKEN=a=b', null, 'a=b'],
    ['XSRF-TOKEN=%E0%A4%A', null, '%E0%A4%A'],
    ['other=1', 'meta-token', 'meta-token'],
    ['XSRF-TOKEN=cookie', 'meta-token', 'cookie'],
    ['', '', null],
    ['', null, null],
  ])('cookie %j, meta %j -> %j', (cookie, meta, expected) => {
    expect(readXsrfToken(doc(cookie, meta))).toBe(expected);
  });

  it('gives null without a document', () => {
    expect(readXsrfToken(undefined)).toBeNull();
  });
});
