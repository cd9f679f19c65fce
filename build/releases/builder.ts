import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBrand, type BrandBuildResult } from '../../scripts/lib/build-brands.ts';
import {
  apiGivesPriorPrice,
  priceRecordsDir,
  publishedHistories,
  publishedPrices,
  readPriceRecords,
  writePriceRecord,
} from '../../scripts/lib/price-records.ts';
import { buildFingerprint, writeStamp } from '../../scripts/lib/stale.ts';
import type { BuildOutcome } from './queue.ts';
import { withBrandLock } from './lock.ts';
import {
  brandDist,
  completeRelease,
  listReleases,
  prepareRelease,
  pruneReleases,
  shareUnchangedFiles,
  switchLive,
  type ReleaseInfo,
} from './releases.ts';
import { smokeCheck } from './smoke.ts';
import { prepareStandby, takeStandby } from './standby.ts';

/** Where and how the release builder builds. */
export interface ReleaseBuilderOptions {
  /** Folder of the brands' live links and `.releases/` (e.g. `<repo>/dist`). */
  distRoot: string;
  /** Folder of the brands' incremental build caches (e.g. `<repo>/.cache`). */
  cacheRoot: string;
  /** The `/api/v1` base URL the build reads. */
  apiUrl: string;
  /** Complete releases kept for rollback (the live one and the one before always stay). */
  keep: number;
  /**
   * What the build was made from (scripts/lib/stale.ts), kept in the release so that
   * `npm start` knows whether the live release is still fresh.
   */
  fingerprint?: string;
  /** Build even when the live release was made from the same code and data. */
  force?: boolean;
  /** More environment for the build (tests point it at a failing API, a full disk ...). */
  env?: Record<string, string>;
  /**
   * Called with the outcome as soon as the new release is live. The returned promise settles
   * later, once the disk work after the switch is done (sharing unchanged files with the
   * release before, pruning old releases, the standby copy for the next build).
   */
  onLive?: (outcome: BuildOutcome) => void;
}

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What a build of `brand` would be made from: the code (scripts/lib/stale.ts), the API's data
 * revision (`GET catalogue/revision`, which the reference backend answers) and the year the
 * footer shows. Null when the API tells no revision: then every build runs.
 */
async function buildInputs(brand: string, apiUrl: string): Promise<string | null> {
  try {
    const response = await fetch(`${apiUrl}/catalogue/revision`);
    if (!response.ok) return null;
    const { revision } = (await response.json()) as { revision?: unknown };
    if (typeof revision !== 'string') return null;
    return `${buildFingerprint(root, brand)}|${revision}|${new Date().getFullYear()}`;
  } catch {
    return null;
  }
}

/**
 * For an API without a førpris: writes the prices the brand's releases published, as price
 * histories, into the build's cache folder for the build-time client to reckon the førpris
 * from (src/lib/build/documented-prior-prices.ts). Answers the file, and says so.
 */
