/**
 * `npm run bench:preview [-- --articles N] [--brand <id>]`: a campaign preview against the
 * campaign rebuild it must cost no more than (`bench:rebuild`'s (b)), at N articles (default
 * 5,000) from a fresh reference database: a full build, then (b) a campaign on 50 articles
 * that runs now, rebuilt into a release, then a campaign on 50 other articles that starts
 * tomorrow, built as a preview (builder/previews/), then a second preview of another coming
 * campaign, each build in the brand's warm build process as `npm start`'s builder builds (the
 * first preview builds its bundles, a next one reuses them). Prints seconds, pages rendered
 * and reused and peak memory of each, and the seconds the disk work after each took (the
 * standby copy for the next build). Target: a preview live within 5 s, and no slower than
 * (b). Asserts nothing.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ApiAdminCampaign } from '../contract/index.ts';
import { openDatabase } from '../server/db/database.ts';
import { NO_RATE_LIMITS } from '../server/http/rate-limit.ts';
import { startApiServer } from '../server/main.ts';
import { ensureSeeded } from '../server/seed/ensure.ts';
import { getBrand } from '../src/brands/index.ts';
import { postCampaign } from './campaigns.ts';
import { BuildWorkers } from '../builder/build-brands.ts';
import { buildPreview } from '../builder/previews/preview-build.ts';
import { buildRelease } from '../builder/releases/builder.ts';
import { brandDist, liveDir } from '../builder/releases/releases.ts';

const { values } = parseArgs({
  options: { articles: { type: 'string', default: '5000' }, brand: { type: 'string' } },
});
const articles = Number(values.articles);
const brand = getBrand(values.brand).id;
const root = fileURLToPath(new URL('../', import.meta.url));
// Below the repository, where Astro stages each build's server assets in its own folder.
const scratch = join(root, '.cache', `bench-preview-${String(articles)}`);
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

const adminToken = 'bench-preview';
const db = openDatabase(join(scratch, 'shop.sqlite'));
console.log(`Seeding ${String(articles)} articles ...`);
ensureSeeded(db, articles);
const apiServer = await startApiServer({
  port: 0,
  db,
  rateLimits: NO_RATE_LIMITS,
  campaignAdminToken: adminToken,
});
const apiUrl = apiServer.url;
const workers = new BuildWorkers();
const options = {
  distRoot: join(scratch, 'dist'),
  cacheRoot: join(scratch, 'cache'),
  apiUrl,
  workers,
};

/**
 * A campaign on `ids` from `startHours` from now, for three days: (b)'s still runs at the
 * preview's moment, so the preview re-renders only the pages of its own 50.
 */
async function campaignOn(ids: number[], startHours: number): Promise<ApiAdminCampaign> {
  const answer = await postCampaign(apiUrl, adminToken, {
    name: 'Benchkampanje',
    start: new Date(Date.now() + startHours * 3_600_000).toISOString(),
    end: new Date(Date.now() + (startHours + 72) * 3_600_000).toISOString(),
    labelText: 'Bench',
    items: ids.map((articleId) => ({ articleId, price: 9900, labelType: 'price', labelData: {} })),
  });
  if (answer.status !== 201) throw new Error(`Campaign call answered ${String(answer.status)}`);
  return (await answer.json()) as ApiAdminCampaign;
}

/** Name, seconds, rendered, reused, peak MiB (or null), seconds of disk work after. */
const rows: Array<[string, number, number, number, number | null, number]> = [];

try {
  console.log('full build ...');
  await buildRelease(brand, { ...options, keep: 3 });
  const productIds = readdirSync(join(liveDir(brandDist(options.distRoot, brand)) ?? '', 'product'))
    .filter((n) => /^\d+\.html$/.test(n))
    .map((n) => Number.parseInt(n, 10));

  await campaignOn(productIds.slice(0, 50), -1);
  console.log('(b) campaign rebuild ...');
  let started = performance.now();
  const rebuild = await buildRelease(brand, { ...options, keep: 3 });
  rows.push([
    '(b) campaign on 50, rebuild',
    rebuild.seconds,
    rebuild.pagesRendered,
    rebuild.pagesReused,
    rebuild.peakMiB,
    (performance.now() - started) / 1000 - rebuild.seconds,
  ]);

  for (const [n, ids] of [productIds.slice(50, 100), productIds.slice(100, 150)].entries()) {
    const coming = await campaignOn(ids, 24);
    const name = `preview ${String(n + 1)} of a campaign on 50`;
    console.log(`${name} that starts tomorrow ...`);
    started = performance.now();
    const preview = await buildPreview(
      brand,
      { id: coming.id, name: coming.name, start: coming.start },
      { ...options, adminToken },
    );
    rows.push([
      name,
      preview.seconds,
      preview.pagesRendered,
      preview.pagesReused,
      preview.peakMiB,
      (performance.now() - started) / 1000 - preview.seconds,
    ]);
  }

  console.log(`\n${brand} at ${String(articles)} articles`);
  console.log('build                            seconds  rendered   reused  peak MiB  after s');
  for (const [name, seconds, rendered, reused, peakMiB, after] of rows) {
    console.log(
      `${name.padEnd(31)}${seconds.toFixed(1).padStart(8)}${String(rendered).padStart(10)}${String(reused).padStart(9)}${(peakMiB?.toFixed(0) ?? 'n/a').padStart(10)}${after.toFixed(1).padStart(9)}`,
    );
  }
  console.log(
    "\nseconds: (b) from the trigger until the release is live; the preview from the trigger until\nit can be opened. after: the disk work that follows under the brand's lock ((b): the standby\ncopy kept, pruning; the preview: its standby copy made its release again and put back).",
  );
} finally {
  workers.close();
  await apiServer.close();
  db.close();
  rmSync(scratch, { recursive: true, force: true });
}
