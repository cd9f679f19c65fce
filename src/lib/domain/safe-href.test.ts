import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-href.ts';

describe('safeHref', () => {
  it.each([
    ['/kundeservice', { href: '/kundeservice', external: false }],
    [' /utvalg/1+2 ', { href: '/utvalg/1+2', external: false }],
    ['https://example.no/a?b=1', { href: 'https://example.no/a?b=1', external: true }],
    ['HTTP://example.no', { href: 'HTTP://example.no', external: true }],
    [
      'mailto:kundeservice@toppfart.no',
      { href: 'mailto:kundeservice@toppfart.no', external: true },
    ],
    ['tel:+4722000000', { href: 'tel:+4722000000', external: true }],
  ])('lets %j through', (raw, expected) => {
    expect(safeHref(raw)).toEqual(expected);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    ' java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'kundeservice',
    '../kundeservice',
    '#toppen',
    'https://',
    '',
    null,
    undefined,
  ])('drops %j', (raw) => {
    expect(safeHref(raw)).toBeNull();
  });

  it('never passes a protocol-relative link or another scheme, whatever the input', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const link = safeHref(raw);
        if (link === null) return;
        expect(link.href.startsWith('//')).toBe(false);
        expect(link.external).toBe(!link.href.startsWith('/'));
        if (link.external) expect(link.href).toMatch(/^(?:https?|mailto|tel):/iu);
      }),
    );
  });
});
