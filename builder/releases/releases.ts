import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { link, readFile, rename, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { filesIn } from './output-files.ts';
import { threadJob } from './thread-job.ts';

/**
 * A brand's releases: every build goes into a folder of its own under
 * `<distRoot>/.releases/<brand>/<id>/`, and `<distRoot>/<brand>` is a symlink to the live one.
 * Going live is one `rename()` of a new symlink over the old, which POSIX makes atomic: a
 * reader sees the old release or the new, never a mix and never nothing, whenever the
 * builder stops.
 */

/** What a finished release records about itself (`.release.json` in its folder). */
export interface ReleaseInfo {
  id: string;
  brand: string;
  /** ISO times of the build's start and end. */
  startedAt: string;
  finishedAt: string;
  seconds: number;
  pagesRendered: number;
  pagesReused: number;
  /**
   * What the build was made from: the code's fingerprint, the API's data revision and the
   * year; absent when the API tells no revision. A build from equal inputs is not needed.
   */
  inputs?: string;
}

/** A release on disk, newest first in {@link listReleases}. */
export interface Release extends ReleaseInfo {
  dir: string;
  live: boolean;
}

/**
 * The file that marks a release folder complete, written last and under the folder's own id;
 * a folder without it, or whose record names another release, is what a killed build left.
 */
export const releaseFile = '.release.json';

/** Where a brand's releases and its live link are. */
export interface BrandDist {
  brand: string;
  /** `<distRoot>/<brand>`: the live link that hosts and `npm start` serve. */
  live: string;
  /** `<distRoot>/.releases/<brand>`. */
  releases: string;
}

/** The paths of `brand`'s releases under `distRoot` (e.g. `dist`). */
export function brandDist(distRoot: string, brand: string): BrandDist {
  return { brand, live: join(distRoot, brand), releases: join(distRoot, '.releases', brand) };
}

/**
 * A new release id: the time to the millisecond and a sequence number among releases made in
 * that millisecond, so ids sort as text in the order the releases were made (one builder per
 * brand at a time holds the brand's lock).
 */
export function newReleaseId(existing: readonly string[] = [], now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  const sequence = existing.filter((id) => id.startsWith(stamp)).length;
  return `${stamp}-${String(sequence).padStart(3, '0')}`;
}

/** The folder the live link points at, or null when there is no live release. */
export function liveDir(dist: BrandDist): string | null {
  try {
    if (!lstatSync(dist.live).isSymbolicLink()) return null;
    return join(dirname(dist.live), readlinkSync(dist.live));
  } catch {
    return null;
  }
}

/** The folder's record, or null when it has none of its own (see {@link releaseFile}). */
function readInfo(dir: string): ReleaseInfo | null {
  try {
    const info = JSON.parse(readFileSync(join(dir, releaseFile), 'utf8')) as ReleaseInfo;
    // A copy of another release's folder carries that release's record: not a release.
    return info.id === basename(dir) ? info : null;
  } catch {
    return null;
  }
}

/** The brand's complete releases, newest first. */
export function listReleases(dist: BrandDist): Release[] {
  if (!existsSync(dist.releases)) return [];
  const live = liveDir(dist);
  return readdirSync(dist.releases, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = join(dist.releases, entry.name);
      const info = readInfo(dir);
      return info ? [{ ...info, dir, live: dir === live }] : [];
    })
    .sort((a, b) => b.id.localeCompare(a.id));
}

/**
 * Removes what an interrupted build or switch left: release folders without a record of their
 * own (see {@link releaseFile}) and stray temporary links. The live release is never touched.
 * Only under the brand's lock (lock.ts): a running build's folder has no record yet either.
 */
export function clearInterrupted(dist: BrandDist): void {
  if (!existsSync(dist.releases)) return;
  const live = liveDir(dist);
  for (const entry of readdirSync(dist.releases, { withFileTypes: true })) {
    const path = join(dist.releases, entry.name);
    if (entry.isDirectory() && path !== live && readInfo(path) === null) {
      rmSync(path, { recursive: true, force: true });
    }
  }
  for (const name of readdirSync(dirname(dist.live))) {
    if (name.startsWith(`.${dist.brand}.switch-`)) rmSync(join(dirname(dist.live), name));
  }
}

/**
 * Makes an empty folder for a new release. Before that, adopts a plain `<distRoot>/<brand>`
 * folder (a build from before releases existed) as a release, and clears what an interrupted
 * build or switch left ({@link clearInterrupted}).
 */
export function prepareRelease(dist: BrandDist): string {
  mkdirSync(dist.releases, { recursive: true });
  if (existsSync(dist.live) && !lstatSync(dist.live).isSymbolicLink()) adoptPlainBuild(dist);
  clearInterrupted(dist);
  const dir = join(dist.releases, newReleaseId(readdirSync(dist.releases)));
  mkdirSync(dir);
  return dir;
}

