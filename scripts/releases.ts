/**
 * `npm run releases -- --brand <id> [--rollback]`: lists the brand's kept releases, newest
 * first, the live one marked; `--rollback` makes the release before the live one live again
 * (a running `npm start` serves it at once).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { getBrand } from '../src/brands/index.ts';
import {
  brandDist,
  listReleases,
  NoEarlierReleaseError,
  rollback,
} from '../builder/releases/releases.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: { brand: { type: 'string' }, rollback: { type: 'boolean', default: false } },
});
if (!values.brand) {
  console.error('Bruk: npm run releases -- --brand <merke> [--rollback]');
  process.exit(2);
}
const dist = brandDist(join(root, 'dist'), getBrand(values.brand).id);

if (values.rollback) {
  try {
    const release = rollback(dist);
    console.log(`${dist.brand}: ${release.id} er live igjen.`);
  } catch (error) {
    if (!(error instanceof NoEarlierReleaseError)) throw error;
    console.error(
      error.liveId === null
        ? `${dist.brand}: ingen utgave er live, så det er ingenting å rulle tilbake fra.`
        : `${dist.brand}: ingen ferdig utgave før ${error.liveId} å rulle tilbake til; ${error.liveId} er fortsatt live.`,
    );
    process.exit(1);
  }
}

const releases = listReleases(dist);
if (releases.length === 0) console.log(`${dist.brand} har ingen utgaver ennå.`);
for (const r of releases) {
  console.log(
    `${r.live ? '*' : ' '} ${r.id}  ${r.finishedAt}  ${String(r.pagesRendered).padStart(6)} bygget  ${String(r.pagesReused).padStart(6)} gjenbrukt  ${r.seconds.toFixed(1).padStart(6)} s`,
  );
}
