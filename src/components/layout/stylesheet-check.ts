/**
 * A stylesheet that fails to load raises 'Unable to preload CSS', logged only (the page still
 * works, unstyled; docs/spec.md §8). Worded as Vite words the same failure for the CSS of
 * code loaded later, which rejects that import. Run by every page through the layout's one
 * module script (src/layouts/base-scripts.ts).
 */

/**
 * Logs each of the site's own stylesheets (addressed from `/`) that failed. A module script
 * runs only once the stylesheets the parser met before it have loaded or failed. Browsers
 * show a failed one as no sheet (the HTML standard), an empty one, or one whose rules cannot
 * be read, as if it came from another site (Chromium); one of the site's own that loaded has
 * rules. Reading its first rule throws in each failed case, so one `try` tells them all
 * apart: every page loads this, and its bytes count against each page's budget.
 */
export function startStylesheetCheck(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(
    'link[rel=stylesheet][href^="/"]',
  )) {
    try {
      void link.sheet!.cssRules[0]!.type;
    } catch {
      console.error(new Error(`Unable to preload CSS for ${link.href}`));
    }
  }
}
