import { describe, expect, it } from 'vitest';
import { API_PATH_PREFIXES } from '../../../contract/proxy.ts';
import { redirectsFile, routesFile } from './host-files.ts';

const rules = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));
const netlify = { host: 'netlify', apiOrigin: 'https://api.kjede.no' } as const;

describe('redirectsFile', () => {
  const lines = redirectsFile().split('\n');

  it('keeps /article/:id and names no product id: those are pre-rendered redirect pages', () => {
    expect(lines).toContain('/article/:id /product/:id 301');
    expect(lines.filter((l) => /^\/product\/\d/.test(l))).toEqual([]);
  });

  it('rewrites only prefixes that hold no page but their shell, as Cloudflare applies rules before files', () => {
    expect(rules(redirectsFile({ polls: true })).filter((l) => l.endsWith(' 200'))).toEqual([
      '/search/* /search 200',
      '/utvalg/* /utvalg 200',
    ]);
  });

  it('sends unknown product and poll paths to their shells as not found on Netlify', () => {
    expect(rules(redirectsFile({ target: netlify })).at(-1)).toBe(
      '/product/* /product/404.html 404',
    );
    expect(redirectsFile({ target: netlify })).not.toContain('/avstemning/');
    expect(rules(redirectsFile({ polls: true, target: netlify }))).toContain(
      '/avstemning/* /avstemning/404.html 404',
    );
  });

  it('proxies every API prefix to the API, signed, on Netlify with an API origin', () => {
    const proxies = rules(redirectsFile({ target: netlify })).filter((l) => l.includes('Sign='));
    expect(proxies).toEqual(
      API_PATH_PREFIXES.map(
        (p) => `${p}* https://api.kjede.no${p}:splat 200! Sign=API_PROXY_SECRET`,
      ),
    );
    expect(redirectsFile({ target: { host: 'netlify', apiOrigin: null } })).not.toContain('Sign=');
    expect(redirectsFile()).not.toContain('https://');
  });
});

describe('routesFile', () => {
  it('runs the Pages Function on the API prefixes, searches and the image service stand-in alone', () => {
    expect(JSON.parse(routesFile())).toEqual({
      version: 1,
      include: [
        '/api/*',
        '/sanctum/*',
        '/images/*',
        '/osrm/*',
        '/address/*',
        '/social/*',
        '/providers/*',
        '/search/*',
        '/cdn-cgi/image/*',
      ],
      exclude: [],
    });
  });
});
