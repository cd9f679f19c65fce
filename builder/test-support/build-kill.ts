/**
 * For the kill tests (builder-kill.test.ts, builder/build-workers.test.ts): one release build
 * (`buildRelease`, options as JSON in the first argument) that says each point it passes
 * (`step <name>`) and stops at `pauseAt`, saying `paused`, until the test kills it, as the OOM
 * killer or a power cut would. With `warm`, as `npm start`'s builder builds: a first build in
 * the brand's warm build process, then the paused one in the same process.
 */
import { BuildWorkers } from '../build-brands.ts';
import { buildRelease, type BuildStep, type ReleaseBuilderOptions } from '../releases/builder.ts';

const { brand, pauseAt, warm, ...options } = JSON.parse(
  process.argv[2] ?? '{}',
) as ReleaseBuilderOptions & {
  brand: string;
  pauseAt: BuildStep;
  warm?: boolean;
};
const workers = warm ? new BuildWorkers() : undefined;
if (workers) await buildRelease(brand, { ...options, workers });
await buildRelease(brand, {
  ...options,
  ...(workers ? { workers, force: true } : {}),
  onStep: (step) => {
    process.stdout.write(`step ${step}\n`);
    if (step !== pauseAt) return;
    process.stdout.write('paused\n');
    // Blocks this thread until the kill: nothing after this point runs.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  },
});
workers?.close();
process.stdout.write('done\n');
