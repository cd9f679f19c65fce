/**
 * `npm run build [-- --brand <id>]`: builds every brand (or one: `--brand` or `BRAND=`) into
 * dist/<brand>/. Without `API_URL` it runs the reference backend in-process on a free port
 * for the duration of the build, seeding its database first when it is empty.
 */
import { parseArgs } from 'node:util';
import { brands, getBrand } from '../src/brands/index.ts';
import { buildBrands } from './lib/build-brands.ts';
import { withApi } from './lib/with-api.ts';

const { values } = parseArgs({ options: { brand: { type: 'string' } } });
const selected = values.brand ?? process.env['BRAND'];
const ids = selected ? [getBrand(selected).id] : brands.map((b) => b.id);

await withApi(process.env['API_URL'], async (apiUrl) => {
  console.log(`Bygger ${ids.join(', ')} mot ${apiUrl}`);
  for (const result of await buildBrands(ids, apiUrl)) {
    console.log(`  ${result.brand}: dist/${result.brand}/ på ${result.seconds.toFixed(1)} s`);
    if (result.skipped) console.log(`    ${result.skipped}`);
  }
});
