/**
 * The relative specifiers a module imports statically, read from its text: the one reader of
 * imports for both the build's code digest (source files, build/code-digest.ts) and the
 * chunk graph of a finished build (minified chunks, build/astro-output.ts).
 */

const IMPORT =
  /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.\.?\/[^"']+)["']/g;

/** The relative specifiers a built chunk or a source file imports statically (not `import()`). */
export function staticImports(code: string): string[] {
  return [...code.matchAll(IMPORT)].flatMap((m) => (m[1] ? [m[1]] : []));
}
