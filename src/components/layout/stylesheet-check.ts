/**
 * SPEC 8: a stylesheet that fails to load raises 'Unable to preload CSS', logged only (the
 * page still works, unstyled). Worded as Vite words the same failure for the CSS of code
 * loaded later, which rejects that import. Run by every page through the layout's one module
 * script (src/layouts/base-scripts.ts).
 */

/**
 * Logs each of the page's stylesheets that failed. A module script runs only once the
 * stylesheets the parser met before it have loaded or failed, and a failed one has no sheet.
 */
export function startStylesheetCheck(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (!link.sheet) console.error(new Error(`Unable to preload CSS for ${link.href}`));
  }
}
