import type { APIRoute, GetStaticPaths } from 'astro';
import { headersFile, redirectsFile, robotsFile } from '../lib/routes/host-files.ts';
import { currentBrand } from '../lib/site.ts';

/**
 * Files the host reads beside the pages: `_redirects` (real 301s and the rewrites of the
 * URL-driven shells), `_headers` (security headers) and `robots.txt`.
 */
export const getStaticPaths = (() =>
  ['_redirects', '_headers', 'robots.txt'].map((hostfile) => ({
    params: { hostfile },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const brand = currentBrand();
  const body =
    params['hostfile'] === '_redirects'
      ? redirectsFile({ polls: brand.pages.polls })
      : params['hostfile'] === '_headers'
        ? headersFile()
        : robotsFile(brand);
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
