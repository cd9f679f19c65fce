import type { ProductPathExceptions } from '../lib/domain/slug.ts';
import { parseProductPaths, PRODUCT_PATHS_URL } from '../lib/domain/product-paths.ts';
import { siteFile } from '../lib/site-file.ts';

/**
 * The build's product path exceptions, read once per page. On failure there are none (links
 * then follow the names, right for every article whose name is its own) and the next call
 * tries again.
 */
export const loadProductPaths = siteFile(
  PRODUCT_PATHS_URL,
  parseProductPaths,
  (): ProductPathExceptions => new Map(),
  'Could not load product paths',
);
