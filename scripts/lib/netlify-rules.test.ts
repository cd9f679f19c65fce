import { describe, expect, it } from 'vitest';
import { redirectsFile } from '../../src/lib/routes/host-files.ts';
import {
  cloudflareRuleLimits,
  countRules,
  fillTarget,
  headersFor,
  matchPattern,
  parseHeaders,
  parseRedirects,
} from './netlify-rules.ts';

describe('parseRedirects', () => {
  it('reads rules with default status 301, comments and rewrites', () => {
    expect(
      parseRedirects(
        '# comment\n/payment /kundeservice\n/privacy  /personvernerklaering 301\n/search/* /search/ 200\n',
      ),
    ).toEqual([
      { from: '/payment', to: '/kundeservice', status: 301 },
      { from: '/privacy', to: '/personvernerklaering', status: 301 },
      { from: '/search/*', to: '/search/', status: 200 },
    ]);
  });

  it('names the line of a malformed rule', () => {
    expect(() => parseRedirects('/ok /fine\nnot-a-path /x')).toThrow(/line 2/);
    expect(() => parseRedirects('/a /b 999')).toThrow(/line 1/);
  });
});

describe('matchPattern and fillTarget', () => {
  it('captures placeholders and splats', () => {
    expect(matchPattern('/article/:id', '/article/42')).toEqual({ id: '42' });
    expect(matchPattern('/article/:id', '/article/42/')).toEqual({ id: '42' });
    expect(matchPattern('/article/:id', '/article')).toBeNull();
    expect(matchPattern('/article/:id', '/article/42/x')).toBeNull();
    expect(matchPattern('/search/*', '/search/vinter%20jakke')).toEqual({
      splat: 'vinter%20jakke',
    });
    expect(matchPattern('/*', '/anything/deep')).toEqual({ splat: 'anything/deep' });
    expect(fillTarget('/product/:id', { id: '42' })).toBe('/product/42');
  });
});

describe('parseHeaders and headersFor', () => {
  const rules = parseHeaders(
    '/*\n  X-Frame-Options: DENY\n  Referrer-Policy: no-referrer\n/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n',
  );

  it('adds headers of every matching block', () => {
    expect(headersFor(rules, '/_astro/a.js')).toEqual([
      ['X-Frame-Options', 'DENY'],
      ['Referrer-Policy', 'no-referrer'],
      ['Cache-Control', 'public, max-age=31536000, immutable'],
    ]);
    expect(headersFor(rules, '/om-oss')).toHaveLength(2);
  });

  it('rejects a header line outside a block', () => {
    expect(() => parseHeaders('  X: y')).toThrow(/line 1/);
  });
});

describe('countRules', () => {
  it('counts placeholder and splat rules as dynamic, as Cloudflare Pages does', () => {
    const rules = parseRedirects('/a /b 301\n/c/:id /d/:id 301\n/e/* /f 200\n');
    expect(countRules(rules)).toEqual({ static: 1, dynamic: 2 });
  });

  it('keeps the brands’ _redirects within Cloudflare’s limits at any catalogue size', () => {
    // The file names no article: /product/{id} is a pre-rendered redirect page.
    for (const polls of [false, true]) {
      const counts = countRules(parseRedirects(redirectsFile({ polls })));
      expect(counts.static).toBeLessThanOrEqual(cloudflareRuleLimits.static);
      expect(counts.dynamic).toBeLessThanOrEqual(cloudflareRuleLimits.dynamic);
      expect(counts.static + counts.dynamic).toBeLessThan(60);
    }
  });
});
