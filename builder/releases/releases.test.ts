import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  brandDist,
  completeRelease,
  listReleases,
  liveDir,
  NoEarlierReleaseError,
  prepareRelease,
  pruneReleases,
  releaseFile,
  rollback,
  shareUnchangedFiles,
  switchLive,
} from './releases.ts';
import { scratchFolder } from '../test-support/scratch-folder.ts';

const info = {
  brand: 'toppfart',
  startedAt: '2026-11-24T12:00:00.000Z',
  finishedAt: '2026-11-24T12:00:10.000Z',
  seconds: 10,
  pagesRendered: 12,
  pagesReused: 4900,
};

/** A release with one page saying `text`, complete and (unless told) live. */
function release(dist: ReturnType<typeof brandDist>, text: string, goLive = true): string {
  const dir = prepareRelease(dist);
  writeFileSync(join(dir, 'index.html'), text);
  completeRelease(dir, info);
  if (goLive) switchLive(dist, dir);
  return dir;
}

/** Runs the script `script` with `args` until it says `paused`, and kills it there with SIGKILL. */
async function killAtPause(script: URL, args: string[]): Promise<void> {
  const name = basename(fileURLToPath(script));
  const child = spawn(process.execPath, [fileURLToPath(script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('paused')) resolve();
    });
    void exited.then(() => reject(new Error(`${name} ended before its pause`)));
  });
  child.kill('SIGKILL');
  await exited;
}

const served = (dist: ReturnType<typeof brandDist>) =>
  readFileSync(join(dist.live, 'index.html'), 'utf8');

