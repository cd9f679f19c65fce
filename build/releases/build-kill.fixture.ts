/**
 * For builder.test.ts: one release build (`buildRelease`, options as JSON in the first
 * argument) that says each point it passes (`step <name>`) and stops at `pauseAt`, saying
 * `paused`, until the test kills it, as the OOM killer or a power cut would.
 */
import { buildRelease, type BuildStep, type ReleaseBuilderOptions } from './builder.ts';

const { brand, pauseAt, ...options } = JSON.parse(
  process.argv[2] ?? '{}',
) as ReleaseBuilderOptions & {
  brand: string;
  pauseAt: BuildStep;
};
await buildRelease(brand, {
  ...options,
  onStep: (step) => {
    process.stdout.write(`step ${step}\n`);
    if (step !== pauseAt) return;
    process.stdout.write('paused\n');
    // Blocks this thread until the kill: nothing after this point runs.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  },
});
process.stdout.write('done\n');