/** Moves a build made straight into `<distRoot>/<brand>` into a release of its own, live. */
function adoptPlainBuild(dist: BrandDist): void {
  const dir = join(dist.releases, newReleaseId([], lstatSync(dist.live).mtime));
  renameSync(dist.live, dir);
  const at = new Date().toISOString();
  completeRelease(dir, {
    brand: dist.brand,
    startedAt: at,
    finishedAt: at,
    seconds: 0,
    pagesRendered: 0,
    pagesReused: 0,
  });
  switchLive(dist, dir);
}

/** Whether the file at `mine`, of `size` bytes, holds the same bytes as the one at `theirs`. */
export async function sameFile(mine: string, size: number, theirs: string): Promise<boolean> {
  const base = await stat(theirs).catch(() => null);
  if (!base?.isFile() || base.size !== size) return false;
  const [x, y] = await Promise.all([readFile(mine), readFile(theirs)]);
  return x.equals(y);
}

/**
 * Makes each file of the new release `dir` that is byte for byte the same as the one at the
 * same path in `previous` a hard link to it, so a release costs disk only for what changed
 * (a brand at 5,000 articles is some 300 MB a release). Safe because a release's files never
 * change once it is complete, and a link replaces a file by an atomic rename. For a release
 * built into an empty folder; one built into the standby copy shares as it is made
 * (standby.ts). Answers how many files are now shared.
 */
export async function shareUnchangedFiles(dir: string, previous: string): Promise<number> {
  let shared = 0;
  for (const file of await filesIn(dir)) {
    const [mine, theirs] = [join(dir, file), join(previous, file)];
    const [a, b] = await Promise.all([stat(mine), stat(theirs).catch(() => null)]);
    // Already one file: nothing to share.
    if (a.ino === b?.ino || !(await sameFile(mine, a.size, theirs))) continue;
    const temporary = `${mine}.link`;
    await link(theirs, temporary);
    await rename(temporary, mine);
    shared++;
  }
  return shared;
}

/**
 * Marks a built release complete, so it can go live and be rolled back to: the last thing a
 * build writes into its folder, whole or not at all (written aside, then renamed).
 */
export function completeRelease(dir: string, info: Omit<ReleaseInfo, 'id'>): ReleaseInfo {
  const full = { id: basename(dir), ...info };
  const temporary = join(dir, `${releaseFile}.partial`);
  writeFileSync(temporary, `${JSON.stringify(full, null, 2)}\n`);
  renameSync(temporary, join(dir, releaseFile));
  return full;
}

/**
 * Points the live link at `dir` atomically: a new symlink under a temporary name, renamed
 * over the old one. `beforeRename` is for the fault tests, which kill the process there.
 */
export function switchLive(dist: BrandDist, dir: string, beforeRename?: () => void): void {
  if (!existsSync(join(dir, releaseFile))) {
    throw new Error(`Release ${dir} is not complete; it cannot go live.`);
  }
  const temporary = join(dirname(dist.live), `.${dist.brand}.switch-${process.pid}`);
  rmSync(temporary, { force: true });
  symlinkSync(relative(dirname(dist.live), dir), temporary);
  beforeRename?.();
  renameSync(temporary, dist.live);
}

/**
 * Removes all but the `keep` newest complete releases, never the live one nor the one just
 * before it (pages already loaded from it may still ask for its assets). Each loses its record
 * first, so a removal cut short by a kill leaves a folder that is no release (the next build's
 * {@link clearInterrupted} removes it), never a release with pages missing; the files go on a
 * thread of their own (release-removal.ts). Answers the ids removed. `beforeRemoving` is for
 * the fault tests, which kill the process there.
 */
export async function pruneReleases(
  dist: BrandDist,
  keep: number,
  beforeRemoving?: () => void,
): Promise<string[]> {
  const releases = listReleases(dist);
  const liveIndex = releases.findIndex((r) => r.live);
  const gone = releases.filter(
    (_, index) => index >= Math.max(keep, 2) && index !== liveIndex && index !== liveIndex + 1,
  );
  for (const release of gone) rmSync(join(release.dir, releaseFile), { force: true });
  beforeRemoving?.();
  if (gone.length > 0) {
    await threadJob(
      new URL('./release-removal.ts', import.meta.url),
      gone.map((release) => release.dir),
      'Removing old releases',
    );
  }
  return gone.map((release) => release.id);
}

/** Why {@link rollback} refused: there is no complete release before the live one. */
export class NoEarlierReleaseError extends Error {
  readonly brand: string;
  /** The live release's id, or null when none is live. */
  readonly liveId: string | null;

  constructor(brand: string, liveId: string | null) {
    super(`Brand ${brand} has no earlier release to roll back to.`);
    this.name = 'NoEarlierReleaseError';
    this.brand = brand;
    this.liveId = liveId;
  }
}

/**
 * Makes the release before the live one live again. Answers it, or throws
 * {@link NoEarlierReleaseError} when there is none to go back to.
 */
export function rollback(dist: BrandDist): Release {
  const releases = listReleases(dist);
  const liveIndex = releases.findIndex((r) => r.live);
  const previous = releases[liveIndex + 1];
  if (liveIndex < 0 || !previous) {
    throw new NoEarlierReleaseError(dist.brand, releases[liveIndex]?.id ?? null);
  }
  switchLive(dist, previous.dir);
  return { ...previous, live: true };
}
