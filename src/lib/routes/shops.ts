/** The shop finder's paths (Norwegian, as the shop's other routes). */

/** The list of every shop, sorted by distance on request. */
export const SHOPS_PATH = '/butikker';

/** The page of one shop, by its segment from `uniqueSlugs`. */
export function shopPath(slug: string): string {
  return `${SHOPS_PATH}/${slug}`;
}
