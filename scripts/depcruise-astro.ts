/**
 * Lets dependency-cruiser see what pages, layouts and Astro components import. It parses
 * JavaScript and TypeScript only, and Astro's frontmatter fence defeats its parsers, so the
 * top of the layer rule would go unchecked. Loaded with `node --import` before
 * dependency-cruiser by `npm run lint:layers`: in that process a `.astro` file reads as the
 * import statements of scripts/lib/astro-imports.ts.
 */

import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { astroImportStatements } from './lib/astro-imports.ts';

const readFileSync = fs.readFileSync;

function readAstroAsImports(...args: Parameters<typeof fs.readFileSync>): string | Buffer {
  const [path, options] = args;
  const text = readFileSync(path, options);
  if (typeof text === 'string' && typeof path === 'string' && path.endsWith('.astro')) {
    return astroImportStatements(text);
  }
  return text;
}

fs.readFileSync = readAstroAsImports as typeof fs.readFileSync;
// dependency-cruiser binds `readFileSync` with an ESM named import: refresh those bindings.
syncBuiltinESMExports();
