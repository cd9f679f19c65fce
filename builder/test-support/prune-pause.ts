/**
 * For releases.test.ts: prunes a brand's releases to `keep`, says `paused` once the pruned
 * releases have lost their records and before their files go, and waits there for the test
 * to kill it.
 */
import { basename } from 'node:path';
import { pruneReleases } from '../releases/releases.ts';

const [live, releases, keep] = process.argv.slice(2) as [string, string, string];
await pruneReleases({ brand: basename(live), live, releases }, Number(keep), () => {
  process.stdout.write('paused\n');
  // Blocks this thread until the kill: nothing after this point runs.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
});