describe('releases', () => {
  const fresh = () => brandDist(scratchFolder('releases'), 'toppfart');

  it('switch the live link to a complete release, and list it as live', () => {
    const dist = fresh();
    release(dist, 'første');
    const second = release(dist, 'andre');
    expect(served(dist)).toBe('andre');
    expect(liveDir(dist)).toBe(second);
    expect(listReleases(dist).map((r) => r.live)).toEqual([true, false]);
  });

  it('never switch to a release without its record, and keep the live one', () => {
    const dist = fresh();
    release(dist, 'live');
    const unfinished = prepareRelease(dist);
    expect(() => switchLive(dist, unfinished)).toThrow(/not complete/);
    expect(served(dist)).toBe('live');
  });

  it('clear what an interrupted build left, but never the live release', () => {
    const dist = fresh();
    const live = release(dist, 'live');
    const halfBuilt = prepareRelease(dist);
    writeFileSync(join(halfBuilt, 'index.html'), 'halv');
    const next = prepareRelease(dist);
    expect(existsSync(join(halfBuilt, 'index.html'))).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(next)).toBe(true);
  });

  it('adopt a plain build folder from before releases as the live release', () => {
    const dist = fresh();
    mkdirSync(dist.live, { recursive: true });
    writeFileSync(join(dist.live, 'index.html'), 'gammel');
    prepareRelease(dist);
    expect(served(dist)).toBe('gammel');
    expect(listReleases(dist)).toHaveLength(1);
  });

  it('share the files a new release has unchanged with the live one, never a changed one', async () => {
    const dist = fresh();
    const first = release(dist, 'side');
    writeFileSync(join(first, 'felles.html'), 'lik');
    const second = prepareRelease(dist);
    writeFileSync(join(second, 'index.html'), 'ny side');
    writeFileSync(join(second, 'felles.html'), 'lik');
    expect(await shareUnchangedFiles(second, first)).toBe(1);
    expect(statSync(join(second, 'felles.html')).ino).toBe(
      statSync(join(first, 'felles.html')).ino,
    );
    expect(statSync(join(second, 'index.html')).ino).not.toBe(
      statSync(join(first, 'index.html')).ino,
    );
    expect(readFileSync(join(second, 'index.html'), 'utf8')).toBe('ny side');
  });

  it('roll back to the release before the live one, and refuse with nothing before it', () => {
    const dist = fresh();
    release(dist, 'første');
    release(dist, 'andre');
    expect(rollback(dist).live).toBe(true);
    expect(served(dist)).toBe('første');
    expect(() => rollback(dist)).toThrow(/no earlier release/);
    expect(served(dist)).toBe('første');
  });

  it('prune to the kept number, never the live release or the one before it', async () => {
    const dist = fresh();
    for (const text of ['1', '2', '3', '4', '5']) release(dist, text);
    expect(await pruneReleases(dist, 3)).toHaveLength(2);
    expect(listReleases(dist)).toHaveLength(3);
    rollback(dist);
    rollback(dist);
    expect(served(dist)).toBe('3');
    release(dist, '6', false);
    await pruneReleases(dist, 2);
    const kept = listReleases(dist);
    expect(kept.find((r) => r.live)).toBeDefined();
    expect(served(dist)).toBe('3');
  });

  it('never list a release a killed prune was removing', async () => {
    const dist = fresh();
    const dirs = ['1', '2', '3', '4'].map((text) => release(dist, text));
    await killAtPause(new URL('../test-support/prune-pause.ts', import.meta.url), [
      dist.live,
      dist.releases,
      '2',
    ]);
    // The two oldest were being removed: their pages are still there, but they are no
    // releases, so a rollback never reaches them.
    expect(existsSync(join(dirs[0] ?? '', 'index.html'))).toBe(true);
    expect(listReleases(dist).map((r) => r.dir)).toEqual([dirs[3], dirs[2]]);
    rollback(dist);
    expect(served(dist)).toBe('3');
    expect(() => rollback(dist)).toThrow(NoEarlierReleaseError);
    // The next build clears what the kill left.
    prepareRelease(dist);
    expect(existsSync(dirs[0] ?? '')).toBe(false);
    expect(existsSync(dirs[1] ?? '')).toBe(false);
  });

  it('leave a complete live release whenever the switching process is killed', async () => {
    const dist = fresh();
    release(dist, 'start');
    const seen = new Set<string>();
    const points = ['folder', 'record', 'rename'] as const;
    for (let round = 0; round < 8; round++) {
      // Killed after 1 to 4 switches, with a page written, a record written or mid-switch.
      await killAtPause(new URL('../test-support/switch-loop.ts', import.meta.url), [
        dist.live,
        dist.releases,
        String((round % 4) + 1),
        points[round % 3] ?? 'rename',
      ]);
      const live = liveDir(dist);
      expect(live).not.toBeNull();
      expect(existsSync(join(live ?? '', releaseFile))).toBe(true);
      expect(served(dist)).toMatch(/^(start|utgave \d+)$/);
      // What the kill left is never listed: every listed folder has a record of its own.
      const ids = listReleases(dist).map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const r of listReleases(dist)) {
        expect(readFileSync(join(r.dir, 'index.html'), 'utf8')).toMatch(/^(start|utgave \d+)$/);
        expect(JSON.parse(readFileSync(join(r.dir, releaseFile), 'utf8'))).toMatchObject({
          id: basename(r.dir),
        });
      }
      seen.add(served(dist));
    }
    // The loop did switch (the kills landed between switches, not before the first).
    expect(seen.size).toBeGreaterThan(1);
    // The next build clears the half-made folders and stray links the kills left.
    prepareRelease(dist);
    const strays = readdirSync(join(dist.live, '..')).filter((n) => n.includes('.switch-'));
    expect(strays).toEqual([]);
    const listed = new Set(listReleases(dist).map((r) => r.dir));
    const folders = readdirSync(dist.releases, { withFileTypes: true }).filter((e) =>
      e.isDirectory(),
    );
    // Only the new build's empty folder is no release.
    expect(folders.filter((e) => !listed.has(join(dist.releases, e.name)))).toHaveLength(1);
  });

  it('list a copy of a release folder under another name as no release, and clear it', () => {
    const dist = fresh();
    const live = release(dist, 'live');
    // What a killed build left before: the standby copy of the live release, record and all.
    const copy = prepareRelease(dist);
    cpSync(live, copy, { recursive: true });
    expect(listReleases(dist).map((r) => r.dir)).toEqual([live]);
    expect(() => rollback(dist)).toThrow(NoEarlierReleaseError);
    expect(served(dist)).toBe('live');
    prepareRelease(dist);
    expect(existsSync(copy)).toBe(false);
  });
});
