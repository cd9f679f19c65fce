import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withBrandLock } from '../releases/lock.ts';
import {
  brandDist,
  completeRelease,
  liveDir,
  prepareRelease,
  switchLive,
} from '../releases/releases.ts';
import { rollbackTo, RollbackRefused } from './rollback.ts';

const distRoot = mkdtempSync(join(tmpdir(), 'tilbake-'));
afterAll(() => {
  rmSync(distRoot, { recursive: true, force: true });
});

/** A complete release of toppfart made live; answers its id. */
function release(): string {
  const dist = brandDist(distRoot, 'toppfart');
  mkdirSync(dist.releases, { recursive: true });
  const dir = prepareRelease(dist);
  writeFileSync(join(dir, 'index.html'), '<h1>Toppfart</h1>');
  const info = completeRelease(dir, {
    brand: 'toppfart',
    startedAt: new Date().toISOString(),
    finishedAt: new Date().toISOString(),
    seconds: 1,
    pagesRendered: 1,
    pagesReused: 0,
  });
  switchLive(dist, dir);
  return info.id;
}

describe('rollbackTo', () => {
  it('makes a kept release live, waiting for the brand’s lock, and refuses when another went live meanwhile', async () => {
    const dist = brandDist(distRoot, 'toppfart');
    const first = release();
    const second = release();
    expect(liveDir(dist)).toContain(second);

    // A build holds the lock and makes a third release live before the rollback gets it.
    let third = '';
    let building = () => {};
    const build = withBrandLock(dist.releases, async () => {
      await new Promise<void>((resolve) => (building = resolve));
      third = release();
    });
    const refused = rollbackTo(distRoot, 'toppfart', first, second);
    building();
    await build;
    await expect(refused).rejects.toThrow(RollbackRefused);
    await expect(refused).rejects.toThrow(`ble utgave ${third} live`);
    expect(liveDir(dist)).toContain(third);

    const back = await rollbackTo(distRoot, 'toppfart', first, third);
    expect(back).toMatchObject({ id: first, live: true });
    expect(liveDir(dist)).toContain(first);
    await expect(rollbackTo(distRoot, 'toppfart', 'borte', first)).rejects.toThrow(
      'Utgave borte er ikke lenger tatt vare på.',
    );
  });
});
