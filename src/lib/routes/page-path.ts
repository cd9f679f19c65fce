/**
 * The address a built page is served at. Pages are built as files (`om-oss.html`,
 * `klaer/jakker.html`, `index.html`; `build.format: 'file'` in builder/storefront-build.ts), because both
 * hosts serve a file `a.html` at `/a` while a folder `a/index.html` costs every slash-less
 * link a redirect to `/a/`; while a page renders, Astro's URL names the file. This gives the
 * address links use: no `.html`, and `/` for the home page.
 */
export function pagePath(url: URL): string {
  const path = url.pathname.replace(/\.html$/, '').replace(/(^|\/)index$/, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : '/';
}
