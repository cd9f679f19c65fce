import type { AstroConfig, AstroIntegrationLogger, IntegrationResolvedRoute } from 'astro';
import {
  copyFileSync,
  linkSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchFolder } from './test-support/scratch-folder.ts';
import { storefrontSitemap, type BuildDone } from './sitemap.ts';

const config = {
  site: 'https://www.toppfart.no',
  base: '/',
  trailingSlash: 'ignore',
  build: { format: 'file' },
} as AstroConfig;
const logger = {
  warn: () => undefined,
  info: () => undefined,
} as unknown as AstroIntegrationLogger;

/**
 * One build's sitemap into `dir` of `pages`, as the build's integration drives it: the hooks
 * before the end, then `kept` and `write`. Answers what `kept` said.
 */
async function build(dir: string, pages: string[], routes: IntegrationResolvedRoute[] = []) {
  const sitemap = storefrontSitemap({});
  await sitemap.hooks['astro:config:done']?.({ config, logger } as never);
  await sitemap.hooks['astro:routes:resolved']?.({ routes, logger } as never);
  const params: BuildDone = {
    dir: pathToFileURL(`${dir}/`),
    pages: pages.map((pathname) => ({ pathname })),
    assets: new Map(),
    logger,
  };
  const kept = sitemap.kept(params);
  await sitemap.write(params);
  return kept;
}

/** The sitemap's URLs in `dir`, and each of its files' modification time. */
function sitemapIn(dir: string): { urls: string[]; times: Record<string, number> } {
  const files = readdirSync(dir).filter((name) => name.startsWith('sitemap-'));
  const urls = files.flatMap((name) =>
    [...readFileSync(join(dir, name), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]),
  );
  return {
    urls: urls.filter((url): url is string => url !== undefined && !url.endsWith('.xml')),
    times: Object.fromEntries(files.map((name) => [name, statSync(join(dir, name)).mtimeMs])),
  };
}

describe('storefrontSitemap', () => {
  it('keeps the last sitemap of the same pages as written, and writes it anew when they change', async () => {
    const dir = scratchFolder('sitemap');
    expect(await build(dir, ['/', '/klaer', '/product/lue-1'])).toEqual([]);
    const first = sitemapIn(dir);
    expect(first.urls.sort()).toEqual([
      'https://www.toppfart.no/',
      'https://www.toppfart.no/klaer',
      'https://www.toppfart.no/product/lue-1',
    ]);

    // The same pages in another order: nothing written.
    expect((await build(dir, ['/product/lue-1', '/', '/klaer'])).sort()).toEqual(
      Object.keys(first.times).sort(),
    );
    expect(sitemapIn(dir)).toEqual(first);

    // A page more: written anew, with it.
    expect(await build(dir, ['/', '/klaer', '/product/lue-1', '/product/sko-2'])).toEqual([]);
    expect(sitemapIn(dir).urls).toContain('https://www.toppfart.no/product/sko-2');

    // A page less, as many as before: written anew, without it.
    expect(await build(dir, ['/', '/klaer', '/product/sko-2', '/sko'])).toEqual([]);
    expect(sitemapIn(dir).urls).not.toContain('https://www.toppfart.no/product/lue-1');
  });

  it('writes anew when a file is no longer the one written, or the routes changed', async () => {
    const dir = scratchFolder('sitemap');
    const pages = ['/', '/klaer'];
    await build(dir, pages);
    expect(await build(dir, pages)).not.toEqual([]);

    // Another file under its name, of other bytes.
    const index = join(dir, 'sitemap-0.xml');
    writeFileSync(index, readFileSync(index, 'utf8').replace('/klaer', '/sko'));
    expect(await build(dir, pages)).toEqual([]);
    expect(sitemapIn(dir).urls).toContain('https://www.toppfart.no/klaer');
    expect(await build(dir, pages)).not.toEqual([]);

    const route = {
      type: 'page',
      pattern: '/kundeservice',
      pathname: '/kundeservice',
      generate: () => '/kundeservice',
      fallbackRoutes: [],
    } as unknown as IntegrationResolvedRoute;
    expect(await build(dir, pages, [route])).toEqual([]);
    expect(sitemapIn(dir).urls).toContain('https://www.toppfart.no/kundeservice');

    // Routes the sitemap does not list (an endpoint, a page route without a path), as a build
    // that makes its bundles has and one that reuses them has not: the sitemap stays.
    const internal = [
      { type: 'endpoint', pattern: '/_image', pathname: '/_image', fallbackRoutes: [] },
      { type: 'page', pattern: '/_server-islands/[name]', fallbackRoutes: [] },
    ] as unknown as IntegrationResolvedRoute[];
    expect(await build(dir, pages, [route, ...internal])).not.toEqual([]);
  });

  it('writes anew into another out folder, unless its files are links to those written', async () => {
    const pages = ['/', '/klaer'];
    const release = scratchFolder('sitemap');
    await build(release, pages);
    const other = scratchFolder('sitemap');
    expect(await build(other, pages)).toEqual([]);
    expect(sitemapIn(other).urls).toHaveLength(2);

    // A standby copy made of links to the release a full build wrote: its sitemap stays.
    const standby = scratchFolder('sitemap');
    const names = readdirSync(other).filter((name) => name.startsWith('sitemap-'));
    for (const name of names) linkSync(join(other, name), join(standby, name));
    expect((await build(standby, pages)).sort()).toEqual(names.sort());
    // Not for other pages.
    expect(await build(standby, [...pages, '/sko'])).toEqual([]);
  });

  it('keeps files of the same bytes, as a release that shares the last release’s files has', async () => {
    const pages = ['/', '/klaer'];
    const release = scratchFolder('sitemap');
    await build(release, pages);
    const names = readdirSync(release).filter((name) => name.startsWith('sitemap-'));
    const shared = scratchFolder('sitemap');
    for (const name of names) copyFileSync(join(release, name), join(shared, name));
    expect((await build(shared, pages)).sort()).toEqual(names.sort());
  });
});
