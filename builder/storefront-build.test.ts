import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { startApiServer, type RunningApiServer } from '../server/main.ts';
import { ensureSeeded } from '../server/seed/ensure.ts';
import { chunkImports } from './astro-output.ts';
import { buildBrand, type BrandBuildResult } from './build-brands.ts';
import { repoRoot } from './code-digest.ts';
import { storefrontConfig } from './storefront-build.ts';
import { buildPreview, provideBuildPreview } from '../src/lib/api/preview.ts';
import { fileDigests } from './test-support/file-digests.ts';

/**
 * The build module against a real build of a small catalogue: the finishing's modulepreload
 * and prefetch links on real pages, the chunk groups they name, the redirect pages' fix and
 * the build's report of its pages.
 */
// Inside the repository: Astro stages a build's server assets in the out folder only when
// that lies below the working directory.
const cacheRoot = join(repoRoot, '.cache');
mkdirSync(cacheRoot, { recursive: true });
const scratch = mkdtempSync(join(cacheRoot, 'storefront-build-test-'));
const outDir = join(scratch, 'dist');
let api: RunningApiServer;
let db: DatabaseSync;
let result: BrandBuildResult;

const page = (path: string) => readFileSync(join(outDir, `${path}.html`), 'utf8');
const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"`, 'g'))].map((m) => m[1] ?? '');
const moduleScripts = (html: string) =>
  [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1] ?? '');
const chunks = () => readdirSync(join(outDir, '_astro')).filter((name) => name.endsWith('.js'));

beforeAll(async () => {
  db = openDatabase(join(scratch, 'shop.sqlite'));
  ensureSeeded(db, 120);
  // A post the blog's mapper skips as 'Missing data' while the content loaders run, in Vite's
  // runner: the count reaches the report through the build's channel (src/lib/build-channel.ts).
  db.exec("UPDATE blog_posts SET title = '' WHERE id = (SELECT min(id) FROM blog_posts)");
  api = await startApiServer({ port: 0, db, rateLimits: NO_RATE_LIMITS });
  // Pages on both threads, as every build renders them (builder/parallel-render.ts).
  result = await buildBrand(
    { brand: 'toppfart', outDir, cacheDir: join(scratch, 'cache') },
    api.url,
  );
}, 600_000);

