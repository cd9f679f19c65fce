/**
 * A preview build: the brand as shoppers will see it at a coming campaign's start, made by
 * the build module with its `previewAt` option (builder/storefront-build.ts) and by the same
 * incremental build as a campaign rebuild, into a folder of its own that is never a release
 * and never live.
 *
 * Astro reuses a page whose copy is already in its out folder as it is (`(cached)`), so the
 * out folder must be the very output its incremental manifest describes. A preview therefore
 * builds, under the brand's build lock, into the standby copy the next rebuild would take
 * (builder/releases/standby.ts), with a copy of the live build's manifest, data store and
 * product details' state in a cache folder of its own: it reads anew the details that differ
 * at that moment, reads the others from the live build's cache, and renders again exactly the
 * pages whose data differs (the campaign's), as the rebuild at the campaign's start will. It
 * never writes the live build's cache. Its folder is made from the copy as a release is
 * (unchanged files are hard links to the release the copy equals), and the copy is then made
 * that release again, file by file for what the preview changed, and put back: the release
 * machinery (standby copy, cache, releases, live link) is left as the preview found it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { productDetailsStateFile } from '../../src/lib/content/product-details.ts';
import { listingsFile } from '../../src/lib/content/listings.ts';
import { PREVIEW_AT_HEADER } from '../../contract/preview.ts';
import { buildBrand, type BuildWorkers } from '../build-brands.ts';
import { withBrandLock } from '../releases/lock.ts';
import { brandDist, listReleases } from '../releases/releases.ts';
import {
  baseLinks,
  dropStandby,
  keepStandby,
  prepareBaseLinks,
  releaseFromStandby,
  restoreStandby,
  takeStandby,
  type Standby,
} from '../releases/standby.ts';

/** Where and from what previews are built. */
export interface PreviewBuildOptions {
  /** Folder of the brands' live links, `.releases/`, `.standby/` and `.previews/`. */
  distRoot: string;
  /** Folder of the brands' incremental build caches (e.g. `<repo>/.cache`). */
  cacheRoot: string;
  /** The `/api/v1` base URL the build reads. */
  apiUrl: string;
  /** The campaign admin's bearer token, which the API asks beside the preview's moment. */
  adminToken: string;
  /** More environment for the build (tests). */
  env?: Record<string, string>;
  /** Hears `rendering` at the build's first page (the fault test kills the build there). */
  onStep?: (step: 'rendering') => void;
  /** The builder's warm build processes (builder/build-brands.ts), which a preview shares. */
  workers?: BuildWorkers;
}

/** What a preview is of, and how its build went (`.preview.json` in its folder). */
export interface PreviewInfo {
  brand: string;
  campaignId: number;
  campaignName: string;
  /** ISO instant the preview shows: the campaign's start. */
  at: string;
  /** ISO times of the build's start and end. */
  startedAt: string;
  finishedAt: string;
  /** Seconds from the lock taken to the preview in place (the standby copy's restoring after excluded). */
  seconds: number;
  pagesRendered: number;
  pagesReused: number;
  /** Peak resident memory of the build in MiB, or null when unknown. */
  peakMiB: number | null;
}

/** The campaign a preview shows. */
export interface PreviewCampaign {
  id: number;
  name: string;
  /** ISO instant of its start: the moment the preview shows. */
  start: string;
}

/** The file that marks a preview folder complete, written last. */
export const previewFile = '.preview.json';

/** `<distRoot>/.previews/<brand>`: the brand's previews, one folder per campaign. */
export function brandPreviewsDir(distRoot: string, brand: string): string {
  return join(distRoot, '.previews', brand);
}

/** The folder of `brand`'s preview of campaign `campaignId`. */
export function previewDir(distRoot: string, brand: string, campaignId: number): string {
  return join(brandPreviewsDir(distRoot, brand), String(campaignId));
}

/** The preview in `dir`, or null when there is none complete. */
export function readPreview(dir: string): PreviewInfo | null {
  try {
    return JSON.parse(readFileSync(join(dir, previewFile), 'utf8')) as PreviewInfo;
  } catch {
    return null;
  }
}

