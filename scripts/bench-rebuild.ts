/**
 * `npm run bench:rebuild [-- --articles N] [--brand <id>]`: one brand's release builds at N
 * articles (default 5,000) from a fresh reference database: a full build (empty cache), then
 * rebuilds after (a) no change (the revision check, then built anyway with `force`), (b) a
 * campaign on 50 articles made through the campaign call,
 * (c) a menu change (a category renamed). Prints seconds, pages rendered and reused, pages
 * per second and peak memory of each; then (b) again on 50 other articles while 100 concurrent
 * clients use the live site (in a thread of their own), with the request errors they saw
 * during that build and switch. At more than 5,000 articles it runs the full build and (b)
 * three times, each campaign made as soon as the build before is live, as campaigns arrive
 * in a busy week: each build then waits for the disk work after the switch before it. At
 * either size one more campaign follows 10 s after the last build's work is done, as campaigns
 * mostly come.
 * Prints the seconds from each build's call until it is live (that wait included) and the
 * seconds its disk work after the switch took (see builder/releases/standby.ts), and where each
 * build's time went, from the builder's own steps (`onStep`). Targets:
 * (a) < 5 s, (b) < 10 s (< 30 s at 50,000, in each run), (c) no slower than full, 0 errors,
 * peak < 3 GB. Asserts nothing.
 */
import { serve } from '@hono/node-server';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { startApiServer } from '../server/main.ts';
import { ensureSeeded } from '../server/seed/ensure.ts';
import { getBrand } from '../src/brands/index.ts';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { postCampaign } from './campaigns.ts';
import { BuildWorkers } from '../builder/build-brands.ts';
import { createHostApp } from '../builder/host.ts';
import {
  buildReleaseUntilLive,
  type BuildStep,
  type LiveBuild,
  type ReleaseBuilderOptions,
} from '../builder/releases/builder.ts';
import type { BuildOutcome } from '../builder/releases/queue.ts';
import { brandDist, liveDir } from '../builder/releases/releases.ts';
import { cpuProbe, diskProbe, PROBE_CARDS, PROBE_FILES } from './lib/machine-probes.ts';
import { requestLoop } from './lib/request-loop.ts';

/**
 * The shoppers, in a thread of their own so that they never starve the API the build reads:
 * the live site served from the brand's live link, and 100 clients requesting its pages until
 * the main thread says the build is done.
 */
