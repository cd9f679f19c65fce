/**
 * For releases.test.ts: builds tiny releases and switches the live link to each, as fast as
 * it can, until the test kills it at a random moment, often mid-switch.
 */
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { completeRelease, prepareRelease, switchLive } from './releases.ts';

const [live, releases] = process.argv.slice(2) as [string, string];
const dist = { brand: basename(live), live, releases };
for (let n = 1; ; n++) {
  const dir = prepareRelease(dist);
  writeFileSync(join(dir, 'index.html'), `utgave ${n}`);
  completeRelease(dir, {
    brand: dist.brand,
    startedAt: new Date().toISOString(),
    finishedAt: new Date().toISOString(),
    seconds: 0,
    pagesRendered: 1,
    pagesReused: 0,
  });
  switchLive(dist, dir);
}