/** The cache folder of `brand`'s preview builds, apart from its live builds'. */
export function previewCacheDir(cacheRoot: string, brand: string): string {
  return join(cacheRoot, `preview-${brand}`);
}

/**
 * Asks the API whether it answers as of `at` (contract/README.md, "Preview"): an API that
 * ignored the moment would give a preview of today's prices under tomorrow's banner.
 */
async function requireMomentHonoured(options: PreviewBuildOptions, at: string): Promise<void> {
  const response = await fetch(`${options.apiUrl}/catalogue/revision`, {
    headers: { [PREVIEW_AT_HEADER]: at, Authorization: `Bearer ${options.adminToken}` },
  });
  if (response.status === 401) {
    throw new Error('API-et godtok ikke kampanjenøkkelen for forhåndsvisningen.');
  }
  if (!response.ok || response.headers.get(PREVIEW_AT_HEADER) === null) {
    throw new Error(
      `API-et kan ikke svare slik butikken blir på et senere tidspunkt (svarte ${String(response.status)} uten ${PREVIEW_AT_HEADER}), så forhåndsvisningen ville vist dagens priser.`,
    );
  }
}

/**
 * Makes the preview build's cache hold what the live build left: its manifest, data store,
 * listings and the state of its product details (links, or copies), not its cached pages (the
 * standby copy holds those) nor the details themselves. The preview reads anew the details
 * that differ at its moment into its own folder, and its pages read the others from the live
 * build's (its `baseCacheDir`, src/lib/content/product-details.ts): at 50,000 articles, linking
 * 50,000 details into the preview's folder, and removing them again at the next preview, took
 * a second of every preview. Answers whether it could: not when the live build left nothing
 * whole.
 */
async function seedPreviewCache(liveCache: string, cache: string): Promise<boolean> {
  if (existsSync(join(liveCache, '.build-unfinished'))) return false;
  const [from, into] = [liveCache, cache].map((dir) => pathToFileURL(`${dir}/`)) as [URL, URL];
  const files = [
    ...['incremental-build.json', 'data-store.json'].map((name) => [
      new URL(name, from),
      new URL(name, into),
    ]),
    [productDetailsStateFile(from), productDetailsStateFile(into)],
    [listingsFile(from), listingsFile(into)],
  ] as Array<[URL, URL]>;
  for (const [source, copy] of files) {
    if (!existsSync(source)) continue;
    await mkdir(new URL('./', copy), { recursive: true });
    await rm(copy, { force: true });
    // A link where it can be: each is written as a new file renamed over the old, never in
    // place, so the preview's build leaves the live build's as it was; and a warm build process
    // knows a file it wrote by its identity (src/lib/content/written-files.ts, Astro's manifest
    // in patches/astro+*.patch), so it reads these back from memory, not 20 MB of JSON at 50,000
    // articles, with the manifest's entries as the last build left them.
    await link(source, copy).catch(() => copyFile(source, copy));
  }
  return true;
}

/**
 * Builds `brand` as of `campaign`'s start into its preview folder (replacing an earlier
 * preview of it), under the brand's build lock: a running build finishes first, and a build
 * asked for meanwhile waits. Without a standby copy to build into (the first build, or one
 * cut short), it builds into an empty folder from an empty cache: every page rendered once.
 * `onReady` hears the preview as soon as it is in place; the promise settles once the
 * standby copy is as it was. A failed build leaves no preview folder behind; a standby copy
 * it cannot restore is dropped, as after a failed rebuild.
 */
