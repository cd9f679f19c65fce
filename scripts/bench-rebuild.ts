/**
 * `npm run bench:rebuild [-- --articles N] [--brand <id>]`: one brand's release builds at N
 * articles (default 5,000) from a fresh reference database: a full build (empty cache), then
 * rebuilds after (a) no change (the revision check, then built anyway with `force`), (b) a
 * campaign on 50 articles made through the campaign call,
 * (c) a menu change (a category renamed). Prints seconds, pages rendered and reused, pages
 * per second and peak memory of each, and the request errors that 100 concurrent clients of
 * the live site saw during (b)'s build and switch. At 50,000 articles it runs the full build
 * and (b) only. Targets: (a) < 5 s, (b) < 10 s (< 30 s at 50,000), (c) no slower than full,
 * 0 errors, peak < 3 GB. Asserts nothing.
 */
import { serve } from '@hono/node-server';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApp } from '../server/app.ts';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { ensureSeeded } from '../server/seed/ensure.ts';
import { getBrand } from '../src/brands/index.ts';
import { createHostApp } from './lib/host.ts';
import { buildRelease, type ReleaseBuilderOptions } from './lib/rebuild/builder.ts';
import type { BuildOutcome } from './lib/rebuild/queue.ts';
import { brandDist, liveDir } from './lib/rebuild/releases.ts';
import { requestLoop } from './lib/request-loop.ts';

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

const adminToken = 'bench-rebuild';
const db = openDatabase(join(scratch, 'shop.sqlite'));
console.log(`Seeding ${articles} articles ...`);
ensureSeeded(db, articles);
const api = createApp({ db, rateLimits: NO_RATE_LIMITS, campaignAdminToken: adminToken });
const apiServer = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => apiServer.once('listening', resolve));
const apiOrigin = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`;
const options: ReleaseBuilderOptions = {
  distRoot: join(scratch, 'dist'),
  cacheRoot: join(scratch, 'cache'),
  apiUrl: `${apiOrigin}/api/v1`,
  keep: 3,
};
const dist = brandDist(options.distRoot, brand);
const rows: Array<[string, BuildOutcome]> = [];
const run = async (name: string, force = false) => {
  console.log(`${name} ...`);
  const outcome = await buildRelease(brand, { ...options, force });
  rows.push([name, outcome]);
  return outcome;
};

try {
  await run('full build');
  if (articles <= 5000) {
    await run('(a) no change');
    await run('(a) no change, --force', true);
  }

  // The site as shoppers see it, following the live link, for the request loop.
  const site = createHostApp({ distDir: dist.live, api });
  const siteServer = serve({ fetch: site.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => siteServer.once('listening', resolve));
  const siteOrigin = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`;
  const productIds = readdirSync(join(liveDir(dist) ?? '', 'product'))
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .slice(0, 50);
  const campaign = await fetch(`${apiOrigin}/api/v1/admin/campaigns`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Benchkampanje',
      start: new Date(Date.now() - 3_600_000).toISOString(),
      end: new Date(Date.now() + 86_400_000).toISOString(),
      labelText: 'Bench',
      items: productIds.map((articleId) => ({
        articleId,
        price: 9900,
        labelType: 'price',
        labelData: {},
      })),
    }),
  });
  if (campaign.status !== 201) throw new Error(`Campaign call answered ${campaign.status}`);
  const build = run('(b) campaign on 50 articles');
  const loop = await requestLoop(
    siteOrigin,
    ['/', '/klaer', `/product/${productIds[0] ?? 1}`, '/sko', `/product/${productIds[1] ?? 2}`],
    build,
    100,
  );
  await build;
  siteServer.close();

  if (articles <= 5000) {
    db.prepare(
      "UPDATE main_groups SET name = name || ' og mer' WHERE id = (SELECT MIN(id) FROM main_groups)",
    ).run();
    await run('(c) menu change');
  }

  console.log(`\n${brand} at ${articles} articles`);
  console.log('build                            seconds  rendered   reused  pages/s  peak MiB');
  for (const [name, r] of rows) {
    const pages = r.pagesRendered + r.pagesReused;
    console.log(
      `${name.padEnd(31)}${r.seconds.toFixed(1).padStart(8)}${String(r.pagesRendered).padStart(10)}${String(r.pagesReused).padStart(9)}${(pages / r.seconds).toFixed(0).padStart(9)}${(r.peakMiB?.toFixed(0) ?? 'n/a').padStart(10)}`,
    );
  }
  console.log(
    `\nDuring (b): ${loop.made} requests from 100 concurrent clients, ${loop.failures.length} errors${loop.failures.length ? `: ${loop.failures.slice(0, 5).join(', ')}` : ''}.`,
  );
} finally {
  apiServer.close();
  db.close();
  rmSync(scratch, { recursive: true, force: true });
}
