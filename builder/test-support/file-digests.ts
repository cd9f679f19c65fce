/**
 * What a release, preview or standby copy holds, for the build module's tests that compare
 * two of them byte for byte.
 */

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Each file below `dir` but the dot files (a release's or preview's own records, the build
 * stamp), by its path relative to `dir`, with a SHA-256 digest of its bytes; sorted by path.
 */
export function fileDigests(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.startsWith('.'))
      .map((e) => {
        const path = join(e.parentPath, e.name);
        return [relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex')];
      })
      .sort(([a], [b]) => (a ?? '').localeCompare(b ?? '')),
  );
}
