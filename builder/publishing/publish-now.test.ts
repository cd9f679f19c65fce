import { describe, expect, it } from 'vitest';
import type { HookTarget } from '../releases/hook.ts';
import { idleStatus, RebuildQueue, type BuildOutcome } from '../releases/queue.ts';
import { publishNow, type PublishNowDeps } from './publish-now.ts';

const outcome: BuildOutcome = {
  releaseId: 'r2',
  pagesRendered: 3,
  pagesReused: 7,
  seconds: 1,
  skipped: null,
  peakMiB: null,
};

/** A queue whose builds wait until `finish` is called; `runs` counts the builds started. */
function slowQueue() {
  let finish = () => {};
  let runs = 0;
  const queue = new RebuildQueue(() => {
    runs++;
    return new Promise((resolve) => (finish = () => resolve(outcome)));
  });
  return { queue, finish: () => finish(), runs: () => runs };
}

describe('publishNow', () => {
  it('makes one build of two presses at once', async () => {
    const { queue, finish, runs } = slowQueue();
    // The running build has not asked what it is made from yet.
    const deps: PublishNowDeps = {
      target: queue,
      runningInputs: () => undefined,
      currentInputs: () => Promise.resolve('kode|rev-2|2026'),
    };
    const [first, second] = await Promise.all([
      publishNow('toppfart', deps),
      publishNow('toppfart', deps),
    ]);
    expect(first.outcome).toBe('started');
    expect(second.outcome).toBe('joined');
    expect(queue.status('toppfart')).toMatchObject({ state: 'building', queuedAgain: false });
    finish();
    await queue.settled('toppfart');
    expect(runs()).toBe(1);
  });

  it('joins a running build made from the data as they are now, and asks for one more when they changed', async () => {
    const { queue, finish, runs } = slowQueue();
    let current = 'kode|rev-2|2026';
    const deps: PublishNowDeps = {
      target: queue,
      runningInputs: () => 'kode|rev-2|2026',
      currentInputs: () => Promise.resolve(current),
    };
    queue.trigger('toppfart');
    expect((await publishNow('toppfart', deps)).outcome).toBe('joined');
    expect(queue.status('toppfart').queuedAgain).toBe(false);
    current = 'kode|rev-3|2026';
    const changed = await publishNow('toppfart', deps);
    expect(changed).toMatchObject({ outcome: 'started', status: { queuedAgain: true } });
    // A third press joins the build already asked for.
    expect((await publishNow('toppfart', deps)).outcome).toBe('joined');
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    finish();
    await queue.settled('toppfart');
    expect(runs()).toBe(2);
  });

  it('asks for a build when none runs, and for one more when the API tells no revision', async () => {
    const triggered: string[] = [];
    const target: HookTarget = {
      trigger: (brand) => {
        triggered.push(brand);
        return { ...idleStatus(brand), state: 'building', queuedAgain: true };
      },
      status: (brand) => ({ ...idleStatus(brand), state: 'building' }),
    };
    const deps: PublishNowDeps = {
      target,
      runningInputs: () => null,
      currentInputs: () => Promise.resolve(null),
    };
    expect((await publishNow('toppfart', deps)).outcome).toBe('started');
    expect(triggered).toEqual(['toppfart']);
  });
});
