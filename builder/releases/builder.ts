import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBrand, type BrandBuildResult, type BuildWorkers } from '../build-brands.ts';
import {
  apiGivesPriorPrice,
  priceRecordsDir,
  publishedHistories,
  publishedPrices,
  readPriceRecords,
  writePriceRecord,
} from '../price-records.ts';
import { buildFingerprint, writeStamp } from '../stale.ts';
import type { BuildOutcome } from './queue.ts';
import { withBrandLock } from './lock.ts';
import {
  brandDist,
  clearInterrupted,
  completeRelease,
  listReleases,
  prepareRelease,
  pruneReleases,
  shareUnchangedFiles,
  switchLive,
  type ReleaseInfo,
} from './releases.ts';
import { smokeCheck } from './smoke.ts';
import {
  baseLinks,
  clearStandby,
  dropBaseLinks,
  dropStandby,
  emptyStandby,
  keepStandby,
  prepareBaseLinks,
  prepareStandby,
  releaseFromStandby,
  standbyBecomesRelease,
  takeStandby,
  type Standby,
} from './standby.ts';

/**
 * The points a build passes, in order, as {@link ReleaseBuilderOptions.onStep} hears them:
 * `unchanged` when the live release was made from the same code and data (the build ends
 * there), `rendering` at Astro's first page, `rendered` when Astro is done, `checked` when the
 * release's files are in its folder and passed the smoke check (its record is written next),
 * `switching` with the new live link made but not yet renamed over the old, `live` after the
 * switch; then, after a build into an empty folder, `standby-copy` while the standby copy is
 * made, and `settled` when the work after the switch is done.
 */
export type BuildStep =
  | 'unchanged'
  | 'rendering'
  | 'rendered'
  | 'checked'
  | 'switching'
  | 'live'
  | 'standby-copy'
  | 'settled';

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
   * What the build was made from (builder/stale.ts), kept in the release so that
   * `npm start` knows whether the live release is still fresh.
   */
  fingerprint?: string;
  /** Build even when the live release was made from the same code and data. */
  force?: boolean;
  /** More environment for the build (tests point it at a failing API, a full disk ...). */
  env?: Record<string, string>;
  /**
   * Called with the outcome as soon as the new release is live. The returned promise settles
   * later, once the work after the switch is done (the record of the prices it published,
   * pruning old releases; after a build into an empty folder, sharing unchanged files with
   * the release before and the standby copy for the next build).
   */
  onLive?: (outcome: BuildOutcome) => void;
  /** Hears each point the build passes (progress, and the fault tests' moments to kill it). */
  onStep?: (step: BuildStep) => void;
  /**
   * Hears what the build is made from ({@link buildInputs}) once it has asked, before any
   * step: a press during the build can tell whether it would bring anything new.
   */
  onInputs?: (inputs: string | null) => void;
  /** Hears the count of files rendered so far, a few times a second while pages render. */
  onPages?: (pagesRendered: number) => void;
  /**
   * The warm build processes of a builder that runs on (`npm start`'s): the brand's build
   * runs in the process of its last, and the links of its next release to this one's files
   * are made ahead (standby.ts). Without, each build starts a process of its own.
   */
  workers?: BuildWorkers;
}

/**
 * What {@link buildRelease} rejects with when the release went live but the work after its
 * switch failed: the release is live and stays so; the disk may hold more than it should.
 */
export class AfterLiveError extends Error {
  readonly outcome: BuildOutcome;
  readonly causes: readonly unknown[];

  constructor(outcome: BuildOutcome, causes: readonly unknown[]) {
    super(
      `Release ${outcome.releaseId} is live, but the work after its switch failed: ${causes.map(String).join('; ')}`,
    );
    this.name = 'AfterLiveError';
    this.outcome = outcome;
    this.causes = causes;
  }
}

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What a build of `brand` would be made from: the code (builder/stale.ts), the API's data
 * revision (`GET catalogue/revision`, which the reference backend answers) and the year the
 * footer shows. Null when the API tells no revision: then every build runs.
 */
