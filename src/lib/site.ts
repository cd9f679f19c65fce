import { getBrand } from '../brands/index.ts';
import type { Brand } from '../brands/schema.ts';

/**
 * The brand this build is for. The build sets `BRAND` (scripts/build.ts); with none, the
 * default brand, as `npm run dev` and `astro check` run.
 */
export function currentBrand(): Brand {
  return getBrand(process.env['BRAND']);
}