function writeHistories(cacheDir: string, recordsDir: string, now: Date): string {
  const records = readPriceRecords(recordsDir);
  const file = join(cacheDir, 'published-prices.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(publishedHistories(records, now))));
  console.log(
    `Førpris: API-et gir ingen; den regnes ut fra prisene ${String(records.length)} tidligere utgaver publiserte, og ingen nedsettelse vises som de ikke dokumenterer.`,
  );
  return file;
}

/**
 * Records the prices the release just made live published (scripts/lib/price-records.ts),
 * from the article details its product pages were rendered from. A record that cannot be
 * written is told, not a failed build: the release is live already.
 */
async function recordPrices(
  brand: string,
  releaseId: string,
  recordsDir: string,
  cacheDir: string,
  givesPriorPrice: boolean,
): Promise<void> {
  try {
    writePriceRecord(recordsDir, {
      releaseId,
      brand,
      publishedAt: new Date().toISOString(),
      priorPriceSource: givesPriorPrice ? 'api' : 'releases',
      articles: await publishedPrices(join(cacheDir, 'product-details')),
    });
  } catch (error) {
    console.warn(`Kunne ikke skrive prisene ${releaseId} publiserte: ${String(error)}`);
  }
}

/** Releases kept per brand unless `RELEASES_KEEP` says otherwise. */
export const defaultKeep = Number(process.env['RELEASES_KEEP'] ?? 5);

/**
 * Builds `brand` into a new release and makes it live, unless the live release was made from
 * the same code and data (see `buildInputs`; `force` builds anyway): an incremental `astro build` into
 * the release's own folder (made from the standby copy of the live release when there is one,
 * see standby.ts), a smoke check of the result through the host code, then the atomic switch
 * of the live link; after it, sharing unchanged files, pruning to `keep` releases and the
 * next standby copy. A build that fails at any
 * step leaves the live release as it was, removes its half-made folder and drops the
 * incremental manifest, whose cached pages a failed build may have half-replaced; the next
 * build then renders every page once.
 */
export async function buildRelease(
  brand: string,
  options: ReleaseBuilderOptions,
): Promise<BuildOutcome> {
  const dist = brandDist(options.distRoot, brand);
  mkdirSync(dist.releases, { recursive: true });
  return withBrandLock(dist.releases, async () => {
    const cacheDir = join(options.cacheRoot, `astro-${brand}`);
    const manifest = join(cacheDir, 'incremental-build.json');
    const unfinished = join(cacheDir, '.build-unfinished');
    // A build killed before its end may have left cached pages its manifest does not match.
    if (existsSync(unfinished)) rmSync(manifest, { force: true });
    const startedAt = new Date();
    const inputs = await buildInputs(brand, options.apiUrl);
    const live = listReleases(dist).find((r) => r.live);
    if (live && inputs && live.inputs === inputs && !options.force) {
      return {
        releaseId: live.id,
        pagesRendered: 0,
        pagesReused: live.pagesRendered + live.pagesReused,
        seconds: (Date.now() - startedAt.getTime()) / 1000,
        skipped: null,
        peakMiB: null,
      };
    }
    const dir = prepareRelease(dist);
    const recordsDir = priceRecordsDir(options.distRoot, brand);
    const givesPriorPrice = await apiGivesPriorPrice(options.apiUrl, brand);
    let info: ReleaseInfo;
    let result: BrandBuildResult;
    let fromStandby: boolean;
    try {
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(unfinished, String(process.pid));
      fromStandby = await takeStandby(options.distRoot, brand, live?.id ?? null, dir);
      const priceEnv = givesPriorPrice
        ? {}
        : { PRICE_HISTORY_FILE: writeHistories(cacheDir, recordsDir, startedAt) };
      result = await buildBrand(brand, options.apiUrl, {
        ...priceEnv,
        ...options.env,
        OUT_DIR: dir,
        CACHE_DIR: cacheDir,
        KEEP_OUT_DIR: '1',
      });
      await smokeCheck(dir);
      if (options.fingerprint) writeStamp(dir, options.fingerprint);
      info = completeRelease(dir, {
        brand,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        seconds: result.seconds,
        pagesRendered: result.pagesRendered,
        pagesReused: result.pagesReused,
        ...(inputs ? { inputs } : {}),
      });
      switchLive(dist, dir);
      // Only now do the cached pages match the live release, which the standby copy of it
      // must agree with: a build that fails after Astro's end, in the smoke check say, drops
      // the manifest like one that fails during it.
      rmSync(unfinished, { force: true });
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      if (existsSync(unfinished)) {
        rmSync(manifest, { force: true });
        rmSync(unfinished, { force: true });
      }
      throw error;
    }
    const outcome: BuildOutcome = {
      releaseId: info.id,
      pagesRendered: info.pagesRendered,
      pagesReused: info.pagesReused,
      seconds: (Date.now() - startedAt.getTime()) / 1000,
      skipped: result.skipped,
      peakMiB: result.peakMiB,
    };
    await recordPrices(brand, info.id, recordsDir, cacheDir, givesPriorPrice);
    options.onLive?.(outcome);
    // Live from here: what follows only saves disk and prepares the next build, and never
    // touches the new release's content, so it counts neither in the build's time nor as its
    // failure.
    if (live) {
      // A standby copy holds the live release's files as they were: what the build did not
      // write since it started is theirs.
      const copiedBefore = fromStandby ? startedAt.getTime() : 0;
      await shareUnchangedFiles(dir, live.dir, copiedBefore).catch((error: unknown) => {
        console.warn(`Kunne ikke dele uendrede filer med ${live.id}: ${String(error)}`);
      });
    }
    pruneReleases(dist, options.keep);
    await prepareStandby(options.distRoot, brand, dir, info.id).catch((error: unknown) => {
      console.warn(`Kunne ikke lage reservekopi av ${info.id}: ${String(error)}`);
    });
    return outcome;
  });
}

/**
 * {@link buildRelease}, settled as soon as the new release is live: for the build queue, whose
 * brand state says "live" from the switch on. The disk work after the switch goes on under
 * the brand's lock, so a next build of the brand waits for it.
 */
export function buildReleaseUntilLive(
  brand: string,
  options: ReleaseBuilderOptions,
): Promise<BuildOutcome> {
  return new Promise((resolve, reject) => {
    buildRelease(brand, { ...options, onLive: resolve }).then(resolve, reject);
  });
}
