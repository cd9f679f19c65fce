/**
 * The worker thread that removes the folders of pruned releases ({@link pruneReleases} in
 * releases.ts starts it): at 50,000 articles a release is 98,000 files, whose removal held
 * the builder's thread for 0.5 s when it was done there.
 */
import { rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { runInBackground } from './thread-job.ts';

runInBackground();

for (const dir of workerData as string[]) rmSync(dir, { recursive: true, force: true });
parentPort?.postMessage(true);
