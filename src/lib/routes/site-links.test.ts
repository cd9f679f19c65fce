import { describe, expect, it } from 'vitest';
import { getBrand } from '../../brands/index.ts';
import { linkChecker, sitePaths } from './site-links.ts';

const toppfart = getBrand('toppfart');
const smatroll = getBrand('smatroll');
const listings = ['/herre', '/klaer', '/klaer/jakker'];

describe('sitePaths', () => {
  it('holds home, service pages and the listings', () => {
    const paths = sitePaths(toppfart, listings);
    for (const path of ['/', '/kundeservice', '/om-oss', '/herre', '/klaer', '/klaer/jakker']) {
      expect(paths.has(path), path).toBe(true);
    }
  });

  it('leaves out pages the brand lacks', () => {
    expect(sitePaths(toppfart, listings).has('/ukjent')).toBe(false);
    expect(sitePaths(toppfart, listings).has('/hvordan-kle-barna')).toBe(false);
    expect(sitePaths(smatroll, listings).has('/hvordan-kle-barna')).toBe(true);
    expect(sitePaths(toppfart, listings).has('/privacy')).toBe(true);
    expect(sitePaths(smatroll, listings).has('/vedlikehold')).toBe(smatroll.pages.maintenance);
  });
});

describe('linkChecker', () => {
  const ok = linkChecker(new Set(['/', '/om-oss', '/klaer/jakker']));

  it.each(['/', '/om-oss', '/om-oss/', '/om-oss?x=1#a', '/utvalg/1+2+3', '/search/ull'])(
    'accepts %s',
    (href) => {
      expect(ok(href)).toBe(true);
    },
  );

  it.each([
    '/vedlikehold',
    'https://example.com/om-oss',
    '//evil.example/om-oss',
    '/utvalg/x',
    'om-oss',
    '/search/',
  ])('refuses %s', (href) => {
    expect(ok(href)).toBe(false);
  });
});
