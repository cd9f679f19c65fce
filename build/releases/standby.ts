/**
 * The standby copy: a copy of the live release, made once it is live, that the next build of
 * the brand builds into. Astro's incremental build leaves a reused page that is already in
 * its out folder as it is (`(cached)`); in an empty folder it copies each from its cache
 * (`(restored)`), which at 50,000 articles is some 98,000 files and 26 s of a campaign
 * rebuild. The copy costs that time once, after the switch, while shoppers already see the
 * new release, instead of inside the next rebuild.
 *
 * The copy has inodes of its own (never hard links): Astro rewrites a re-rendered page in
 * place, which would otherwise change the live release too. A build into it runs with
 * `KEEP_OUT_DIR=1` (astro.config.ts), and {@link pruneStaleOutput} then removes what the
 * last release had and this build did not make: pages of articles gone, old assets.
 */
import type { AstroIntegration } from 'astro';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapWithLimit } from '../../src/lib/map-with-limit.ts';
import { filesIn } from './releases.ts';

/** Where the standby copy of `brand`'s releases lives: beside the releases, not among them. */
export function standbyRoot(distRoot: string, brand: string): string {
  return join(distRoot, '.standby', brand);
}

/**
 * Copies the live release `dir` (id `releaseId`) into the brand's standby, replacing any
 * earlier one. The copy gets its final name only when complete, so a copy cut short is never
 * built into.
 */
export async function prepareStandby(
  distRoot: string,
  brand: string,
  dir: string,
  releaseId: string,
): Promise<void> {
  const root = standbyRoot(distRoot, brand);
  await rm(root, { recursive: true, force: true });
  const partial = join(root, `${releaseId}.partial`);
  await copyTree(dir, partial);
  await rename(partial, join(root, releaseId));
}

/** Files copied at once: enough to keep the disk busy. */
const COPY_CONCURRENCY = 8;

/**
 * Copies the tree `from` to `to`, files by `copyFile` several at once: `fs.cp` stats each
 * file several times and took 12.6 s for a release of 10,000 pages, this 1.5 s.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const files = await filesIn(from);
  const folders = new Set([to, ...files.map((path) => dirname(join(to, path)))]);
  for (const folder of folders) await mkdir(folder, { recursive: true });
  await mapWithLimit(files, COPY_CONCURRENCY, (path) => copyFile(join(from, path), join(to, path)));
}

/**
 * Moves the standby copy of release `liveId` to `into`, the new release's empty folder, and
 * answers true; answers false (and removes a standby of another release) when there is none.
 */
export async function takeStandby(
  distRoot: string,
  brand: string,
  liveId: string | null,
  into: string,
): Promise<boolean> {
  const root = standbyRoot(distRoot, brand);
  const standby = liveId === null ? null : join(root, liveId);
  if (standby === null || !existsSync(standby)) {
    await rm(root, { recursive: true, force: true });
    return false;
  }
  await rmdir(into);
  await rename(standby, into);
  await rm(root, { recursive: true, force: true });
  return true;
}

/**
 * Removes from `root` every file older than `since` that is not among `kept`, and the folders
 * that leaves empty; answers how many files it removed. Everything this build wrote is newer
 * than `since`, and every page it reused unchanged is in `kept`.
 */
export async function removeStaleFiles(
  root: string,
  since: number,
  kept: ReadonlySet<string>,
): Promise<number> {
  let removed = 0;
  const emptied = new Set<string>();
  for (const file of await filesIn(root)) {
    const path = join(root, file);
    if (kept.has(path) || (await stat(path)).mtimeMs >= since) continue;
    await rm(path);
    emptied.add(dirname(path));
    removed++;
  }
  // Deepest first, so a folder whose only content was an emptied folder goes too.
  for (const folder of [...emptied].sort((a, b) => b.length - a.length)) {
    for (let dir = folder; dir.startsWith(`${root}/`); dir = dirname(dir)) {
      // Gone already: an emptied folder below it took it along.
      const left = await readdir(dir).catch(() => null);
      if (left === null) continue;
      if (left.length > 0) break;
      await rmdir(dir);
    }
  }
  return removed;
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
        const kept = new Set([...assets.values()].flat().map((url) => fileURLToPath(url)));
        const removed = await removeStaleFiles(fileURLToPath(dir).replace(/\/$/, ''), since, kept);
        logger.info(`Removed ${removed} file(s) the last release had and this build did not make.`);
      },
    },
  };
}
