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
 * Removes from `root` every file older than `since` that is not among `kept` (paths relative
 * to `root`), and the folders that leaves empty; answers how many files it removed.
 * Everything this build wrote is newer than `since`, and every page it reused unchanged is in
 * `kept`.
 */
export async function removeStaleFiles(
  root: string,
  since: number,
  kept: ReadonlySet<string>,
): Promise<number> {
  // A kept file stays whatever its age: only the others (the build's few files besides its
  // pages, and what it no longer makes) need their times read, not the 98,000 pages of a
  // brand at 50,000 articles.
  const others = (await filesIn(root)).filter((file) => !kept.has(file));
  const stale = (await statsOf(root, others))
    .filter(([, { mtimeMs }]) => mtimeMs < since)
    .map(([file]) => file);
  await removeFiles(root, stale);
  return stale.length;
}

/**
 * The integration that ends a build into a standby copy: removes what the build did not
 * make (see {@link removeStaleFiles}), timed from when Astro loaded its config.
 */
export function pruneStaleOutput(): AstroIntegration {
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
        // of every build.
        const kept = new Set(
          [...assets.values()].flat().flatMap((url) => pathBelow(dir, url) ?? []),
        );
        const root = fileURLToPath(dir).replace(/\/$/, '');
        const removed = await removeStaleFiles(root, since, kept);
        logger.info(`Removed ${removed} file(s) the last release had and this build did not make.`);
      },
    },
  };
}
