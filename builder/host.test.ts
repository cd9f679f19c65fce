import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createHostApp } from './host.ts';
import { brandDist, completeRelease, prepareRelease, switchLive } from './releases/releases.ts';
import { scratchFolder } from './test-support/scratch-folder.ts';

const dist = scratchFolder('host');
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

  it('gzips each version of a file once, and never for a client that refuses gzip', async () => {
    const page = join(dist, 'endres.html');
    const asGzip = { headers: { 'Accept-Encoding': 'gzip, deflate' } };
    writeFileSync(page, `<!doctype html><title>Først</title>${'<p>a</p>'.repeat(300)}`);
    const first = await host.request('/endres', asGzip);
    expect(first.headers.get('Content-Encoding')).toBe('gzip');
    expect(first.headers.get('Vary')).toBe('Accept-Encoding');
    expect(first.headers.get('X-Frame-Options')).toBe('DENY');
    expect(await gunzip(first)).toContain('<title>Først</title>');
    expect(await gunzip(await host.request('/endres', asGzip))).toContain('<title>Først</title>');
    // A new version of the file (another size and time) is compressed anew, not the old one.
    writeFileSync(page, `<!doctype html><title>Deretter</title>${'<p>b</p>'.repeat(301)}`);
    expect(await gunzip(await host.request('/endres', asGzip))).toContain(
      '<title>Deretter</title>',
    );
    for (const refusal of ['gzip;q=0', 'identity', '*;q=0']) {
      const plain = await host.request('/endres', { headers: { 'Accept-Encoding': refusal } });
      expect(plain.headers.get('Content-Encoding')).toBeNull();
      expect(await plain.text()).toContain('<title>Deretter</title>');
    }
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
    const distRoot = scratchFolder('host-releases');
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

describe('createHostApp as Cloudflare Pages serves a release', () => {
  const site = scratchFolder('host-cloudflare');
  const file = (path: string, text: string) => {
    mkdirSync(join(site, path, '..'), { recursive: true });
    writeFileSync(join(site, path), text);
  };
  file('index.html', 'forside');
  file('404.html', 'fant ikke');
  file('om-oss.html', 'om oss');
  file('klaer.html', 'klær');
  file('klaer/jakker.html', 'jakker');
  file('blogg/index.html', 'blogg');
  file('search.html', 'søkeskall');
  file('product/lue.html', 'lue');
  file('product/404.html', 'vareskall');
  file('robots.txt', 'User-agent: *');
  file(
    '_redirects',
    [
      '/privacy /om-oss 301',
      '/search/* /search 200',
      '/product/lue /om-oss 302',
      '/api/* https://api.kjede.no/api/:splat 200',
      '/klaer/* /404.html 404',
    ].join('\n'),
  );
  file('_headers', '/*\n  X-Frame-Options: DENY\n');
  const host = createHostApp({ distDir: site, api: { fetch: () => new Response('api') } });
  const get = async (path: string) => {
    const res = await host.request(path);
    return [res.status, res.headers.get('Location'), await res.text()];
  };

  it('serves a page built as a file at its address, and redirects its other spellings there', async () => {
    expect(await get('/om-oss')).toEqual([200, null, 'om oss']);
    expect(await get('/klaer/jakker')).toEqual([200, null, 'jakker']);
    expect(await get('/om-oss/')).toEqual([308, '/om-oss', '']);
    expect(await get('/om-oss.html?a=1')).toEqual([308, '/om-oss?a=1', '']);
    expect(await get('/index.html')).toEqual([308, '/', '']);
    expect(await get('/robots.txt')).toEqual([200, null, 'User-agent: *']);
  });

  it('serves a folder page at its folder with the slash, and redirects there without it', async () => {
    expect(await get('/blogg/')).toEqual([200, null, 'blogg']);
    expect(await get('/blogg')).toEqual([308, '/blogg/', '']);
    expect(await get('/blogg/index.html')).toEqual([308, '/blogg/', '']);
  });

  it('applies _redirects before files, and skips the rules Cloudflare does not read', async () => {
    expect(await get('/product/lue')).toEqual([302, '/om-oss', '']);
    expect(await get('/privacy?x=1')).toEqual([301, '/om-oss?x=1', '']);
    expect(await get('/search/vinter%20jakke')).toEqual([200, null, 'søkeskall']);
    expect(await get('/search')).toEqual([200, null, 'søkeskall']);
    expect(await get('/klaer/ukjent')).toEqual([404, null, 'fant ikke']);
  });

  it('answers a missing page with the nearest 404.html, with status 404', async () => {
    expect(await get('/product/ukjent')).toEqual([404, null, 'vareskall']);
    expect(await get('/product/a/b')).toEqual([404, null, 'vareskall']);
    expect(await get('/finnes/ikke')).toEqual([404, null, 'fant ikke']);
  });

  it('sends the API’s paths to the API, and decorates every static answer with _headers', async () => {
    expect(await get('/api/v1/genders')).toEqual([200, null, 'api']);
    for (const path of ['/', '/om-oss/', '/privacy', '/product/ukjent']) {
      expect((await host.request(path)).headers.get('X-Frame-Options'), path).toBe('DENY');
    }
  });
});

describe('createHostApp’s image service', () => {
  it('answers the URLs Cloudflare’s and Netlify’s services answer, with pictures of the API', async () => {
    const photo = await sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    const site = scratchFolder('host-pictures');
    writeFileSync(join(site, 'index.html'), 'forside');
    const host = createHostApp({
      distDir: site,
      pictureCacheDir: scratchFolder('host-picture-cache'),
      api: {
        fetch: (request: Request) =>
          new URL(request.url).pathname === '/images/a.jpg'
            ? new Response(new Uint8Array(photo), { headers: { 'Content-Type': 'image/jpeg' } })
            : new Response('{}', { status: 404 }),
      },
    });
    for (const path of [
      '/cdn-cgi/image/width=200,format=auto/images/a.jpg',
      '/.netlify/images?url=%2Fimages%2Fa.jpg&w=200',
    ]) {
      const res = await host.request(path, { headers: { Accept: 'image/webp,*/*' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type'), path).toBe('image/webp');
      expect(res.headers.get('Vary'), path).toBe('Accept');
      const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
      expect(meta.width, path).toBe(200);
    }
    const missing = await host.request('/cdn-cgi/image/width=200,format=auto/images/b.jpg');
    expect(missing.status).toBe(404);
  });
});
