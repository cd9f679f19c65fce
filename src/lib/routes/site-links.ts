/**
 * Which internal links a brand's build can answer. Home slots and campaigns carry links
 * from the CMS that may name a page this brand does not have (an about page on a brand
 * without one); a slot drops such a link rather than send the shopper to a 404.
 */

import type { Brand } from '../../brands/schema.ts';
import { parseBundleIds } from '../domain/bundle-ids.ts';
import { safeHref } from '../domain/safe-href.ts';
import { routedPageIds, hasOwnRoute } from '../content/pages.ts';
import { fixedRedirects } from './redirects.ts';

/**
 * The fixed paths of `brand`'s build: home, customer service, checkout, the content pages
 * the brand has, the blog, poll and shop finder front pages where the brand has them, the
 * pre-rendered listings (`listingPaths`, the `listings` collection) and the fixed redirects. (The same rules as the page files' getStaticPaths.)
 */
export function sitePaths(brand: Brand, listingPaths: Iterable<string>): Set<string> {
  const paths = new Set<string>(['/', '/kundeservice', '/checkout', ...listingPaths]);
  for (const id of routedPageIds) if (hasOwnRoute(id, brand)) paths.add(`/${id}`);
  if (brand.pages.blog) paths.add('/blogg');
  if (brand.pages.polls) paths.add('/avstemning');
  if (brand.pages.shops) paths.add('/butikker');
  for (const redirect of fixedRedirects) paths.add(redirect.from);
  return paths;
}

/**
 * A check for internal links against {@link sitePaths}: a same-site path that passes
 * safeHref (query and hash
 * ignored, a trailing slash too) that is one of them, a bundle page with valid ids, or a
 * search. Anything else, an outside address included, fails.
 */
export function linkChecker(paths: ReadonlySet<string>): (href: string) => boolean {
  return (href) => {
    const link = safeHref(href);
    if (!link || link.external) return false;
    const path = link.href.replace(/[?#].*$/su, '').replace(/(.)\/+$/su, '$1');
    if (paths.has(path)) return true;
    if (path.startsWith('/utvalg/')) return parseBundleIds(path) !== null;
    return /^\/search\/[^/]+$/u.test(path);
  };
}
