/**
 * `npm run build [-- --brand <id>]`: builds every brand (or one: `--brand` or `BRAND=`) into a
 * new release each and makes it live as `dist/<brand>` (builder/releases/: incremental,
 * smoke-checked, switched atomically), as many brands at once as cores and memory allow.
 * Without `API_URL` it runs the reference backend in-process on a free port for the duration
 * of the build, seeding its database first when it is empty.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brands, getBrand } from '../src/brands/index.ts';
import { brandBuildSlots } from '../builder/build-brands.ts';
import { buildRelease, defaultKeep } from '../builder/releases/builder.ts';
import { RebuildQueue } from '../builder/releases/queue.ts';
import { withApi } from './lib/with-api.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { brand: { type: 'string' } } });
const selected = values.brand ?? process.env['BRAND'];
const ids = selected ? [getBrand(selected).id] : brands.map((b) => b.id);

await withApi(process.env['API_URL'], async (apiUrl) => {
  console.log(`Bygger ${ids.join(', ')} mot ${apiUrl}`);
  const queue = new RebuildQueue(
    (brand) =>
      buildRelease(brand, {
        distRoot: join(root, 'dist'),
        cacheRoot: join(root, '.cache'),
        apiUrl,
        keep: defaultKeep,
      }),
    { concurrency: brandBuildSlots() },
  );
  for (const id of ids) queue.trigger(id);
  for (const id of ids) {
    const status = await queue.settled(id);
    if (status.state === 'live') {
      console.log(
        `  ${id}: dist/${id}/ (${status.releaseId}) på ${status.seconds?.toFixed(1)} s: ${status.pagesRendered} sider bygget, ${status.pagesReused} gjenbrukt`,
      );
      if (status.skipped) console.log(`    ${status.skipped}`);
    } else {
      console.error(`  ${id}: feilet: ${status.error}`);
      process.exitCode = 1;
    }
  }
});
