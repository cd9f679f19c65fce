import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headersFile, redirectsFile } from '../src/lib/routes/host-files.ts';
import {
  cloudflareApplies,
  cloudflareRuleLimits,
  countRules,
  fillTarget,
  headersFor,
  matchPattern,
  parseHeaders,
  parseRedirects,
} from './host-rules.ts';
import { scratchFolder } from './test-support/scratch-folder.ts';

describe('parseRedirects', () => {
  it('reads rules with default status 301, comments and rewrites', () => {
    expect(
      parseRedirects(
        '# comment\n/payment /kundeservice\n/privacy  /personvernerklaering 301\n/search/* /search/ 200\n',
      ),
    ).toEqual([
      { from: '/payment', to: '/kundeservice', status: 301, force: false, conditions: {} },
      { from: '/privacy', to: '/personvernerklaering', status: 301, force: false, conditions: {} },
      { from: '/search/*', to: '/search/', status: 200, force: false, conditions: {} },
    ]);
  });

  it('reads the conditions of Netlify rules, such as the signing of a proxy', () => {
    expect(
      parseRedirects('/api/* https://api.kjede.no/api/:splat 200! Sign=API_PROXY_SECRET'),
    ).toEqual([
      {
        from: '/api/*',
        to: 'https://api.kjede.no/api/:splat',
        status: 200,
        force: true,
        conditions: { Sign: 'API_PROXY_SECRET' },
      },
    ]);
  });

  it('names the line of a malformed rule', () => {
    expect(() => parseRedirects('/ok /fine\nnot-a-path /x')).toThrow(/line 2/);
    expect(() => parseRedirects('/a /b 999')).toThrow(/line 1/);
    expect(() => parseRedirects('/a /b 301 ekstra')).toThrow(/line 1/);
  });
});

describe('cloudflareApplies', () => {
  it('takes redirects and rewrites within the site, and skips what only Netlify reads', () => {
    const [redirect, rewrite, proxy, notFound, signed] = parseRedirects(
      [
        '/a /b 308',
        '/search/* /search 200',
        '/api/* https://api.kjede.no/api/:splat 200',
        '/product/* /product/404.html 404',
        '/images/* /x/:splat 200 Sign=API_PROXY_SECRET',
      ].join('\n'),
    );
    expect(
      [redirect, rewrite, proxy, notFound, signed].map((r) => r && cloudflareApplies(r)),
    ).toEqual([true, true, false, false, false]);
  });
});

describe('matchPattern and fillTarget', () => {
  it('captures placeholders and splats', () => {
    expect(matchPattern('/article/:id', '/article/42')).toEqual({ id: '42' });
    expect(matchPattern('/article/:id', '/article/42/')).toBeNull();
    expect(matchPattern('/privacy', '/privacy/')).toBeNull();
    expect(matchPattern('/search/*', '/search')).toBeNull();
    expect(matchPattern('/search/*', '/search/')).toEqual({ splat: '' });
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

describe('the brands’ host files, read by Netlify’s own parsers', () => {
  const dir = scratchFolder('host-rules');
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const targets = [
    { host: 'cloudflare', apiOrigin: null },
    { host: 'netlify', apiOrigin: null },
    { host: 'netlify', apiOrigin: 'https://api.kjede.no' },
  ] as const;

  it('finds no error in _redirects, and reads every rule as this parser does', async () => {
    for (const target of targets) {
      for (const polls of [false, true]) {
        const text = redirectsFile({ polls, target });
        const theirs = await parseAllRedirects({
          redirectsFiles: [write('_redirects', text)],
          configRedirects: [],
          minimal: true,
        });
        expect(theirs.errors, `${target.host} ${String(polls)}`).toEqual([]);
        expect(theirs.redirects).toEqual(
          parseRedirects(text).map((rule) => ({
            from: rule.from,
            query: {},
            to: rule.to,
            status: rule.status,
            force: rule.force,
            conditions: {},
            ...(rule.conditions['Sign'] ? { signed: rule.conditions['Sign'] } : {}),
            headers: {},
          })),
        );
      }
    }
  });

  it('finds no error in _headers, and reads every block as this parser does', async () => {
    const text = headersFile();
    const theirs = await parseAllHeaders({
      headersFiles: [write('_headers', text)],
      configHeaders: [],
      minimal: true,
    });
    expect(theirs.errors).toEqual([]);
    expect(theirs.headers).toEqual(
      parseHeaders(text).map((rule) => ({
        for: rule.pattern,
        values: Object.fromEntries(rule.headers),
      })),
    );
  });
});
