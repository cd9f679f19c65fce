import { describe, expect, it } from 'vitest';
import { RebuildQueue, type BuildOutcome } from './queue.ts';

/** A build runner whose builds end when the test says so. */
function controlledRunner() {
  const runs: Array<{ brand: string; finish: (ok?: boolean) => void }> = [];
  let running = 0;
  let maxRunning = 0;
  const run = (brand: string) =>
    new Promise<BuildOutcome>((resolve, reject) => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      runs.push({
        brand,
        finish: (ok = true) => {
          running--;
          if (ok) {
            resolve({
              releaseId: `r${runs.length}`,
              pagesRendered: 3,
              pagesReused: 7,
              seconds: 1,
              skipped: null,
              peakMiB: null,
            });
          } else reject(new Error('API svarte 500'));
        },
      });
    });
  return { run, runs, maxRunning: () => maxRunning };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RebuildQueue', () => {
  it('coalesces triggers during a build into exactly one more build', async () => {
    const runner = controlledRunner();
    const queue = new RebuildQueue(runner.run);
    queue.trigger('toppfart');
    await tick();
    expect(queue.status('toppfart').state).toBe('building');
    for (let i = 0; i < 5; i++) queue.trigger('toppfart');
    expect(queue.status('toppfart').queuedAgain).toBe(true);
    runner.runs[0]?.finish();
    await tick();
    expect(runner.runs).toHaveLength(2);
    expect(queue.status('toppfart').state).toBe('building');
    runner.runs[1]?.finish();
    const settled = await queue.settled('toppfart');
    expect(runner.runs).toHaveLength(2);
    expect(settled).toMatchObject({ state: 'live', releaseId: 'r2', pagesRendered: 3 });
    expect(runner.maxRunning()).toBe(1);
  });

  it('coalesces triggers while queued, and never builds one brand twice at once', async () => {
    const runner = controlledRunner();
    const queue = new RebuildQueue(runner.run, { concurrency: 1 });
    queue.trigger('villmark');
    queue.trigger('toppfart');
    queue.trigger('toppfart');
    await tick();
    expect(queue.status('toppfart').state).toBe('queued');
    runner.runs[0]?.finish();
    await tick();
    runner.runs[1]?.finish();
    await queue.settled('toppfart');
    expect(runner.runs.map((r) => r.brand)).toEqual(['villmark', 'toppfart']);
  });

  it('builds brands side by side up to its concurrency', async () => {
    const runner = controlledRunner();
    const queue = new RebuildQueue(runner.run, { concurrency: 2 });
    for (const brand of ['toppfart', 'villmark', 'smatroll']) queue.trigger(brand);
    await tick();
    expect(runner.runs).toHaveLength(2);
    expect(queue.status('smatroll').state).toBe('queued');
    runner.runs[0]?.finish();
    await tick();
    expect(runner.runs.map((r) => r.brand)).toEqual(['toppfart', 'villmark', 'smatroll']);
    expect(runner.maxRunning()).toBe(2);
  });

  it('reports a failed build with its message and keeps the live release id', async () => {
    const runner = controlledRunner();
    const queue = new RebuildQueue(runner.run);
    queue.trigger('toppfart');
    await tick();
    runner.runs[0]?.finish();
    await queue.settled('toppfart');
    queue.trigger('toppfart');
    await tick();
    runner.runs[1]?.finish(false);
    const status = await queue.settled('toppfart');
    expect(status).toMatchObject({ state: 'failed', error: 'API svarte 500', releaseId: 'r1' });
    expect(status.finishedAt).not.toBeNull();
  });

  it('tells what failed after a build went live, in its state and the log, and keeps it live', async () => {
    const logged: string[] = [];
    let failAfterLive = (_error: Error) => {};
    const afterLive = new Promise<void>((_resolve, reject) => (failAfterLive = reject));
    const queue = new RebuildQueue(
      () =>
        Promise.resolve({
          releaseId: 'r1',
          pagesRendered: 3,
          pagesReused: 7,
          seconds: 1,
          skipped: null,
          peakMiB: null,
          afterLive,
        }),
      { log: (message) => logged.push(message) },
    );
    queue.trigger('toppfart');
    expect(await queue.settled('toppfart')).toMatchObject({
      state: 'live',
      releaseId: 'r1',
      afterLiveError: null,
    });
    failAfterLive(new Error('EACCES: permission denied, rmdir'));
    await tick();
    expect(queue.status('toppfart')).toMatchObject({
      state: 'live',
      releaseId: 'r1',
      afterLiveError: 'EACCES: permission denied, rmdir',
    });
    expect(logged).toEqual(['Etter at r1 av toppfart ble live: EACCES: permission denied, rmdir']);
  });

  it('tells every new state of a brand to its listener, in order', async () => {
    const runner = controlledRunner();
    const heard: string[] = [];
    const queue = new RebuildQueue(runner.run, {
      onChange: (status) => heard.push(`${status.state}${status.queuedAgain ? '+1' : ''}`),
    });
    queue.trigger('toppfart');
    queue.trigger('toppfart');
    runner.runs[0]?.finish();
    await tick();
    runner.runs[1]?.finish(false);
    await queue.settled('toppfart');
    expect(heard).toEqual(['queued', 'building', 'building+1', 'queued', 'building', 'failed']);
  });

  it('names a rolled-back release as live, and leaves a running build its own state', async () => {
    const runner = controlledRunner();
    const queue = new RebuildQueue(runner.run);
    queue.trigger('toppfart');
    runner.runs[0]?.finish(false);
    await queue.settled('toppfart');
    const release = {
      releaseId: 'r0',
      startedAt: '2026-11-26T10:00:00.000Z',
      finishedAt: '2026-11-26T10:01:00.000Z',
      pagesRendered: 1200,
      pagesReused: 0,
      seconds: 60,
    };
    expect(queue.rolledBack('toppfart', release)).toMatchObject({
      ...release,
      state: 'live',
      error: null,
    });
    queue.trigger('toppfart');
    const during = queue.rolledBack('toppfart', { ...release, releaseId: 'r-1' });
    expect(during.releaseId).toBe('r-1');
    expect(['queued', 'building']).toContain(during.state);
    await tick();
    runner.runs[1]?.finish();
    expect(await queue.settled('toppfart')).toMatchObject({ state: 'live', releaseId: 'r2' });
  });
});
