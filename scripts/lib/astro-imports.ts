/**
 * What a `.astro` file imports, for tools that parse only JavaScript and TypeScript
 * (dependency-cruiser: scripts/depcruise-astro.ts).
 */

import ts from 'typescript';

/**
 * The modules an Astro component names (frontmatter, `<script>` blocks, dynamic imports), as
 * JavaScript with one `import "…";` per module in the order they first appear. TypeScript's
 * own pre-processor finds them, so Astro's frontmatter fence and template do not get in its
 * way.
 */
export function astroImportStatements(source: string): string {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  const names = [...new Set(importedFiles.map((file) => file.fileName))];
  return names.map((name) => `import ${JSON.stringify(name)};\n`).join('');
}
