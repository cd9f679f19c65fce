/**
 * For preview-build.test.ts: one preview build (`buildPreview`, its brand, campaign and
 * options as JSON in the first argument) that stops at its first rendered page, saying
 * `paused`, until the test kills it, as the OOM killer or a power cut would.
 */
import {
  buildPreview,
  type PreviewBuildOptions,
  type PreviewCampaign,
} from '../previews/preview-build.ts';

const { brand, campaign, ...options } = JSON.parse(
  process.argv[2] ?? '{}',
) as PreviewBuildOptions & { brand: string; campaign: PreviewCampaign };
await buildPreview(brand, campaign, {
  ...options,
  onStep: () => {
    process.stdout.write('paused\n');
    // Blocks this thread until the kill: nothing after this point runs.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  },
});
process.stdout.write('done\n');
