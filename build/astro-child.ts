/**
 * One brand's build in a process of its own (build/build-brands.ts starts it): reads its
 * options as one JSON argument (`StorefrontBuildOptions`), runs Astro's `build()` with the
 * config they make (build/storefront-build.ts; astro.config.ts is not read), and sends the
 * build's report (build/astro-output.ts) to its parent. A build that fails, or whose report
 * is missing, exits non-zero with the error on stderr.
 */

import { build } from 'astro';
import { buildReport } from './astro-output.ts';
import {
  resolveBuildOptions,
  storefrontConfig,
  type StorefrontBuildOptions,
} from './storefront-build.ts';

const options = resolveBuildOptions(JSON.parse(process.argv[2] ?? '{}') as StorefrontBuildOptions);
// The pages and the Tailwind config read the brand they are built for from `BRAND`
// (src/lib/site.ts's currentBrand()): in this process it is the one the options name.
process.env['BRAND'] = options.brand;
// Astro's line per page (thousands of them) is for people; the builders read the report.
await build({ ...storefrontConfig(options), configFile: false, logLevel: 'warn' });
const report = buildReport();
if (report === null) throw new Error(`Build of brand "${options.brand}" made no report.`);
await new Promise<void>((resolve, reject) => {
  process.send?.(report, (error: Error | null) => (error ? reject(error) : resolve()));
});
// Done: neither the channel to the parent nor what Astro leaves open keeps the process.
process.exit(0);
