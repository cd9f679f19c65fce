/**
 * The worker thread that fills a release folder with hard links to the files of the release a
 * standby copy equals ({@link linkBaseFiles} in standby.ts starts it). At 50,000 articles that is
 * 98,000 links made while Astro builds: one promise per link on the builder's own thread took
 * a second of its time, which the reference API it serves the build's reads from waited
 * behind; here they are synchronous calls on a thread of their own.
 */
import { linkSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { filesIn, makeFolders } from './output-files.ts';
import { runInBackground } from './thread-job.ts';

runInBackground();

/** What the worker is given: link each file of `from` but `leaveOut` into `to`. */
export interface StandbyLinksJob {
  from: string;
  to: string;
  leaveOut: readonly string[];
}

const { from, to, leaveOut } = workerData as StandbyLinksJob;
const left = new Set(leaveOut);
const files = (await filesIn(from)).filter((path) => !left.has(path));
await makeFolders(to, files);
for (const path of files) linkSync(join(from, path), join(to, path));
parentPort?.postMessage(files);