export async function buildPreview(
  brand: string,
  campaign: PreviewCampaign,
  options: PreviewBuildOptions,
  onReady?: (info: PreviewInfo) => void,
): Promise<PreviewInfo> {
  const dist = brandDist(options.distRoot, brand);
  mkdirSync(dist.releases, { recursive: true });
  const at = new Date(campaign.start).toISOString();
  return withBrandLock(dist.releases, async () => {
    const startedAt = new Date();
    await requireMomentHonoured(options, at);
    const final = previewDir(options.distRoot, brand, campaign.id);
    const partial = `${final}.partial`;
    const cache = previewCacheDir(options.cacheRoot, brand);
    await Promise.all([partial, cache].map((dir) => rm(dir, { recursive: true, force: true })));
    mkdirSync(cache, { recursive: true });
    let standby: Standby | null = null;
    let linked: Promise<ReadonlySet<string>> | null = null;
    let buildStart = 0;
    let info: PreviewInfo;
    try {
      const liveCache = join(options.cacheRoot, `astro-${brand}`);
      standby = await takeStandby(options.distRoot, brand, listReleases(dist));
      // The copy equals the last release built, whose manifest the live cache holds.
      if (standby && !(await seedPreviewCache(liveCache, cache))) {
        await keepStandby(standby, standby.base.id);
        standby = null;
      }
      // The preview folder's links to the unchanged files, as a release's are
      // (builder/releases/builder.ts): those a warm builder made ahead, else made while Astro
      // builds. A preview right after a release made its own beside the ones being made ahead.
      linked = standby ? baseLinks(options.distRoot, brand, standby, partial) : null;
      linked?.catch(() => undefined);
      buildStart = Date.now();
      let rendering = false;
      const result = await buildBrand(
        {
          brand,
          outDir: standby?.dir ?? partial,
          cacheDir: cache,
          keepOutDir: standby !== null,
          previewAt: at,
          // Seeded from the live build, whose details stand for those the preview keeps.
          baseCacheDir: standby === null ? null : liveCache,
        },
        options.apiUrl,
        // The token by the environment, never the build's command line (storefront-build.ts).
        { ...options.env, CAMPAIGN_ADMIN_TOKEN: options.adminToken },
        () => {
          if (!rendering) options.onStep?.('rendering');
          rendering = true;
        },
        options.workers,
      );
      if (standby) {
        const links = (await linked) ?? undefined;
        await releaseFromStandby(standby, partial, buildStart, links, new Set(result.leftInPlace));
      }
      info = {
        brand,
        campaignId: campaign.id,
        campaignName: campaign.name,
        at,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        seconds: (Date.now() - startedAt.getTime()) / 1000,
        pagesRendered: result.pagesRendered,
        pagesReused: result.pagesReused,
        peakMiB: result.peakMiB,
      };
      // Last into the folder: from here on it is a preview.
      writeFileSync(join(partial, previewFile), JSON.stringify(info, null, 2));
      await rm(final, { recursive: true, force: true });
      await rename(partial, final);
    } catch (error) {
      // Links still being made would land in a folder being removed.
      await linked?.catch(() => undefined);
      await rm(partial, { recursive: true, force: true });
      if (standby) await putBack(options.distRoot, brand, standby, buildStart);
      await rm(cache, { recursive: true, force: true });
      throw error;
    }
    onReady?.(info);
    if (standby && (await putBack(options.distRoot, brand, standby, buildStart))) {
      // The next build's links, which this preview took (standby.ts).
      if (options.workers) void prepareBaseLinks(options.distRoot, brand, standby.base);
    }
    await rm(cache, { recursive: true, force: true });
    return info;
  });
}

/**
 * The standby copy a preview went into, made its release again and put back for the next
 * rebuild; dropped when that fails (the next rebuild then goes into an empty folder). Answers
 * whether it was put back.
 */
async function putBack(
  distRoot: string,
  brand: string,
  standby: Standby,
  buildStart: number,
): Promise<boolean> {
  try {
    if (buildStart > 0) await restoreStandby(standby, buildStart);
    await keepStandby(standby, standby.base.id);
    return true;
  } catch (error) {
    console.warn(`Kunne ikke legge tilbake reservekopien av ${standby.base.id}: ${String(error)}`);
    await dropStandby(distRoot, brand);
    return false;
  }
}
