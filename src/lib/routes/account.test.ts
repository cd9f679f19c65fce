import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeHref } from '../domain/safe-href.ts';
import { isAccountPage, loginPathFor } from './account.ts';

describe('isAccountPage', () => {
  it.each([
    ['/logg-inn', true],
    ['/logg-inn/', true],
    ['/registrer', true],
    ['/glemt-passord', true],
    ['/nytt-passord', true],
    ['/bekreft-epost', true],
    ['/min-side', true],
    ['/min-side/historikk', true],
    ['/', false],
    ['/klaer/jakker', false],
    ['/product/logg-inn-jakke', false],
    ['/min-sidevogn', false],
  ])('%s: %s', (pathname, expected) => {
    expect(isAccountPage(pathname)).toBe(expected);
  });
});

describe('loginPathFor', () => {
  it('carries the page the shopper left, path and query, back through the login page', () => {
    const segment = fc.stringMatching(/^[a-z0-9æøå-]{1,12}$/u);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.string({ maxLength: 20 }),
        (segments, query) => {
          const here = `/${segments.join('/')}${query === '' ? '' : `?q=${encodeURIComponent(query)}`}`;
          const link = new URL(loginPathFor(here), 'https://shop.example');
          expect(link.pathname).toBe('/logg-inn');
          // What the login page reads back passes the same-site gate unchanged.
          expect(safeHref(link.searchParams.get('neste'))).toEqual({ href: here, external: false });
        },
      ),
    );
  });

  it('hands a path that would lead to another site to the gate, which refuses it', () => {
    for (const here of ['//evil.example/klaer', '/\\evil.example']) {
      const next = new URL(loginPathFor(here), 'https://shop.example').searchParams.get('neste');
      expect(next).toBe(here);
      expect(safeHref(next)).toBeNull();
    }
  });
});
