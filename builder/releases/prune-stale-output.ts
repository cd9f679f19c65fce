/**
 * The end of a build into a standby copy (standby.ts): Astro's incremental build leaves the
 * last release's files in the out folder, and this removes those the build did not make
 * (pages of articles gone, old assets). Registered by the build's integration
 * (builder/storefront-build.ts) for builds with `keepOutDir`.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { filesIn, pathBelow, removeFiles, statsOf } from './output-files.ts';

/**
 * Removes from `root` every file older than `since` that `isKept` does not keep (paths
 * relative to `root`), and the folders that leaves empty; answers how many files it removed.
 * Everything this build wrote is newer than `since`, and every page it reused unchanged is
 * kept. `candidates` are the files to look at, all of the folder's when left out: a build
 * that knows which files its reused pages are names only the others. `isKept` is asked only
 * of the files older than `since` (after a campaign a few: the sitemap kept as it was).
 */
export async function removeStaleFiles(
  root: string,
  since: number,
  isKept: (file: string) => boolean,
  candidates?: Iterable<string>,
): Promise<number> {
  // A candidate the build removed meanwhile (the server bundle Astro rendered from) is gone.
  const stale = (await statsOf(root, candidates ? [...candidates] : await filesIn(root), true))
    .filter(([file, stats]) => stats.isFile() && stats.mtimeMs < since && !isKept(file))
    .map(([file]) => file);
  await removeFiles(root, stale);
  return stale.length;
}

/** What the pruning is told beside Astro's hook, by the build's integration. */
export interface PruneSources {
  /**
   * The files, relative to the out folder, the build keeps though it did not write them now
   * and they are not among its pages (the sitemap, when unchanged: builder/sitemap.ts).
   */
  keptToo: () => readonly string[];
  /**
   * The out folder's files that no reused page claimed when Astro looked before rendering
   * (patches/astro+*.patch), or null when it did not look: then the folder is walked.
   */
  unclaimed: () => ReadonlySet<string> | null;
}

/**
 * The integration that ends a build into a standby copy: removes what the build did not
 * make (see {@link removeStaleFiles}), timed from when Astro loaded its config.
 */
export function pruneStaleOutput({ keptToo, unclaimed }: PruneSources): AstroIntegration {
  let since = 0;
  return {
    name: 'prune-stale-output',
    hooks: {
      'astro:config:setup': () => {
        since = Date.now();
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        // Relative, as the folder's walk names them: an absolute path for each of a brand's
        // 98,000 files at 50,000 articles, and one for each file the walk found, took 0.1 s
        // of every build. Made only when a file is old enough to go and not kept otherwise.
        const also = new Set(keptToo());
        let pages: Set<string> | null = null;
        const isKept = (file: string) =>
          also.has(file) ||
          (pages ??= new Set(
            [...assets.values()].flat().flatMap((url) => pathBelow(dir, url) ?? []),
          )).has(file);
        const root = fileURLToPath(dir).replace(/\/$/, '');
        const removed = await removeStaleFiles(root, since, isKept, unclaimed() ?? undefined);
        logger.info(`Removed ${removed} file(s) the last release had and this build did not make.`);
      },
    },
  };
}
