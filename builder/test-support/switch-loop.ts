/**
 * For releases.test.ts: builds tiny releases and switches the live link to each; after
 * `switches` switches it stops at `point` of the next release (`folder`: its page written,
 * no record; `record`: its record written, not switched; `rename`: the new link made, not
 * yet renamed over the old), says `paused` and waits there for the test to kill it.
 */
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { completeRelease, prepareRelease, switchLive } from '../releases/releases.ts';

const [live, releases, switches, point] = process.argv.slice(2) as [
  string,
  string,
  string,
  'folder' | 'record' | 'rename',
];
const dist = { brand: basename(live), live, releases };
const pause = (at: typeof point, n: number) => {
  if (at !== point || n <= Number(switches)) return;
  process.stdout.write('paused\n');
  // Blocks this thread until the kill: nothing after this point runs.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
};
for (let n = 1; ; n++) {
  const dir = prepareRelease(dist);
  writeFileSync(join(dir, 'index.html'), `utgave ${n}`);
  pause('folder', n);
  completeRelease(dir, {
    brand: dist.brand,
    startedAt: new Date().toISOString(),
    finishedAt: new Date().toISOString(),
    seconds: 0,
    pagesRendered: 1,
    pagesReused: 0,
  });
  pause('record', n);
  switchLive(dist, dir, () => pause('rename', n));
}
