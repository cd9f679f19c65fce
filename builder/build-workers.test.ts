import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { startApiServer, type RunningApiServer } from '../server/main.ts';
import { ensureSeeded } from '../server/seed/ensure.ts';
import { productDetailsDir, storedProductDetails } from '../src/lib/content/product-details.ts';
import { buildBrand, BuildWorkers } from './build-brands.ts';
import {
  buildPreview,
  previewCacheDir,
  previewDir,
  type PreviewCampaign,
} from './previews/preview-build.ts';
import { buildRelease, clearKilledBuilds, type ReleaseBuilderOptions } from './releases/builder.ts';
import { brandDist, listReleases, liveDir } from './releases/releases.ts';
import { linksRoot } from './releases/standby.ts';
import { fileDigests } from './test-support/file-digests.ts';

// Inside the repository: Astro stages a build's server assets in the out folder only when
// that lies below the working directory.
const cacheRoot = fileURLToPath(new URL('../.cache/', import.meta.url));
mkdirSync(cacheRoot, { recursive: true });
const scratch = mkdtempSync(join(cacheRoot, 'warm-build-test-'));
const db = openDatabase(join(scratch, 'shop.sqlite'));
let api: RunningApiServer;
const TOKEN = 'varm-forhandsvisning';

beforeAll(async () => {
  ensureSeeded(db, 120);
  api = await startApiServer({
    port: 0,
    db,
    rateLimits: NO_RATE_LIMITS,
    campaignAdminToken: TOKEN,
  });
});

afterAll(async () => {
  await api.close();
  db.close();
  rmSync(scratch, { recursive: true, force: true });
}, 120_000);

/** A campaign on `ids`, and a new price of the first, as marketing and the ERP make them. */
function changeData(ids: readonly number[], name: string): void {
  const campaign = db
    .prepare(
      `INSERT INTO campaigns (name, short_description, description, start, end, label_text)
       VALUES (?, '', '', ?, ?, ?) RETURNING id`,
    )
    .get(
      name,
      new Date(Date.now() - 86_400_000).toISOString(),
      new Date(Date.now() + 86_400_000).toISOString(),
      `${name} tilbud`,
    ) as { id: number };
  for (const id of ids) {
    db.prepare(
      `INSERT INTO campaign_items (campaign_id, article_id, price, label_type, label_data)
       VALUES (?, ?, 100, 'Campaign', '{}')`,
    ).run(campaign.id, id);
  }
  db.prepare('UPDATE articles SET price = price + 5000 WHERE id = ?').run(ids[0] ?? 0);
}

/** Ids of visible articles of the brand's live release (its `/product/{id}` pages). */
const productIds = (dir: string) =>
  readdirSync(join(dir, 'product'))
    .filter((n) => /^\d+\.html$/.test(n))
    .map((n) => Number.parseInt(n, 10));

