/**
 * The relative specifiers a module imports statically, as Oxc's parser (the one Rolldown
 * builds with) reads them: the one reader of imports for both the build's code digest
 * (source files, builder/code-digest.ts) and the chunk graph of a finished build (minified
 * chunks, builder/astro-output.ts).
 */

import { parseSync } from 'oxc-parser';

/**
 * The relative specifiers (`./x`, `../x`) the module `code` imports or re-exports statically
 * (`import … from`, `import '…'`, `export … from`; not `import()`). `file` names the language
 * by its extension (`.js`, `.ts`, `.tsx`). Fails, naming the file, on code the parser cannot
 * read: a digest or a chunk graph must never be taken from half a module.
 */
export function staticImports(file: string, code: string): string[] {
  const { module, errors } = parseSync(file, code);
  const [error] = errors;
  if (error) throw new Error(`Cannot read the imports of ${file}: ${error.message}`);
  const specifiers = [
    ...module.staticImports.map((found) => found.moduleRequest.value),
    ...module.staticExports.flatMap((found) =>
      found.entries.flatMap((entry) => (entry.moduleRequest ? [entry.moduleRequest.value] : [])),
    ),
  ];
  return [...new Set(specifiers)].filter((spec) => /^\.\.?\//.test(spec));
}
