/**
 * `npm run rebuild -- --brand <id> [--force]`: builds one brand into a new release,
 * incrementally (unchanged pages are reused), smoke-checks it and makes it live, as the build
 * hook does; when neither code nor data changed since the live release it builds nothing,
 * unless `--force`.
 * A running `npm start` serves the new release at once; should its builder be building the
 * same brand, this waits for it. Without `API_URL` it reads the reference backend.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { getBrand } from '../src/brands/index.ts';
import { AfterLiveError, buildRelease, defaultKeep } from '../builder/releases/builder.ts';
import { brandDist, listReleases } from '../builder/releases/releases.ts';
import { withApi } from './lib/with-api.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: { brand: { type: 'string' }, force: { type: 'boolean', default: false } },
});
if (!values.brand) {
  console.error('Bruk: npm run rebuild -- --brand <merke> [--force]');
  process.exit(2);
}
const brand = getBrand(values.brand).id;
const distRoot = join(root, 'dist');

await withApi(process.env['API_URL'], async (apiUrl) => {
  console.log(`Bygger ${brand} på nytt mot ${apiUrl} ...`);
  try {
    const outcome = await buildRelease(brand, {
      distRoot,
      cacheRoot: join(root, '.cache'),
      apiUrl,
      keep: defaultKeep,
      force: values.force,
    });
    console.log(
      outcome.pagesRendered === 0
        ? `${brand}: ingen endring siden ${outcome.releaseId}, som fortsatt er live (${outcome.seconds.toFixed(1)} s)`
        : `${brand}: ${outcome.releaseId} er live: ${outcome.pagesRendered} sider bygget, ${outcome.pagesReused} gjenbrukt, ${outcome.seconds.toFixed(1)} s`,
    );
  } catch (error) {
    process.exitCode = 1;
    if (error instanceof AfterLiveError) {
      console.error(
        `${brand}: ${error.outcome.releaseId} er live, men arbeidet etter byttet feilet: ${error.causes.map(String).join('; ')}`,
      );
      return;
    }
    const live = listReleases(brandDist(distRoot, brand)).find((r) => r.live);
    console.error(error instanceof Error ? error.message : error);
    console.error(
      `${brand}: bygget feilet; ${live ? `${live.id} er fortsatt live` : 'ingen utgave er live'}.`,
    );
  }
});