export async function buildInputs(brand: string, apiUrl: string): Promise<string | null> {
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
 * from (src/lib/api/documented-prior-prices.ts). Answers the file, and says so.
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
 * Records the prices the release just made live published (builder/price-records.ts),
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
 * the same code and data (see `buildInputs`; `force` builds anyway): an incremental
 * `astro build` into the standby copy of the last release (standby.ts) and the new release
 * made from it, or, without a standby copy, into an empty folder in its place that then becomes
 * the release's (so that every build of the brand has one out folder); a smoke
 * check of the result through the host code; its record, written last; then the atomic switch
 * of the live link. After it: pruning to `keep` releases and, after a build into an empty
 * folder, sharing unchanged files with the release before and the standby copy for the next
 * build. A build that fails at any step leaves the live release as it was, removes its
 * half-made folder and the standby copy, and drops the incremental manifest, whose cached
 * pages a failed build may have half-replaced; the next build then renders every page once.
 * Rejects with an {@link AfterLiveError} when only the work after the switch failed.
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
    options.onInputs?.(inputs);
    const live = listReleases(dist).find((r) => r.live);
    const step = options.onStep ?? (() => undefined);
    if (live && inputs && live.inputs === inputs && !options.force) {
      step('unchanged');
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
    let standby: Standby | null = null;
    let emptied: string | null = null;
    let linked: Promise<ReadonlySet<string>> | null = null;
    try {
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(unfinished, String(process.pid));
      standby = await takeStandby(options.distRoot, brand, listReleases(dist));
      // The release folder's links to the unchanged files: made ahead by a warm builder, else
      // while Astro builds (at 50,000 articles 98,000 links, longer than a warm campaign
      // build's render, so they start with the build, not at its first page).
      linked = standby ? baseLinks(options.distRoot, brand, standby, dir) : null;
      // Awaited below, or before the folder is removed when the build fails first.
      linked?.catch(() => undefined);
      const priceEnv = givesPriorPrice
        ? {}
        : { PRICE_HISTORY_FILE: writeHistories(cacheDir, recordsDir, startedAt) };
      // Without a standby copy, into an empty folder at its place (emptyStandby).
      const outDir = standby
        ? standby.dir
        : (emptied = await emptyStandby(options.distRoot, brand));
      // What the build writes into the standby copy is newer than this.
      const buildStart = Date.now();
      let rendering = false;
      result = await buildBrand(
        // An empty folder becomes the release as it is, and releases are never written into.
        { brand, outDir, cacheDir, keepOutDir: true, linkCache: emptied !== null },
        options.apiUrl,
        { ...priceEnv, ...options.env },
        (pagesRendered) => {
          if (!rendering) step('rendering');
          rendering = true;
          options.onPages?.(pagesRendered);
        },
        options.workers,
      );
      step('rendered');
      if (standby) {
        const links = (await linked) ?? undefined;
        await releaseFromStandby(standby, dir, buildStart, links, new Set(result.leftInPlace));
      }
      if (emptied) await standbyBecomesRelease(emptied, dir);
      await smokeCheck(dir);
      step('checked');
      if (options.fingerprint) writeStamp(dir, options.fingerprint);
      // Last into the folder: from here on it is a release (releases.ts).
      info = completeRelease(dir, {
        brand,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        seconds: result.seconds,
        pagesRendered: result.pagesRendered,
        pagesReused: result.pagesReused,
        ...(inputs ? { inputs } : {}),
      });
      switchLive(dist, dir, () => step('switching'));
      // Only now do the cached pages match the live release, which the standby copy of it
      // must agree with: a build that fails after Astro's end, in the smoke check say, drops
      // the manifest like one that fails during it.
      rmSync(unfinished, { force: true });
    } catch (error) {
      // Links still being made would land in a folder being removed.
      await linked?.catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
      // Half rewritten, or equal to no release.
      if (standby || emptied) await dropStandby(options.distRoot, brand);
      if (existsSync(unfinished)) {
        rmSync(manifest, { force: true });
        rmSync(unfinished, { force: true });
      }
      throw error;
    }
    step('live');
    const outcome: BuildOutcome = {
      releaseId: info.id,
      pagesRendered: info.pagesRendered,
      pagesReused: info.pagesReused,
      seconds: (Date.now() - startedAt.getTime()) / 1000,
      skipped: result.skipped,
      peakMiB: result.peakMiB,
    };
    // Live from here: what follows records the prices it published, saves disk and prepares
    // the next build, and never touches the new release's content, so it counts neither in
    // the build's time nor as its failure; what fails in it is told (AfterLiveError) once the
    // rest is done. The caller hears "live" first: shoppers see the release from the switch on
    // (the price record alone took 7 s at 50,000 articles).
    options.onLive?.(outcome);
    await new Promise((resolve) => setImmediate(resolve));
    const failures: unknown[] = [];
    const attempt = async (work: () => unknown) => {
      try {
        await work();
        return true;
      } catch (error) {
        failures.push(error);
        return false;
      }
    };
    // The standby copy now equals the new release: kept for the next build (a rename).
    const kept = standby;
    let standbyReady = kept !== null && (await attempt(() => keepStandby(kept, info.id)));
    await recordPrices(brand, info.id, recordsDir, cacheDir, givesPriorPrice);
    if (!kept && live) {
      // Built into an empty folder: its files are all its own until shared.
      await attempt(() => shareUnchangedFiles(dir, live.dir));
    }
    await attempt(() => pruneReleases(dist, options.keep));
    if (!kept) {
      standbyReady = await attempt(() =>
        prepareStandby(options.distRoot, brand, dir, info.id, () => step('standby-copy')),
      );
    }
    // A warm builder builds again: the next build's links to this release's files are made
    // now, in the background, not while it builds (standby.ts). A one-off build would only wait
    // for them before its process could end.
    if (options.workers && standbyReady) {
      void prepareBaseLinks(options.distRoot, brand, { id: info.id, dir });
    }
    step('settled');
    if (failures.length > 0) throw new AfterLiveError(outcome, failures);
    return outcome;
  });
}

