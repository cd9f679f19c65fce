/**
 * Reading and tidying a build's out folder, file by file: shared by the standby copy
 * (standby.ts), the releases (releases.ts) and the pruning at a build's end
 * (prune-stale-output.ts). Kept apart from them so that the build's code digest
 * (builder/code-digest.ts), which follows the integration's imports, holds only this and the
 * pruning: a change to how releases are made renders no page again.
 */
import { statSync, type Stats } from 'node:fs';
import { mkdir, readdir, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The paths, relative to `dir`, of every file in the tree below it. Folder by folder, each
 * path its folder's prefix and its name: `readdir`'s own recursion and a `relative()` per
 * file took twice as long for a brand's 98,000 files at 50,000 articles.
 */
export async function filesIn(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) files.push(`${prefix}${entry.name}`);
    }
  };
  await walk(dir, '');
  return files;
}

/**
 * The path of the file at `url` relative to the folder at `dir`, as {@link filesIn} names it,
 * from the URLs' text (a path made of each URL took twice as long), or null when the file is
 * not below the folder.
 */
export function pathBelow(dir: URL, url: URL): string | null {
  const prefix = dir.href.endsWith('/') ? dir.href : `${dir.href}/`;
  return url.href.startsWith(prefix) ? decodeURIComponent(url.href.slice(prefix.length)) : null;
}

/** Makes the folders the files at `paths` go into below `to`. */
export async function makeFolders(to: string, paths: readonly string[]): Promise<void> {
  const folders = new Set([to, ...paths.map((path) => dirname(join(to, path)))]);
  for (const folder of folders) await mkdir(folder, { recursive: true });
}

/** Files stat'ed at once between two turns of the event loop (some 10 ms each). */
const STAT_BATCH = 1000;

/**
 * Each of `paths` with the stats of its file below `root`. Synchronous calls, a batch at a
 * time, and the event loop turns between batches: for the 98,000 files of a brand at 50,000
 * articles 0.5 s, where one promise per file through libuv's four threads took 1.4 s. A path
 * whose file is gone fails it, or with `skipGone` is left out.
 */
export async function statsOf(
  root: string,
  paths: readonly string[],
  skipGone = false,
): Promise<Array<[string, Stats]>> {
  const stats: Array<[string, Stats]> = [];
  for (let i = 0; i < paths.length; i += STAT_BATCH) {
    for (const path of paths.slice(i, i + STAT_BATCH)) {
      const found = statSync(join(root, path), { throwIfNoEntry: !skipGone });
      if (found) stats.push([path, found]);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return stats;
}

/** Removes each of `paths` (relative to `root`) and the folders that leaves empty. */
export async function removeFiles(root: string, paths: Iterable<string>): Promise<void> {
  const emptied = new Set<string>();
  for (const path of paths) {
    await rm(join(root, path));
    emptied.add(dirname(join(root, path)));
  }
  await removeEmptied(root, emptied);
}

/** Removes each of `folders` below `root` that files removed from it left empty. */
export async function removeEmptied(root: string, folders: ReadonlySet<string>): Promise<void> {
  // Deepest first, so a folder whose only content was an emptied folder goes too.
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    for (let dir = folder; dir.startsWith(`${root}/`); dir = dirname(dir)) {
      // Gone already: an emptied folder below it took it along.
      const left = await readdir(dir).catch(() => null);
      if (left === null) continue;
      if (left.length > 0) break;
      await rmdir(dir);
    }
  }
}
