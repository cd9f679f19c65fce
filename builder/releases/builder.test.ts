import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { NO_RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { startApiServer, type RunningApiServer } from '../../server/main.ts';
import { ensureSeeded } from '../../server/seed/ensure.ts';
import { buildRelease, type ReleaseBuilderOptions } from './builder.ts';
import { fileDigests } from '../test-support/file-digests.ts';
import type { BuildOutcome } from './queue.ts';
import {
  brandDist,
  completeRelease,
  listReleases,
  liveDir,
  prepareRelease,
  switchLive,
} from './releases.ts';
import { standbyRoot } from './standby.ts';

/**
 * The release builder against real builds of a small catalogue: the incremental build reuses
 * an unchanged page byte for byte and re-renders a page whose price, stock, campaign or
 * category changed, every page when the menu changes; and a build whose API fails mid-way or
 * whose disk fills leaves the live release as it was.
 */
// Inside the repository: Astro stages a build's server assets in the out folder only when
// that lies below the working directory (elsewhere in a shared `.astro/`, across devices).
const cacheRoot = fileURLToPath(new URL('../../.cache/', import.meta.url));
mkdirSync(cacheRoot, { recursive: true });
const scratch = mkdtempSync(join(cacheRoot, 'rebuild-test-'));
const db = openDatabase(join(scratch, 'shop.sqlite'));
/** After this many requests the API answers 500 (null: never). */
let failAfter: number | null = null;
let requests = 0;
/** Searches the API answered (`POST articles/search`): the listings loader's requests. */
let searches = 0;
let api: RunningApiServer;
let options: ReleaseBuilderOptions;
const dist = brandDist(join(scratch, 'dist'), 'toppfart');

// Pages are built as files (builder/storefront-build.ts): `klaer.html`, `product/{slug}.html`, `index.html`.
const page = (path: string) => readFileSync(join(liveDir(dist) ?? '', `${path}.html`), 'utf8');
const slugOf = (id: number) => {
  const html = readFileSync(join(liveDir(dist) ?? '', 'product', `${String(id)}.html`), 'utf8');
  return /url=\/product\/([^"]+)"/.exec(html)?.[1] ?? String(id);
};
const productPage = (id: number) => page(`product/${slugOf(id)}`);
/**
 * Unmounts `dir`, trying again for up to 5 s while it is busy: once on CI, with the whole suite
 * running, the mount was still busy just after the failed build's process had exited.
 */
async function unmount(dir: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync('umount', [dir], { stdio: 'pipe' });
      return;
    } catch (error) {
      if (attempt === 20 || !String((error as { stderr?: unknown }).stderr).includes('busy')) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const productCount = () =>
  readdirSync(join(liveDir(dist) ?? '', 'product')).filter((n) => /^[a-z].*\.html$/.test(n)).length;

beforeAll(async () => {
  ensureSeeded(db, 120);
  api = await startApiServer({
    port: 0,
    db,
    rateLimits: NO_RATE_LIMITS,
    front: (app) => ({
      fetch: (request) => {
        requests++;
        if (new URL(request.url).pathname.endsWith('/articles/search')) searches++;
        if (failAfter !== null && requests > failAfter) {
          return new Response('{"message":"Server Error"}', { status: 500 });
        }
        return app.fetch(request);
      },
    }),
  });
  options = {
    distRoot: join(scratch, 'dist'),
    cacheRoot: join(scratch, 'cache'),
    apiUrl: api.url,
    keep: 3,
  };
});

// Removing a few releases' thousands of files can outlast the default 10 s on a busy machine.
afterAll(async () => {
  await api.close();
  db.close();
  rmSync(scratch, { recursive: true, force: true });
}, 120_000);

/** Visible articles with a product page, by id. */
const visibleIds = () =>
  (
    db.prepare('SELECT id FROM articles WHERE visible = 1 ORDER BY id').all() as Array<{
      id: number;
    }>
  ).map((r) => r.id);

describe('buildRelease', { timeout: 600_000 }, () => {
  let full: BuildOutcome;
  let unchanged: BuildOutcome;

  it('builds a release, then reuses every keyed page byte for byte when nothing changed', async () => {
    const inputs: Array<string | null> = [];
    const pages: number[] = [];
    full = await buildRelease('toppfart', {
      ...options,
      onInputs: (i) => inputs.push(i),
      onPages: (n) => pages.push(n),
    });
    expect(full.pagesReused).toBe(0);
    // What the build is made from, told once; the rendered count as it grows, from the first.
    expect(inputs).toEqual([listReleases(dist).find((r) => r.live)?.inputs]);
    expect(pages[0]).toBe(1);
    expect(pages).toEqual([...pages].sort((x, y) => x - y));
    expect(pages.at(-1)).toBeLessThanOrEqual(full.pagesRendered);
    expect(pages.length).toBeGreaterThan(2);
    // Built into an empty folder that became the release: the cache's copy of each page is a
    // link to the release's file, not a second file (StorefrontBuildOptions.linkCache).
    const file = `product/${slugOf(visibleIds()[0] ?? 0)}.html`;
    const cached = join(scratch, 'cache', 'astro-toppfart', 'dist', file);
    expect(statSync(cached).ino).toBe(statSync(join(liveDir(dist) ?? '', file)).ino);
    const [a, b] = visibleIds();
    const before = [productPage(a ?? 0), productPage(b ?? 0), page('klaer')];
    unchanged = await buildRelease('toppfart', { ...options, force: true });
    expect(unchanged.releaseId).not.toBe(full.releaseId);
    expect(unchanged.pagesReused).toBeGreaterThanOrEqual(productCount());
    expect(unchanged.pagesRendered + unchanged.pagesReused).toBe(full.pagesRendered);
    expect([productPage(a ?? 0), productPage(b ?? 0), page('klaer')]).toEqual(before);
  });

  it('builds nothing when neither code nor data changed since the live release', async () => {
    const steps: string[] = [];
    const skipped = await buildRelease('toppfart', { ...options, onStep: (s) => steps.push(s) });
    expect(skipped).toMatchObject({ releaseId: unchanged.releaseId, pagesRendered: 0 });
    expect(steps).toEqual(['unchanged']);
    expect(skipped.pagesReused).toBe(unchanged.pagesRendered + unchanged.pagesReused);
  });

  it('re-renders the pages whose price, stock, campaign or category changed, and no other', async () => {
    const [priced, stocked, campaigned, moved, untouched] = visibleIds().slice(10) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const before = new Map(
      [priced, stocked, campaigned, moved, untouched].map((id) => [id, productPage(id)]),
    );
    // The first release's files, which the cache's copies are links to: a page rendered anew
    // into the standby copy loses its copy, and the release keeps its own file.
    const first = listReleases(dist).find((r) => r.id === full.releaseId)?.dir ?? '';
    const firstPriced = readFileSync(join(first, `product/${slugOf(priced)}.html`), 'utf8');
    db.prepare('UPDATE articles SET price = price + 10000 WHERE id = ?').run(priced);
    db.prepare(
      'UPDATE stock SET qty = qty + 7 WHERE variant_id IN (SELECT id FROM variants WHERE article_id = ?)',
    ).run(stocked);
    const campaign = db
      .prepare(
        `INSERT INTO campaigns (name, short_description, description, start, end, label_text)
         VALUES ('Testkampanje', '', '', ?, ?, 'Testtilbud') RETURNING id`,
      )
      .get(
        new Date(Date.now() - 86_400_000).toISOString(),
        new Date(Date.now() + 86_400_000).toISOString(),
      ) as { id: number };
    db.prepare(
      `INSERT INTO campaign_items (campaign_id, article_id, price, label_type, label_data)
       VALUES (?, ?, 100, 'Campaign', '{}')`,
    ).run(campaign.id, campaigned);
    db.prepare(
      `UPDATE articles SET group2_id = (SELECT id FROM groups2 WHERE id <> articles.group2_id
         AND main_group_id = articles.main_group_id LIMIT 1) WHERE id = ?`,
    ).run(moved);

    const changed = await buildRelease('toppfart', options);
    for (const id of [priced, stocked, campaigned, moved]) {
      expect(productPage(id), `article ${id}`).not.toBe(before.get(id));
    }
    expect(productPage(untouched)).toBe(before.get(untouched));
    expect(productPage(campaigned)).toContain('Testtilbud');
    expect(readFileSync(join(first, `product/${slugOf(priced)}.html`), 'utf8')).toBe(firstPriced);
    // No copy is kept of a page rendered into the standby copy (StorefrontBuildOptions.keepOutDir):
    // a build into an empty folder renders it (the last test checks its bytes).
    const copy = (id: number) =>
      join(scratch, 'cache', 'astro-toppfart', 'dist', `product/${slugOf(id)}.html`);
    expect(existsSync(copy(priced))).toBe(false);
    expect(statSync(copy(untouched)).ino).toBe(
      statSync(join(first, `product/${slugOf(untouched)}.html`)).ino,
    );
    // Four product pages and the listings that show them; everything else is reused.
    const extra = changed.pagesRendered - unchanged.pagesRendered;
    expect(extra).toBeGreaterThanOrEqual(4);
    expect(extra).toBeLessThan(60);
  });

  it('asks again only for the listings showing an article whose price changed, and makes what a build from nothing makes, byte for byte', async () => {
    const live = () => liveDir(dist) ?? '';
    const idOf = new Map(
      readdirSync(join(live(), 'product'))
        .filter((n) => /^\d+\.html$/.test(n))
        .map((n) => [slugOf(Number.parseInt(n, 10)), Number.parseInt(n, 10)]),
    );
    const listed = [...page('klaer').matchAll(/href="\/product\/([^"]+)"/g)].flatMap(
      ([, slug]) => idOf.get(slug ?? '') ?? [],
    );
    const before = page('klaer');
    db.prepare('UPDATE articles SET price = price + 5000 WHERE id = ?').run(listed[0] ?? 0);
    searches = 0;
    await buildRelease('toppfart', options);
    const asked = searches;
    expect(page('klaer')).not.toBe(before);

    // The same data built from nothing: no data store, no details, no pages to reuse.
    const fresh = {
      ...options,
      distRoot: join(scratch, 'fresh'),
      cacheRoot: join(scratch, 'fresh-cache'),
    };
    searches = 0;
    await buildRelease('toppfart', fresh);
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThan(searches / 4);
    expect(fileDigests(live())).toEqual(
      fileDigests(liveDir(brandDist(fresh.distRoot, 'toppfart')) ?? ''),
    );
  });

  it('builds into the standby copy the same files a build into an empty folder makes', async () => {
    const hidden = visibleIds()[20] ?? 0;
    const slug = slugOf(hidden);
    db.prepare('UPDATE articles SET visible = 0 WHERE id = ?').run(hidden);
    const standby = standbyRoot(options.distRoot, 'toppfart');
    expect(readdirSync(standby)).toEqual([listReleases(dist)[0]?.id]);
    const onStandby = await buildRelease('toppfart', options);
    expect(onStandby.pagesReused).toBeGreaterThan(productCount() - 40);
    const made = liveDir(dist) ?? '';
    expect(existsSync(join(made, 'product', `${slug}.html`))).toBe(false);
    expect(existsSync(join(made, 'product', `${String(hidden)}.html`))).toBe(false);

    rmSync(standby, { recursive: true, force: true });
    const restoring = await buildRelease('toppfart', { ...options, force: true });
    // From the cache's copies where it kept them, rendered where the standby builds took
    // them away: the same bytes either way.
    expect(restoring.pagesReused).toBeGreaterThan(productCount() - 40);
    expect(restoring.pagesRendered).toBeGreaterThan(onStandby.pagesRendered);
    const fromEmpty = liveDir(dist) ?? '';
    expect(fromEmpty).not.toBe(made);
    expect(fileDigests(made)).toEqual(fileDigests(fromEmpty));
  });

  it('re-renders every page that shows the menu when a category is renamed', async () => {
    db.prepare(
      "UPDATE main_groups SET name = name || ' og mer' WHERE id = (SELECT MIN(id) FROM main_groups)",
    ).run();
    const menu = await buildRelease('toppfart', options);
    expect(menu.pagesRendered).toBeGreaterThanOrEqual(productCount());
    expect(page('index')).toContain(' og mer');
  });

  it('leaves the live release untouched when the API fails mid-build', async () => {
    const live = liveDir(dist);
    const releases = listReleases(dist).length;
    requests = 0;
    // A build that changes nothing asks 21 requests, its listings and details kept from the
    // last build; it fails after half of them.
    failAfter = 10;
    await expect(buildRelease('toppfart', { ...options, force: true })).rejects.toThrow(
      /500|Server Error/,
    );
    failAfter = null;
    expect(liveDir(dist)).toBe(live);
    expect(listReleases(dist)).toHaveLength(releases);
    expect(readdirSync(dist.releases).filter((n) => !n.startsWith('.'))).toHaveLength(releases);
    expect(page('index')).toContain('</footer>');
  });

  it('leaves the live release untouched when the disk fills during the build', async () => {
    // A disk that holds the live release and little more: a tmpfs sized to it (we are root).
    const fullRoot = join(scratch, 'full');
    mkdirSync(fullRoot);
    const size = Number(
      execFileSync('du', ['-sk', liveDir(dist) ?? ''])
        .toString()
        .split('\t')[0],
    );
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size + 2048}k`, 'tmpfs', fullRoot]);
    try {
      const small = brandDist(fullRoot, 'toppfart');
      const dir = prepareRelease(small);
      cpSync(liveDir(dist) ?? '', dir, { recursive: true });
      const now = new Date().toISOString();
      completeRelease(dir, {
        brand: 'toppfart',
        startedAt: now,
        finishedAt: now,
        seconds: 0,
        pagesRendered: 0,
        pagesReused: 0,
      });
      switchLive(small, dir);
      await expect(
        buildRelease('toppfart', { ...options, distRoot: fullRoot, force: true }),
      ).rejects.toThrow(/ENOSPC|no space/i);
      expect(liveDir(small)).toBe(dir);
      expect(readFileSync(join(small.live, 'index.html'), 'utf8')).toContain('</footer>');
      expect(listReleases(small)).toHaveLength(1);
    } finally {
      await unmount(fullRoot);
    }
  });
});
