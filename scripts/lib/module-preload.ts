/**
 * `<link rel="modulepreload">` for the chunks a page's module scripts import. Astro writes
 * only the entry `<script type="module" src>`; the browser finds its imports after fetching
 * and parsing it, one round trip per level. Listing them in the head lets the browser fetch
 * every level at once (the search page's first results wait on three levels otherwise).
 */

import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const IMPORT =
  /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.\.?\/[^"']+)["']/g;

/** The relative specifiers a built chunk imports statically (not `import()`). */
export function staticImports(code: string): string[] {
  return [...code.matchAll(IMPORT)].flatMap((m) => (m[1] ? [m[1]] : []));
}

/**
 * A lookup of the chunks a script (by its URL path, `/_astro/x.js`) imports, directly or
 * not, in the build at `root`; each chunk is read once.
 */
export function chunkImports(root: string): (src: string) => string[] {
  const direct = new Map<string, string[]>();
  const importsOf = (src: string): string[] => {
    let found = direct.get(src);
    if (!found) {
      const code = readFileSync(join(root, src), 'utf8');
      found = staticImports(code).map((spec) => posix.join(posix.dirname(src), spec));
      direct.set(src, found);
    }
    return found;
  };
  return (entry) => {
    const seen = new Set<string>();
    const visit = (src: string) => {
      for (const dep of importsOf(src)) {
        if (seen.has(dep)) continue;
        seen.add(dep);
        visit(dep);
      }
    };
    visit(entry);
    return [...seen];
  };
}

/**
 * `html` with a modulepreload link, before `</head>`, for every chunk its module scripts
 * import that is not itself one of its scripts. Pages whose scripts import only chunks
 * `everyPage` names (the layout's, which every page loads and none waits on for its main
 * content) are left as they are: rewriting thousands of product pages for them cost the
 * build more time than the preloads save.
 */
export function withModulePreloads(
  html: string,
  importsOf: (src: string) => string[],
  everyPage: (src: string) => boolean = () => false,
): string {
  const scripts = [...html.matchAll(/<script type="module" src="(\/[^"]+\.js)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
  const deps = new Set(scripts.flatMap(importsOf));
  for (const script of scripts) deps.delete(script);
  if ([...deps].every(everyPage)) return html;
  const links = [...deps].map((href) => `<link rel="modulepreload" href="${href}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}
