/**
 * The build's one code digest: of the build module's own code, which no page's module graph
 * holds. Astro's incremental build reuses a page while that page's own module graph is
 * unchanged; the digest goes into the config's Vite `define` (part of Astro's config hash,
 * builder/storefront-build.ts), so a change to the finishing, the chunk groups or the config
 * renders every page again, and into the fingerprint that says whether a brand's build is
 * stale (builder/stale.ts). It follows imports, not folders: a benchmark or a test that the
 * build does not import is in neither.
 */

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticImports } from './static-imports.ts';

/**
 * Each source file's relative imports as last read, with the code they were read from: a warm
 * build process takes the digest twice in every build (builder/astro-child.ts, the config),
 * and parsing every file anew took 0.1 s of each campaign rebuild.
 */
const importsRead = new Map<string, { code: string; imports: string[] }>();

/** {@link staticImports} of `file`, parsed again only when its code changed. */
function importsOf(file: string, code: string): string[] {
  const known = importsRead.get(file);
  if (known?.code === code) return known.imports;
  const imports = staticImports(file, code);
  importsRead.set(file, { code, imports });
  return imports;
}

/**
 * A digest of the source files `entries` and of every file they import by a relative path,
 * however deep, each once.
 */
export function sourceDigest(...entries: string[]): string {
  const hash = createHash('sha256');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    hash.update(code).update('\0');
    for (const spec of importsOf(file, code)) visit(join(dirname(file), spec));
  };
  for (const entry of entries) visit(entry);
  return hash.digest('hex');
}

/**
 * The entries of the build's own code, relative to the repository: the config with its
 * integration, and the page finishing that the integration registers by its path (no import
 * reaches it).
 */
const buildCodeEntries = ['builder/storefront-build.ts', 'builder/finish-page-middleware.ts'];

/** The repository this module is in. */
export const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** {@link sourceDigest} of the build's own code in the repository at `root`. */
export function buildCodeDigest(root: string = repoRoot): string {
  return sourceDigest(...buildCodeEntries.map((entry) => join(root, entry)));
}
