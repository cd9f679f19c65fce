/**
 * The standby copy: a working copy of the last built release, with files of its own, that the
 * next build of the brand builds into. Astro's incremental build leaves a reused page that is
 * already in its out folder as it is (`(cached)`); in an empty folder it copies each from its
 * cache (`(restored)`), which at 50,000 articles is some 98,000 files and 26 s of a campaign
 * rebuild.
 *
 * The copy is never served and never a release: Astro rewrites a re-rendered page in place,
 * so its files are never hard links to a release's. After a build into it, the new release is
 * made from it by {@link releaseFromStandby}: what the build did not write is a hard link to
 * the release the copy equals, what it wrote a copy of its own; the standby then equals the
 * new release and is kept for the next build. So the whole copy is made only once, after a
 * build into an empty folder (the first, or one after a failed or killed build). A build into
 * it runs with the build option `keepOutDir` (builder/storefront-build.ts), and
 * prune-stale-output.ts then removes what the last release had and this build did not make:
 * pages of articles gone, old assets.
 *
 * Its folder, `<distRoot>/.standby/<brand>/`, holds `<id>` (a copy equal to release `<id>`),
 * `<id>.partial` (a copy being made) or `building` (taken by a build). Only `<id>` is ever
 * taken; whatever else a killed build left is removed by the next build.
 */
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mapWithLimit } from '../../src/lib/map-with-limit.ts';
import { DISK_CONCURRENCY } from '../disk-concurrency.ts';
import { stampName } from '../stale.ts';
import { filesIn, makeFolders, removeEmptied, removeFiles, statsOf } from './output-files.ts';
import { releaseFile, sameFile, type Release } from './releases.ts';
import type { StandbyLinksJob } from './standby-links.ts';
import { threadJob } from './thread-job.ts';

/** Where the standby copy of `brand`'s releases lives: beside the releases, not among them. */
export function standbyRoot(distRoot: string, brand: string): string {
  return join(distRoot, '.standby', brand);
}

/**
 * A release's own records, which the builder writes into each release after its build: never
 * in the standby copy, so that a copy (or a killed build's folder) never carries them.
 */
const releaseRecords = new Set([releaseFile, stampName]);

/** The paths, relative to `dir`, of its files but a release's own records. */
async function builtFiles(dir: string): Promise<string[]> {
  return (await filesIn(dir)).filter((path) => !releaseRecords.has(path));
}

/**
 * Copies the release `dir` (id `releaseId`), but its records, into the brand's standby,
 * replacing any earlier one. The copy gets its final name only when complete, so a copy cut
 * short is never built into. `onCopying` is called once its folders are made, as its files
 * are being copied (the fault tests kill the process there).
 */
export async function prepareStandby(
  distRoot: string,
  brand: string,
  dir: string,
  releaseId: string,
  onCopying?: () => void,
): Promise<void> {
  const root = standbyRoot(distRoot, brand);
  await rm(root, { recursive: true, force: true });
  const partial = join(root, `${releaseId}.partial`);
  // By copyFile, several at once: `fs.cp` stats each file several times and took 12.6 s for
  // a release of 10,000 pages, this 1.5 s.
  const files = await builtFiles(dir);
  await makeFolders(partial, files);
  onCopying?.();
  await mapWithLimit(files, DISK_CONCURRENCY, (path) =>
    copyFile(join(dir, path), join(partial, path)),
  );
  await rename(partial, join(root, releaseId));
}

/** A standby copy taken by a build: its folder, and the release it equals. */
export interface Standby {
  dir: string;
  base: Release;
}

/**
 * Removes from the brand's standby folder all but a copy equal to one of `releases` (complete,
 * on disk): copies cut short, one a killed build had taken, one of a release gone. Answers the
 * release the copy left equals, or null (the folder is then gone).
 */
export async function clearStandby(
  distRoot: string,
  brand: string,
  releases: readonly Release[],
): Promise<Release | null> {
  const root = standbyRoot(distRoot, brand);
  const names = existsSync(root) ? await readdir(root) : [];
  const base = releases.find((release) => names.includes(release.id)) ?? null;
  if (!base) await rm(root, { recursive: true, force: true });
  for (const name of names.filter((n) => n !== base?.id)) {
    await rm(join(root, name), { recursive: true, force: true });
  }
  return base;
}

/**
 * Takes the brand's standby copy for a build: when it equals one of `releases`, moves it to
 * `building` and answers it. Otherwise answers null, having removed whatever was there
 * ({@link clearStandby}): the build then goes into an empty folder.
 */
export async function takeStandby(
  distRoot: string,
  brand: string,
  releases: readonly Release[],
): Promise<Standby | null> {
  const base = await clearStandby(distRoot, brand, releases);
  if (!base) return null;
  const dir = join(standbyRoot(distRoot, brand), 'building');
  await rename(join(standbyRoot(distRoot, brand), base.id), dir);
  return { dir, base };
}