/** Whether process `pid` is running (and no zombie). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \([^)]*\) Z/.test(readFileSync(`/proc/${String(pid)}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('warm build processes', { timeout: 600_000 }, () => {
  it("runs a brand's next build in the process of its last, and ends a process whose build failed", async () => {
    const workers = new BuildWorkers();
    const options = {
      brand: 'toppfart',
      outDir: join(scratch, 'pids-out'),
      cacheDir: join(scratch, 'pids-cache'),
    };
    try {
      const first = await buildBrand(options, api.url, {}, undefined, workers);
      const second = await buildBrand(options, api.url, {}, undefined, workers);
      expect(second.pid).toBe(first.pid);
      expect(second.pagesRendered).toBeLessThan(first.pagesRendered);
      // Without its manifest, as a failed build leaves the cache (releases/builder.ts), the
      // warm process renders every page again: what it holds of the manifest it wrote last
      // (Astro's patch) stands for that file only.
      rmSync(join(options.cacheDir, 'incremental-build.json'));
      const third = await buildBrand(options, api.url, {}, undefined, workers);
      expect(third.pid).toBe(first.pid);
      expect(third.pagesRendered).toBe(first.pagesRendered);
      // An API that answers nothing: the build fails, and its process with it.
      await expect(
        buildBrand(
          { ...options, cacheDir: join(scratch, 'pids-cache-2') },
          'http://127.0.0.1:9/api/v1',
          {},
          undefined,
          workers,
        ),
      ).rejects.toThrow(/Build of brand "toppfart" failed/);
      expect(running(second.pid)).toBe(false);
      // Started by another command, as a shell tells in `_`: the new process's bundles are
      // the same code, so it reuses the pages as the warm one did.
      const command = process.env['_'];
      process.env['_'] = '/usr/bin/en-annen-kommando';
      let after;
      try {
        after = await buildBrand(options, api.url, {}, undefined, workers);
      } finally {
        if (command === undefined) delete process.env['_'];
        else process.env['_'] = command;
      }
      expect(after.pid).not.toBe(second.pid);
      expect(after.pagesRendered).toBe(second.pagesRendered);
    } finally {
      workers.close();
    }
  });

  it('builds campaigns in the warm process from the bundles of the build before, into the same bytes as a build from nothing', async () => {
    const workers = new BuildWorkers();
    // Astro's timer says which of its steps a build ran (the same file for every build: the
    // environment is part of what a reuse must match).
    const timer = join(scratch, 'astro-timer.json');
    const steps = () => Object.keys(JSON.parse(readFileSync(timer, 'utf8')) as object);
    const warm: ReleaseBuilderOptions = {
      distRoot: join(scratch, 'warm-dist'),
      cacheRoot: join(scratch, 'warm-cache'),
      apiUrl: api.url,
      keep: 3,
      workers,
      env: { ASTRO_TIMER_PATH: timer },
    };
    const cold: ReleaseBuilderOptions = {
      distRoot: join(scratch, 'cold-dist'),
      cacheRoot: join(scratch, 'cold-cache'),
      apiUrl: api.url,
      keep: 3,
    };
    try {
      await buildRelease('toppfart', warm);
      const dist = brandDist(warm.distRoot, 'toppfart');
      const ids = productIds(liveDir(dist) ?? '');
      // The build from nothing went into the folder the standby copy later takes, so even
      // the first campaign after it renders with its bundles.
      const bundlesReused = () => {
        expect(steps()).toContain('Static generate');
        expect(steps()).not.toContain('Prerender build');
        expect(steps()).not.toContain('Client build');
      };
      changeData(ids.slice(5, 8), 'Varmkampanje');
      // An article leaves the shop: its pages go, which the warm process must find missing.
      const hidden = ids[12] ?? 0;
      db.prepare('UPDATE articles SET visible = 0 WHERE id = ?').run(hidden);
      await buildRelease('toppfart', warm);
      bundlesReused();
      changeData(ids.slice(9, 11), 'Varmkampanje to');
      const campaign = await buildRelease('toppfart', warm);
      bundlesReused();
      // Into the standby copy: most pages reused.
      expect(campaign.pagesReused).toBeGreaterThan(campaign.pagesRendered);
      const fromNothing = await buildRelease('toppfart', { ...cold, force: true });
      expect(fromNothing.pagesReused).toBe(0);
      const made = fileDigests(liveDir(dist) ?? '');
      const reference = fileDigests(liveDir(brandDist(cold.distRoot, 'toppfart')) ?? '');
      const differing = Object.entries(reference).filter(([path, digest]) => made[path] !== digest);
      expect(differing.map(([path]) => path)).toEqual([]);
      expect(Object.keys(made)).toEqual(Object.keys(reference));
      expect(Object.keys(made)).not.toContain(`product/${String(hidden)}.html`);
      expect(readFileSync(join(liveDir(dist) ?? '', 'index.html'), 'utf8')).toContain(
        'Varmkampanje to',
      );
    } finally {
      workers.close();
    }
  });

  it("builds previews in the warm process from the release's bundles and details, into the same bytes as a preview built from nothing, and the next release as a build from nothing", async () => {
    const workers = new BuildWorkers();
    const timer = join(scratch, 'astro-timer-preview.json');
    const steps = () => Object.keys(JSON.parse(readFileSync(timer, 'utf8')) as object);
    const where = {
      distRoot: join(scratch, 'preview-dist'),
      cacheRoot: join(scratch, 'preview-cache'),
      apiUrl: api.url,
    };
    const warm = { ...where, workers, env: { ASTRO_TIMER_PATH: timer } };
    try {
      await buildRelease('toppfart', { ...warm, keep: 3 });
      const ids = productIds(liveDir(brandDist(where.distRoot, 'toppfart')) ?? '');
      for (const [n, articleId] of [ids[3] ?? 0, ids[4] ?? 0].entries()) {
        const answer = await fetch(`${api.url}/admin/campaigns`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: `Kommende ${String(n)}`,
            start: new Date(Date.now() + 24 * 3_600_000).toISOString(),
            end: new Date(Date.now() + 72 * 3_600_000).toISOString(),
            labelText: 'Snart',
            items: [{ articleId, price: 4321, labelType: 'price', labelData: {} }],
          }),
        });
        const { id, name, start } = (await answer.json()) as PreviewCampaign;
        let readAnew = -1;
        await buildPreview('toppfart', { id, name, start }, { ...warm, adminToken: TOKEN }, () => {
          // Before its cache goes: it holds the details the preview read anew, not every one.
          readAnew = storedProductDetails(
            productDetailsDir(pathToFileURL(`${previewCacheDir(where.cacheRoot, 'toppfart')}/`)),
          ).size;
        });
        expect(readAnew).toBeGreaterThan(0);
        expect(readAnew).toBeLessThan(ids.length / 4);
        // Even the first reuses the release's bundles, though its cache folder is its own.
        expect(steps()).toContain('Static generate');
        expect(steps()).not.toContain('Prerender build');
        const made = fileDigests(previewDir(where.distRoot, 'toppfart', id));
        // Built cold from nothing (no release, no cache): every page rendered, every detail
        // read by the preview itself, where the warm one read the release's.
        const fromNothing = {
          ...where,
          distRoot: join(scratch, `preview-nothing-dist-${String(n)}`),
          cacheRoot: join(scratch, `preview-nothing-cache-${String(n)}`),
        };
        const cold = await buildPreview(
          'toppfart',
          { id, name, start },
          { ...fromNothing, adminToken: TOKEN },
        );
        expect(cold.pagesReused).toBe(0);
        const reference = fileDigests(previewDir(fromNothing.distRoot, 'toppfart', id));
        const differing = Object.entries(reference).filter(
          ([path, digest]) => made[path] !== digest,
        );
        expect(differing.map(([path]) => path)).toEqual([]);
        expect(Object.keys(made)).toEqual(Object.keys(reference));
      }
      // The release after the previews, from the bundles they shared: nothing of theirs in it.
      changeData(ids.slice(6, 8), 'Etter forhåndsvisning');
      await buildRelease('toppfart', { ...warm, keep: 3 });
      expect(steps()).not.toContain('Prerender build');
      const cold = { ...where, distRoot: join(scratch, 'preview-cold-dist') };
      await buildRelease('toppfart', {
        ...cold,
        cacheRoot: join(scratch, 'preview-cold-cache'),
        keep: 3,
      });
      const made = fileDigests(liveDir(brandDist(where.distRoot, 'toppfart')) ?? '');
      const reference = fileDigests(liveDir(brandDist(cold.distRoot, 'toppfart')) ?? '');
      const differing = Object.entries(reference).filter(([path, digest]) => made[path] !== digest);
      expect(differing.map(([path]) => path)).toEqual([]);
      expect(Object.keys(made)).toEqual(Object.keys(reference));
    } finally {
      workers.close();
    }
  });

  it('leaves no build process when its builder is killed, and the next build clears the rest', async () => {
    const fixture = fileURLToPath(new URL('./test-support/build-kill.ts', import.meta.url));
    const options: ReleaseBuilderOptions = {
      distRoot: join(scratch, 'kill-dist'),
      cacheRoot: join(scratch, 'kill-cache'),
      apiUrl: api.url,
      keep: 3,
    };
    const dist = brandDist(options.distRoot, 'toppfart');
    // The fixture builds once in a warm process, then again in it, and waits at its render.
    const builder = spawn(
      process.execPath,
      [
        fixture,
        JSON.stringify({ ...options, brand: 'toppfart', pauseAt: 'rendering', warm: true }),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const exited = new Promise((resolve) => builder.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      builder.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('paused')) resolve();
      });
      builder.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then(() => reject(new Error(`The builder ended before its pause:\n${output}`)));
    });
    const live = liveDir(dist);
    const worker = Number(
      execFileSync('pgrep', ['-P', String(builder.pid)])
        .toString()
        .trim(),
    );
    expect(running(worker)).toBe(true);
    // The builder alone, as the OOM killer would take it.
    builder.kill('SIGKILL');
    await exited;
    // Its build process hears its channel close and ends (within a bounded wait).
    for (let waited = 0; running(worker) && waited < 300; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(running(worker)).toBe(false);
    expect(liveDir(dist)).toBe(live);
    expect(listReleases(dist)).toHaveLength(1);

    // The warm builder linked its first release's files ahead of its second build.
    expect(existsSync(linksRoot(options.distRoot, 'toppfart'))).toBe(true);

    await clearKilledBuilds(options.distRoot, ['toppfart']);
    expect(existsSync(linksRoot(options.distRoot, 'toppfart'))).toBe(false);
    const next = await buildRelease('toppfart', { ...options, force: true });
    expect(liveDir(dist)).toBe(join(dist.releases, next.releaseId));
    const releases = listReleases(dist).map((r) => r.id);
    expect(
      readdirSync(dist.releases).filter((n) => !n.startsWith('.') && !releases.includes(n)),
    ).toEqual([]);
    expect(existsSync(join(liveDir(dist) ?? '', 'index.html'))).toBe(true);
  });
});
