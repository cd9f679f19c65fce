import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { NO_RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { startApiServer, type RunningApiServer } from '../../server/main.ts';
import { ensureSeeded } from '../../server/seed/ensure.ts';
import {
  AfterLiveError,
  buildRelease,
  buildReleaseUntilLive,
  clearKilledBuilds,
  type BuildStep,
  type ReleaseBuilderOptions,
} from './builder.ts';
import { brandDist, listReleases, liveDir, NoEarlierReleaseError, rollback } from './releases.ts';
import { standbyRoot } from './standby.ts';

// A file of its own beside builder.test.ts so that the two sets of real builds run side by
// side on the test runner's two workers.
// Inside the repository: Astro stages a build's server assets in the out folder only when
// that lies below the working directory (elsewhere in a shared `.astro/`, across devices).
const cacheRoot = fileURLToPath(new URL('../../.cache/', import.meta.url));
mkdirSync(cacheRoot, { recursive: true });
const scratch = mkdtempSync(join(cacheRoot, 'killed-build-test-'));
const db = openDatabase(join(scratch, 'shop.sqlite'));
let api: RunningApiServer;

beforeAll(async () => {
  ensureSeeded(db, 120);
  api = await startApiServer({ port: 0, db, rateLimits: NO_RATE_LIMITS });
});

// Removing a few releases' thousands of files can outlast the default 10 s on a busy machine.
afterAll(async () => {
  await api.close();
  db.close();
  rmSync(scratch, { recursive: true, force: true });
}, 120_000);

/**
 * Builds run in a process of their own, killed (with the Astro build they started) at a
 * point the build says it reached: during the standby copy, during Astro's render, after the
 * smoke check before the record, during the switch. What each kill left is never listed nor
 * rolled back to, and the next build or the builder's start removes it.
 */
describe('a killed build', { timeout: 900_000 }, () => {
  const kill = brandDist(join(scratch, 'dist'), 'toppfart');
  let killOptions: ReleaseBuilderOptions;
  const fixture = fileURLToPath(new URL('../test-support/build-kill.ts', import.meta.url));
  const served = () => readFileSync(join(kill.live, 'index.html'), 'utf8');
  const listed = () => listReleases(kill).map((r) => r.id);
  /** Folders under the releases that are no release. */
  const unlisted = () =>
    readdirSync(kill.releases, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !listed().includes(e.name))
      .map((e) => e.name);

  /** Runs a forced build in a process of its own, kills it at `pauseAt`; answers its steps. */
  async function killedAt(pauseAt: BuildStep): Promise<string[]> {
    const child = spawn(
      process.execPath,
      [fixture, JSON.stringify({ ...killOptions, force: true, brand: 'toppfart', pauseAt })],
      { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const steps: string[] = [];
    let output = '';
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        for (const line of chunk.toString().split('\n')) {
          if (line.startsWith('step ')) steps.push(line.slice('step '.length));
          if (line === 'paused') resolve();
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then(() => reject(new Error(`The build ended before ${pauseAt}:\n${output}`)));
    });
    // The build and the Astro process it started, as a power cut would.
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    await exited;
    return steps;
  }

  beforeAll(() => {
    killOptions = {
      distRoot: join(scratch, 'dist'),
      cacheRoot: join(scratch, 'cache'),
      apiUrl: api.url,
      keep: 3,
    };
  });

  it('during the standby copy: the new release is live, the copy cut short is never taken', async () => {
    expect(await killedAt('standby-copy')).toEqual([
      'rendering',
      'rendered',
      'checked',
      'switching',
      'live',
      'standby-copy',
    ]);
    const [first] = listed();
    expect(listed()).toHaveLength(1);
    expect(liveDir(kill)).toBe(join(kill.releases, first ?? ''));
    expect(readdirSync(standbyRoot(killOptions.distRoot, 'toppfart'))).toEqual([
      `${first ?? ''}.partial`,
    ]);
    expect(() => rollback(kill)).toThrow(NoEarlierReleaseError);
    expect(served()).toContain('</footer>');
  });

  it('after the smoke check, before the record: its folder is no release', async () => {
    const live = liveDir(kill);
    const before = served();
    expect((await killedAt('checked')).at(-1)).toBe('checked');
    expect(listed()).toHaveLength(1);
    const [left] = unlisted();
    expect(existsSync(join(kill.releases, left ?? '', 'index.html'))).toBe(true);
    expect(() => rollback(kill)).toThrow(NoEarlierReleaseError);
    expect(liveDir(kill)).toBe(live);
    expect(served()).toBe(before);
  });

  it("during Astro's render: nothing is listed, and the next build removes what it left", async () => {
    const live = liveDir(kill);
    const steps = await killedAt('rendering');
    expect(steps).toEqual(['rendering']);
    expect(listed()).toHaveLength(1);
    expect(() => rollback(kill)).toThrow(NoEarlierReleaseError);
    expect(liveDir(kill)).toBe(live);

    const next = await buildRelease('toppfart', { ...killOptions, force: true });
    expect(liveDir(kill)).toBe(join(kill.releases, next.releaseId));
    expect(listed()).toHaveLength(2);
    expect(unlisted()).toEqual([]);
    expect(readdirSync(standbyRoot(killOptions.distRoot, 'toppfart'))).toEqual([next.releaseId]);
  });

  it('during the switch: the release before stays live, and the builder start clears the rest', async () => {
    const live = liveDir(kill);
    const before = served();
    expect((await killedAt('switching')).at(-1)).toBe('switching');
    expect(liveDir(kill)).toBe(live);
    expect(served()).toBe(before);
    const strays = () =>
      readdirSync(join(kill.live, '..')).filter((n) => n.startsWith('.toppfart.switch-'));
    expect(strays()).toHaveLength(1);
    // Complete and smoke-checked, never live: listed, but never what a rollback goes to.
    const [unswitched, , earliest] = listReleases(kill);
    expect(unswitched?.live).toBe(false);
    expect(rollback(kill).id).toBe(earliest?.id);
    expect(liveDir(kill)).toBe(earliest?.dir);

    await clearKilledBuilds(killOptions.distRoot, ['toppfart']);
    expect(strays()).toEqual([]);
    expect(existsSync(standbyRoot(killOptions.distRoot, 'toppfart'))).toBe(false);
    expect(unlisted()).toEqual([]);
  });

  it('tells the caller when pruning fails after the switch, and the release stays live', async () => {
    // The oldest release cannot be removed: the pruning after the next switch fails.
    const oldest = listReleases(kill).at(-1)?.dir ?? '';
    execFileSync('chattr', ['+i', join(oldest, 'index.html')]);
    try {
      const build = await buildReleaseUntilLive('toppfart', { ...killOptions, force: true });
      expect(liveDir(kill)).toBe(join(kill.releases, build.releaseId));
      const failure = await build.afterLive.then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(AfterLiveError);
      expect((failure as AfterLiveError).outcome.releaseId).toBe(build.releaseId);
      expect(liveDir(kill)).toBe(join(kill.releases, build.releaseId));
      // The rest of the work after the switch was done all the same.
      expect(readdirSync(standbyRoot(killOptions.distRoot, 'toppfart'))).toEqual([build.releaseId]);
    } finally {
      execFileSync('chattr', ['-i', join(oldest, 'index.html')]);
    }
  });
});
