import type { APIRoute, GetStaticPaths } from 'astro';
import { headersFile, redirectsFile, robotsFile, routesFile } from '../lib/routes/host-files.ts';
import { currentBrand, deployTarget } from '../lib/site.ts';

/**
 * Files the host reads beside the pages: `_redirects` (real 301s, the rewrites of the
 * URL-driven shells, Netlify's proxy to the API), `_headers` (security headers), `robots.txt`
 * and, for Cloudflare Pages, `_routes.json` (where its Pages Function runs).
 */
export const getStaticPaths = (() =>
  [
    '_redirects',
    '_headers',
    'robots.txt',
    ...(deployTarget().host === 'cloudflare' ? ['_routes.json'] : []),
  ].map((hostfile) => ({ params: { hostfile } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const brand = currentBrand();
  const files: Record<string, () => string> = {
    _redirects: () => redirectsFile({ polls: brand.pages.polls, target: deployTarget() }),
    _headers: headersFile,
    '_routes.json': routesFile,
    'robots.txt': () => robotsFile(brand),
  };
  const body = files[params['hostfile'] ?? '']?.() ?? '';
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