/**
 * The standby folder's `building`, made empty, for a build with no standby copy to go into: a
 * brand's builds then all have one out folder, which the warm build process's reuse of its
 * bundles depends on (Astro's bundles name their out folder). The folder becomes the release by
 * a rename ({@link standbyBecomesRelease}); the standby copy is made from the release after
 * its switch, as before.
 */
export async function emptyStandby(distRoot: string, brand: string): Promise<string> {
  const dir = join(standbyRoot(distRoot, brand), 'building');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Moves what a build wrote into {@link emptyStandby}'s folder `from` to the (empty) release
 * folder `dir`: a rename, not a copy of its files.
 */
export async function standbyBecomesRelease(from: string, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await rename(from, dir);
}

/** Keeps the standby copy a build went into as the copy of the release it made, `releaseId`. */
export async function keepStandby(standby: Standby, releaseId: string): Promise<void> {
  await rename(standby.dir, join(dirname(standby.dir), releaseId));
}

/**
 * Makes a standby copy that a build which made no release went into (a preview,
 * builder/previews/) equal to its base release again, so that the next build finds it as the
 * last release left it: each file written since `since` becomes the base's again (or goes,
 * where the base has none), and each file of the base the build's pruning removed comes
 * back. Costs what the build changed, not a whole copy. Answers how many files it restored.
 */
export async function restoreStandby(standby: Standby, since: number): Promise<number> {
  const [mine, theirs] = await Promise.all([builtFiles(standby.dir), builtFiles(standby.base.dir)]);
  const inBase = new Set(theirs);
  const emptied = new Set<string>();
  const restored = await mapWithLimit(mine, DISK_CONCURRENCY, async (path) => {
    const into = join(standby.dir, path);
    if ((await stat(into)).mtimeMs < since) return false;
    if (inBase.has(path)) await copyFile(join(standby.base.dir, path), into);
    else {
      await rm(into);
      emptied.add(dirname(into));
    }
    return true;
  });
  const have = new Set(mine);
  const missing = theirs.filter((path) => !have.has(path));
  await makeFolders(standby.dir, missing);
  await mapWithLimit(missing, DISK_CONCURRENCY, (path) =>
    copyFile(join(standby.base.dir, path), join(standby.dir, path)),
  );
  await removeEmptied(standby.dir, emptied);
  return restored.filter(Boolean).length + missing.length;
}

/** Removes the brand's standby copy: after a failed build, which may have half-rewritten it. */
export async function dropStandby(distRoot: string, brand: string): Promise<void> {
  await rm(standbyRoot(distRoot, brand), { recursive: true, force: true });
}

/** What {@link releaseFromStandby} did with the release's files. */
export interface ReleaseFiles {
  /** Hard links to the files of the release the standby copy equalled. */
  shared: number;
  /** Files of their own: what the build wrote new. */
  copied: number;
}

/**
 * Fills the release folder `dir` with a hard link to each file of the release the standby copy
 * equals, while the build into the copy runs: at 50,000 articles 98,000 links, some 3 s that
 * were on the way to live when {@link releaseFromStandby} made them after the build. In a
 * worker thread (standby-links.ts), off the thread that may serve the build its data. Answers
 * the paths linked, for {@link releaseFromStandby}; rejects when a link fails.
 */
export async function linkBaseFiles(standby: Standby, dir: string): Promise<ReadonlySet<string>> {
  return new Set(await linkReleaseFiles(standby.base.dir, dir));
}

/** Links each file of the release folder `from` but its records into `to`, in a worker thread. */
function linkReleaseFiles(from: string, to: string): Promise<string[]> {
  const job: StandbyLinksJob = { from, to, leaveOut: [...releaseRecords] };
  return threadJob<string[]>(
    new URL('./standby-links.ts', import.meta.url),
    job,
    "Linking the release's files",
  );
}

/**
 * Where the links to a release's files made ahead of the brand's next build go
 * ({@link prepareBaseLinks}): beside the releases, never among them.
 */
export function linksRoot(distRoot: string, brand: string): string {
  return join(distRoot, '.links', brand);
}

/** Links made ahead: the release they link to, their folder, and the paths once linked. */
interface PreparedLinks {
  base: string;
  dir: string;
  files: Promise<ReadonlySet<string>>;
}

/**
 * The links made ahead, by {@link linksRoot}: in this process's memory only, so that links a
 * killed builder left, whole or not, are never taken.
 */
const preparedLinks = new Map<string, PreparedLinks>();

/**
 * Starts linking the files of `release`, which the brand's standby copy now equals, into a
 * folder of their own for the brand's next build ({@link baseLinks}), replacing whatever
 * {@link linksRoot} held. A warm builder calls it once a release is live and its standby copy
 * kept: made while the build runs, the 98,000 links of a brand at 50,000 articles took a core
 * from Astro and the API (Astro's first page came 0.2-0.3 s later) and were not all made when
 * its render ended. Settles when they are made; never rejects (the build then links anew).
 */
export function prepareBaseLinks(
  distRoot: string,
  brand: string,
  release: Pick<Release, 'id' | 'dir'>,
): Promise<void> {
  const root = linksRoot(distRoot, brand);
  const earlier = preparedLinks.get(root);
  const dir = join(root, release.id);
  const files = (async () => {
    await earlier?.files.catch(() => undefined);
    await rm(root, { recursive: true, force: true });
    // Named as finished only when it is: a folder cut short is never taken.
    const partial = `${dir}.partial`;
    const linked = await linkReleaseFiles(release.dir, partial);
    await rename(partial, dir);
    return new Set(linked);
  })();
  preparedLinks.set(root, { base: release.id, dir, files });
  return files.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * {@link linkBaseFiles} for a build from the standby copy (a release's or a preview's): the
 * links made ahead for the release the copy equals ({@link prepareBaseLinks}), awaited if still
 * being made, become the folder `dir` (absent, or empty) by a rename; without them (none made,
 * made for another release, or failed) they are made now, while the build runs.
 */
export async function baseLinks(
  distRoot: string,
  brand: string,
  standby: Standby,
  dir: string,
): Promise<ReadonlySet<string>> {
  const root = linksRoot(distRoot, brand);
  const prepared = preparedLinks.get(root);
  preparedLinks.delete(root);
  const files = await prepared?.files.catch(() => null);
  if (prepared?.base === standby.base.id && files) {
    // A rename replaces an empty folder (a release's, made for it) whole.
    await mkdir(dirname(dir), { recursive: true });
    await rename(prepared.dir, dir);
    return files;
  }
  await rm(root, { recursive: true, force: true });
  return linkBaseFiles(standby, dir);
}

/** Removes links made ahead of a build (a killed builder's, whole or cut short). */
export async function dropBaseLinks(distRoot: string, brand: string): Promise<void> {
  const root = linksRoot(distRoot, brand);
  await preparedLinks.get(root)?.files.catch(() => undefined);
  preparedLinks.delete(root);
  await rm(root, { recursive: true, force: true });
}

/**
 * Makes the release `dir` from the standby copy a build went into: each file the build did
 * not write since `since` (it equals the base release's, as the copy did) and each it wrote
 * byte for byte the same becomes a hard link to the base release's file; what the build wrote
 * new is copied. The standby copy keeps its own files, and the release costs disk only for
 * what changed. A file the base release lacks is copied.
 *
 * With `linked`, `dir` holds those links already ({@link linkBaseFiles}): what the build
 * wrote new replaces its link (removed first, so the base release's file is never written),
 * and the links of files the build's pruning removed go. A file in `leftInPlace` (the pages
 * the build's report says it left where they were, builder/astro-output.ts) and linked is
 * the base release's as it is: its time is not read, which for a brand's 98,000 files at
 * 50,000 articles took 0.3 s of every release.
 */
export async function releaseFromStandby(
  standby: Standby,
  dir: string,
  since: number,
  linked?: ReadonlySet<string>,
  leftInPlace: ReadonlySet<string> = new Set(),
): Promise<ReleaseFiles> {
  const files = await builtFiles(standby.dir);
  // One pass, each path looked up once in each set: for a brand's 98,000 files at 50,000
  // articles, three passes and a set of them all took 0.2 s of every release.
  const unlinked: string[] = [];
  const toStat: string[] = [];
  for (const path of files) {
    if (!linked?.has(path)) {
      unlinked.push(path);
      toStat.push(path);
    } else if (!leftInPlace.has(path)) toStat.push(path);
  }
  await makeFolders(dir, unlinked);
  const stats = await statsOf(standby.dir, toStat);
  // Left alone by the build and linked already: nothing to do, and no promise for each of a
  // brand's 98,000 files at 50,000 articles.
  const untouched = (path: string, mtimeMs: number) => mtimeMs < since && linked?.has(path);
  const rest = stats.filter(([path, { mtimeMs }]) => !untouched(path, mtimeMs));
  const shares = await mapWithLimit(rest, DISK_CONCURRENCY, async ([path, { mtimeMs, size }]) => {
    const [mine, theirs, into] = [
      join(standby.dir, path),
      join(standby.base.dir, path),
      join(dir, path),
    ];
    const inBase = linked?.has(path);
    // Left alone by the build: the base release's file, as the copy held it.
    if (mtimeMs < since) {
      const shared = await link(theirs, into).then(
        () => true,
        () => false,
      );
      if (shared) return true;
    } else if (await sameFile(mine, size, theirs)) {
      if (!inBase) await link(theirs, into);
      return true;
    }
    if (inBase) await rm(into);
    await copyFile(mine, into);
    return false;
  });
  // Every linked file is among the built ones unless the build removed some.
  if (linked && files.length - unlinked.length < linked.size) {
    const built = new Set(files);
    await removeFiles(
      dir,
      [...linked].filter((path) => !built.has(path)),
    );
  }
  const shared = files.length - rest.length + shares.filter(Boolean).length;
  return { shared, copied: files.length - shared };
}