/**
 * Clears what killed builds left in every one of `brands` (release folders without a record of
 * their own, stray links, standby copies cut short), each under its lock: for a builder's
 * start, before anything lists or rolls back releases.
 */
export async function clearKilledBuilds(
  distRoot: string,
  brands: readonly string[],
): Promise<void> {
  for (const brand of brands) {
    const dist = brandDist(distRoot, brand);
    if (!existsSync(dist.releases)) continue;
    await withBrandLock(dist.releases, async () => {
      clearInterrupted(dist);
      await clearStandby(distRoot, brand, listReleases(dist));
      await dropBaseLinks(distRoot, brand);
    });
  }
}

/** A build that went live, and the work after its switch (see {@link buildReleaseUntilLive}). */
export interface LiveBuild extends BuildOutcome {
  /** Settles when the work after the switch is done; rejects with an {@link AfterLiveError}. */
  afterLive: Promise<void>;
}

/**
 * {@link buildRelease}, settled as soon as the new release is live: for the build queue, whose
 * brand state says "live" from the switch on. The disk work after the switch goes on under
 * the brand's lock, so a next build of the brand waits for it; what fails in it rejects
 * `afterLive`.
 */
export async function buildReleaseUntilLive(
  brand: string,
  options: ReleaseBuilderOptions,
): Promise<LiveBuild> {
  let wentLive = (_outcome: BuildOutcome) => {};
  const live = new Promise<BuildOutcome>((resolve) => (wentLive = resolve));
  const whole = buildRelease(brand, { ...options, onLive: (outcome) => wentLive(outcome) });
  // A build that fails before its switch rejects here; one not needed resolves without it.
  const outcome = await Promise.race([live, whole]);
  return { ...outcome, afterLive: whole.then(() => undefined) };
}
