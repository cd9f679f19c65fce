/**
 * The build's product path exceptions file (src/pages/product-paths.json.ts): where it is and
 * how it is read, by the pages' script (stores/product-paths.ts) and by a host that draws
 * cards (functions/_lib/search-page.ts).
 */

import type { ProductPathExceptions } from './slug.ts';

/** Where the build writes its product path exceptions (src/pages/product-paths.json.ts). */
export const PRODUCT_PATHS_URL = '/product-paths.json';

/** A built product segment: a slug, maybe with a `--{id}` suffix, or an id. */
const segment = /^[a-z0-9]+(?:--?[a-z0-9]+)*$/u;

/** The exceptions in a parsed file; anything that is not an id and a slug is left out. */
export function parseProductPaths(data: unknown): ProductPathExceptions {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return new Map();
  return new Map(
    Object.entries(data).flatMap(([id, value]) =>
      /^[1-9]\d*$/u.test(id) && typeof value === 'string' && segment.test(value)
        ? [[Number(id), value] as const]
        : [],
    ),
  );
}
