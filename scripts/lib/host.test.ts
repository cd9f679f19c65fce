import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHostApp } from './host.ts';
import { brandDist, completeRelease, prepareRelease, switchLive } from './rebuild/releases.ts';

const dist = mkdtempSync(join(tmpdir(), 'host-'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><title>Forside</title>${'<p>x</p>'.repeat(300)}`,
);
writeFileSync(join(dist, '404.html'), '<!doctype html><title>Fant ikke siden</title>');
writeFileSync(join(dist, '_redirects'), '/gammel / 301\n');
writeFileSync(join(dist, '_headers'), '/*\n  X-Frame-Options: DENY\n');
const hits = JSON.stringify({
  hits: Array.from({ length: 200 }, (_, id) => ({ id, name: 'Jakke' })),
});
const host = createHostApp({
  distDir: dist,
  api: { fetch: () => new Response(hits, { headers: { 'content-type': 'application/json' } }) },
});
const gunzip = (res: Response) =>
  new Response(res.body?.pipeThrough(new DecompressionStream('gzip'))).text();

describe('createHostApp', () => {
  it('gzips the API answers it passes on, as a front would', async () => {
    const res = await host.request('/api/v1/articles/search', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(await gunzip(res)).toBe(hits);
    const plain = await host.request('/api/v1/articles/search');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(hits);
  });

  it('serves pages gzipped, and its 404 page with status 404', async () => {
    const page = await host.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Encoding')).toBe('gzip');
    expect(await gunzip(page)).toContain('<title>Forside</title>');
    const missing = await host.request('/finnes-ikke');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Fant ikke siden');
  });

  it('applies _redirects and _headers but never serves them (404, however spelled)', async () => {
    const moved = await host.request('/gammel');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe('/');
    expect((await host.request('/')).headers.get('X-Frame-Options')).toBe('DENY');
    for (const path of [
      '/_redirects',
      '/_headers',
      '/%5Fheaders',
      '//_redirects',
      '/x/../_headers',
    ]) {
      const res = await host.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Fant ikke siden');
    }
  });

  it('hands the API the server bindings, by which it tells clients apart', async () => {
    const seen: unknown[] = [];
    const forwarding = createHostApp({
      distDir: dist,
      api: {
        fetch: (_request: Request, bindings?: unknown) => {
          seen.push(bindings);
          return new Response(null, { status: 204 });
        },
      },
    });
    const bindings = { incoming: { socket: { remoteAddress: '198.51.100.7' } } };
    await forwarding.request('/api/v1/genders', {}, bindings);
    expect(seen).toEqual([bindings]);
  });
});

describe('createHostApp over a live release link', () => {
  it('serves each switch at once, with earlier releases’ assets for pages already loaded', async () => {
    const distRoot = mkdtempSync(join(tmpdir(), 'host-releases-'));
    const releases = brandDist(distRoot, 'toppfart');
    const make = (text: string, asset: string) => {
      const dir = prepareRelease(releases);
      mkdirSync(join(dir, '_astro'));
      writeFileSync(join(dir, 'index.html'), text);
      writeFileSync(join(dir, '_astro', asset), `/* ${text} */`);
      writeFileSync(join(dir, '_redirects'), `/gammel /${text} 301\n`);
      completeRelease(dir, {
        brand: 'toppfart',
        startedAt: '',
        finishedAt: '',
        seconds: 0,
        pagesRendered: 1,
        pagesReused: 0,
      });
      switchLive(releases, dir);
    };
    const live = createHostApp({ distDir: releases.live, api: { fetch: () => new Response() } });
    make('første', 'side.aaaa.js');
    expect(await (await live.request('/')).text()).toBe('første');
    make('andre', 'side.bbbb.js');
    expect(await (await live.request('/')).text()).toBe('andre');
    expect((await live.request('/gammel')).headers.get('Location')).toBe('/andre');
    expect((await live.request('/_astro/side.aaaa.js')).status).toBe(200);
    expect((await live.request('/_astro/ukjent.cccc.js')).status).toBe(404);
    expect((await live.request('/.release.json')).status).toBe(404);
  });
});