async function shoppers(live: string, paths: string[]): Promise<void> {
  const site = createHostApp({
    distDir: live,
    api: { fetch: () => new Response(null, { status: 503 }) },
  });
  const server = serve({ fetch: site.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const done = new Promise((resolve) => parentPort?.once('message', resolve));
  parentPort?.postMessage('ready');
  const result = await requestLoop(origin, paths, done, 100);
  server.close();
  parentPort?.postMessage(result);
}

if (!isMainThread) {
  const { live, paths } = workerData as { live: string; paths: string[] };
  await shoppers(live, paths);
} else {
  const { values } = parseArgs({
    options: { articles: { type: 'string', default: '5000' }, brand: { type: 'string' } },
  });
  const articles = Number(values.articles);
  const brand = getBrand(values.brand).id;
  const root = fileURLToPath(new URL('../', import.meta.url));
  // Below the repository, where Astro stages each build's server assets in its own folder.
  const scratch = join(root, '.cache', `bench-rebuild-${articles}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });

  const probes = [diskProbe(scratch)];
  const cpu = [cpuProbe()];
  const adminToken = 'bench-rebuild';
  const db = openDatabase(join(scratch, 'shop.sqlite'));
  console.log(`Seeding ${articles} articles ...`);
  ensureSeeded(db, articles);
  const apiServer = await startApiServer({
    port: 0,
    db,
    rateLimits: NO_RATE_LIMITS,
    campaignAdminToken: adminToken,
  });
  const apiOrigin = apiServer.origin;
  // As `npm start`'s builder builds: each build in the brand's warm process.
  const workers = new BuildWorkers();
  const options: ReleaseBuilderOptions = {
    distRoot: join(scratch, 'dist'),
    cacheRoot: join(scratch, 'cache'),
    apiUrl: `${apiOrigin}/api/v1`,
    keep: 3,
    workers,
  };
  const dist = brandDist(options.distRoot, brand);
  /**
   * Each build's outcome, the seconds from its call until it was live, and the seconds its
   * disk work after the switch took (null: not measured).
   */
  const rows: Array<[string, BuildOutcome, number, number | null]> = [];
  /** Each build's steps (the builder's own events), as times since its call, by name. */
  const phases: Array<[string, Map<BuildStep, number>]> = [];
  /** Starts a build; answers once it is live, with the disk work after its switch going on. */
  const start = async (name: string, force = false): Promise<LiveBuild> => {
    console.log(`${name} ...`);
    const called = performance.now();
    const steps = new Map<BuildStep, number>();
    phases.push([name, steps]);
    const build = await buildReleaseUntilLive(brand, {
      ...options,
      force,
      onStep: (step) => steps.set(step, (performance.now() - called) / 1000),
    });
    const live = performance.now();
    const row: [string, BuildOutcome, number, number | null] = [
      name,
      build,
      (live - called) / 1000,
      null,
    ];
    rows.push(row);
    // Its failure is the caller's, who awaits `afterLive`.
    build.afterLive.then(
      () => (row[3] = (performance.now() - live) / 1000),
      () => undefined,
    );
    return build;
  };
  /** A build, and the disk work after its switch. */
  const run = async (name: string, force = false) => {
    const build = await start(name, force);
    await build.afterLive;
    return build;
  };

  try {
    await run('full build');
    if (articles <= 5000) {
      await run('(a) no change');
      await run('(a) no change, --force', true);
    }

    // `/product/{id}` pages are files, `{id}.html` (builder/storefront-build.ts).
    const productIds = readdirSync(join(liveDir(dist) ?? '', 'product'))
      .filter((n) => /^\d+\.html$/.test(n))
      .map((n) => Number.parseInt(n, 10));
    /** A campaign on 50 of the built articles, through the campaign call. */
    const campaignOn = async (ids: number[]) => {
      const campaign = await postCampaign(options.apiUrl, adminToken, {
        name: 'Benchkampanje',
        start: new Date(Date.now() - 3_600_000).toISOString(),
        end: new Date(Date.now() + 86_400_000).toISOString(),
        labelText: 'Bench',
        items: ids.map((articleId) => ({
          articleId,
          price: 9900,
          labelType: 'price',
          labelData: {},
        })),
      });
      if (campaign.status !== 201) throw new Error(`Campaign call answered ${campaign.status}`);
    };
    await campaignOn(productIds.slice(0, 50));
    if (articles <= 5000) await run('(b) campaign on 50 articles');
    else {
      // Each campaign as soon as the build before is live: the next build waits for its disk work.
      const builds: LiveBuild[] = [];
      for (const n of [1, 2, 3]) {
        if (n > 1) await campaignOn(productIds.slice(n * 50, n * 50 + 50));
        builds.push(await start(`(b) campaign on 50 articles, ${String(n)}`));
      }
      await Promise.all(builds.map((b) => b.afterLive));
    }

    // Another 50 while 100 shoppers use the live site, in a thread of their own (at 5,000
    // articles: the switch is the same at any size).
    let loop: { made: number; failures: string[] } | null = null;
    if (articles <= 5000) {
      await campaignOn(productIds.slice(50, 100));
      const worker = new Worker(new URL(import.meta.url), {
        workerData: {
          live: dist.live,
          paths: [
            '/',
            '/klaer',
            `/product/${productIds[0] ?? 1}`,
            '/sko',
            `/product/${productIds[60] ?? 2}`,
          ],
        },
      });
      await new Promise((resolve) => worker.once('message', resolve));
      await run('(b) again, 100 clients on the site');
      loop = await new Promise<{ made: number; failures: string[] }>((resolve) => {
        worker.once('message', resolve);
        worker.postMessage('done');
      });
      await worker.terminate();
    }

    // As campaigns mostly come, minutes apart: the builder's work after the last build's switch
    // (its links to the next release, builder/releases/standby.ts) is done before this one.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await campaignOn(productIds.slice(150, 200));
    await run(articles <= 5000 ? '(b) again, 10 s after the last' : '(b) 4, 10 s after the last');

    if (articles <= 5000) {
      db.prepare(
        "UPDATE main_groups SET name = name || ' og mer' WHERE id = (SELECT MIN(id) FROM main_groups)",
      ).run();
      await run('(c) menu change');
    }

    console.log(`\n${brand} at ${articles} articles`);
    console.log(
      'build                                seconds  rendered   reused  pages/s  peak MiB  call to live s  after switch s',
    );
    for (const [name, r, toLive, after] of rows) {
      const pages = r.pagesRendered + r.pagesReused;
      console.log(
        `${name.padEnd(35)}${r.seconds.toFixed(1).padStart(8)}${String(r.pagesRendered).padStart(10)}${String(r.pagesReused).padStart(9)}${(r.pagesRendered === 0 ? '—' : (pages / r.seconds).toFixed(0)).padStart(9)}${(r.peakMiB?.toFixed(0) ?? 'n/a').padStart(10)}${toLive.toFixed(1).padStart(16)}${(after?.toFixed(1) ?? '—').padStart(16)}`,
      );
    }
    console.log(
      "\nwhere it went, s                       to Astro's first page   render  release folder   switch",
    );
    for (const [name, steps] of phases) {
      const between = (from: BuildStep | null, to: BuildStep) => {
        const end = steps.get(to);
        const start = from === null ? 0 : steps.get(from);
        return end === undefined || start === undefined ? '—' : (end - start).toFixed(1);
      };
      console.log(
        `${name.padEnd(35)}${between(null, 'rendering').padStart(24)}${between('rendering', 'rendered').padStart(9)}${between('rendered', 'checked').padStart(16)}${between('checked', 'live').padStart(9)}`,
      );
    }
    console.log(
      "to Astro's first page: reading the API's revision, taking the standby copy, Astro's start and\ncontent sync; release folder: the release made from the standby copy, and the smoke check;\nswitch: the release record and the live link.",
    );
    console.log(
      "\nseconds: from the build's start under the brand lock until the release is live. call to live:\nfrom the build's call, the wait for the build before included. after switch: the price record,\npruning, and after a build into an empty folder sharing unchanged files and the standby copy,\nwhile the release is live.",
    );
    probes.push(diskProbe(scratch));
    cpu.push(cpuProbe());
    console.log(
      `\nThis disk: a new file took ${probes.map((us) => `${us.toFixed(0)} µs`).join(' before the builds and ')} after them to create (${String(PROBE_FILES)} empty files in the scratch folder, mean). A build from nothing creates one per page and per article detail; on this machine it has ranged from 20 µs to 1 ms from folder to folder and hour to hour, so compare build times only beside it.`,
    );
    console.log(
      `This processor: a round of ${String(PROBE_CARDS)} article cards to JSON, back and to HTML took ${cpu.map((ms) => `${ms.toFixed(2)} ms`).join(' before the builds and ')} after them (median of 21); the same build has taken twice as long on this machine from one evening to the next morning, so compare build times only beside it.`,
    );
    if (loop)
      console.log(
        `\nDuring (b) again: ${loop.made} requests from 100 concurrent clients, ${loop.failures.length} errors${loop.failures.length ? `: ${loop.failures.slice(0, 5).join(', ')}` : ''}.`,
      );
  } finally {
    workers.close();
    await apiServer.close();
    db.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