afterAll(async () => {
  await api.close();
  db.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('a real build of one brand', () => {
  it('makes one chunk per group, the layout chunk holding the layout scripts', () => {
    for (const group of ['layout', 'react', 'api', 'listing']) {
      expect(chunks().filter((name) => name.startsWith(`${group}.`))).toHaveLength(1);
    }
    const layout = chunks().find((name) => name.startsWith('layout.')) ?? '';
    // The cart badge's code (src/layouts/base-scripts.ts imports them).
    const code = readFileSync(join(outDir, '_astro', layout), 'utf8');
    expect(code).toContain('data-cart-badge');
  });

  it("links the bundle page's module script's imports as modulepreloads, each once", () => {
    const html = page('utvalg');
    const importsOf = chunkImports(outDir);
    const scripts = moduleScripts(html);
    const preloads = links(html, 'modulepreload');
    const wanted = new Set(scripts.flatMap(importsOf));
    for (const script of scripts) wanted.delete(script);
    expect(preloads.length).toBeGreaterThan(0);
    expect(new Set(preloads)).toEqual(wanted);
    expect(new Set(preloads).size).toBe(preloads.length);
    for (const href of preloads) expect(existsSync(join(outDir, href))).toBe(true);
    expect(preloads.some((href) => /\/_astro\/api\.[\w-]+\.js$/.test(href))).toBe(true);
  });

  it('preloads no code on the search page, whose results the host draws (Cloudflare)', () => {
    const html = page('search');
    expect(moduleScripts(html).length).toBeGreaterThan(0);
    expect(links(html, 'modulepreload')).toEqual([]);
  });

  it("prefetches a listing's interaction islands' code and removes Astro's island style", () => {
    const html = page('klaer');
    const prefetches = [...html.matchAll(/<link rel="prefetch" href="([^"]+)" crossorigin>/g)];
    expect(prefetches.length).toBeGreaterThan(0);
    for (const [, href] of prefetches) expect(existsSync(join(outDir, href ?? ''))).toBe(true);
    expect(html).not.toContain('<style>astro-island,astro-slot,astro-static-slot');
  });

  it('writes redirect pages with the space the standard wants', () => {
    const redirects = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.html'))
      .map((name) => readFileSync(join(outDir, name), 'utf8'))
      .filter((html) => html.includes('http-equiv="refresh"') && html.includes('0;'));
    expect(redirects.some((html) => html.includes('content="0; url='))).toBe(true);
    expect(redirects.some((html) => html.includes('content="0;url='))).toBe(false);
  });

  it("writes the sitemap of the brand's pages, without the shopper's own", () => {
    const sitemap = readFileSync(join(outDir, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.toppfart.no/kundeservice</loc>');
    expect(sitemap).toMatch(/<loc>https:\/\/www\.toppfart\.no\/product\/[a-z0-9-]+<\/loc>/);
    expect(sitemap).not.toContain('/checkout');
    expect(sitemap).not.toContain('/min-side');
  });

  it('reports every file of a first build as rendered, none reused, and what the loaders skipped', () => {
    expect(result.brand).toBe('toppfart');
    expect(result.pagesReused).toBe(0);
    const html = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.html'),
    );
    expect(result.pagesRendered).toBeGreaterThanOrEqual(html.length);
    expect(result.skipped).toBe("Skipped as 'Missing data': blog post 1");
  });
});

describe('rendering on both threads', () => {
  it('makes the same files, byte for byte, as rendering on one, with the same report', async () => {
    const oneThread = join(scratch, 'one-thread');
    const alone = await buildBrand(
      { brand: 'toppfart', outDir: oneThread, cacheDir: join(scratch, 'one-thread-cache') },
      api.url,
      { PARALLEL_RENDER: '0' },
    );
    const made = fileDigests(outDir);
    const reference = fileDigests(oneThread);
    expect(Object.keys(made)).toEqual(Object.keys(reference));
    const differing = Object.keys(reference).filter((path) => made[path] !== reference[path]);
    expect(differing).toEqual([]);
    const [, there = '0', written = '0'] =
      /Pages rendered on a second thread: (\d+) of \d+, (\d+) written there\./.exec(
        result.output,
      ) ?? [];
    // Pages of the routes with paths (products, listings), each with its props.
    expect(Number(there)).toBeGreaterThan(0);
    // The worker writes the pages it renders, all but redirects, which Astro makes itself.
    expect(Number(written)).toBeGreaterThan(Number(there) / 2);
    expect(Number(written)).toBeLessThanOrEqual(Number(there));
    expect(alone.output).toMatch(/Pages rendered on a second thread: 0 of \d+, 0 written there\./);
    expect([result.pagesRendered, result.pagesReused, result.skipped]).toEqual([
      alone.pagesRendered,
      alone.pagesReused,
      alone.skipped,
    ]);
  }, 600_000);
});

describe('a build into its own out folder again', () => {
  it('reports as left in place the pages it reused there, which it did not write, and no other', async () => {
    const since = Date.now();
    const again = await buildBrand(
      { brand: 'toppfart', outDir, cacheDir: join(scratch, 'cache'), keepOutDir: true },
      api.url,
    );
    const written = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((path) => {
      const stats = statSync(join(outDir, path));
      return stats.isFile() && stats.mtimeMs >= since;
    });
    const leftInPlace = new Set(again.leftInPlace);
    expect(leftInPlace.size).toBe(again.leftInPlace.length);
    expect(leftInPlace.size).toBeGreaterThan(100);
    expect(leftInPlace.size).toBeLessThanOrEqual(again.pagesReused);
    expect(leftInPlace).toContain('klaer.html');
    // The home page has no cache key: rendered in every build.
    expect(written).toContain('index.html');
    expect(written.filter((path) => leftInPlace.has(path))).toEqual([]);
    for (const path of leftInPlace)
      expect(statSync(join(outDir, path)).mtimeMs).toBeLessThan(since);
  }, 600_000);
});

describe('the preview option', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    provideBuildPreview(null);
  });

  // That it writes no sitemap: builder/previews/preview-build.test.ts, of a real preview.
  it('has the build ask as of the moment with the admin token', () => {
    vi.stubEnv('CAMPAIGN_ADMIN_TOKEN', 'hemmelig');
    const at = '2026-12-01T06:00:00.000Z';
    storefrontConfig({ brand: 'toppfart' });
    expect(buildPreview()).toBeNull();
    storefrontConfig({ brand: 'toppfart', previewAt: at });
    expect(buildPreview()).toEqual({ at, token: 'hemmelig' });
  });

  it('refuses a preview without the admin token in its environment', () => {
    vi.stubEnv('CAMPAIGN_ADMIN_TOKEN', '');
    expect(() =>
      storefrontConfig({ brand: 'toppfart', previewAt: '2026-12-01T06:00:00.000Z' }),
    ).toThrow(/CAMPAIGN_ADMIN_TOKEN/);
  });
});
