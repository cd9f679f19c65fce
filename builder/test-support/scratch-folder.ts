/**
 * Scratch folders for the build module's unit tests, so that a run leaves nothing in the
 * system's temp folder (hundreds of them piled up there, one set per run).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

// Registered when a test file first imports this module, so it runs after that file's tests.
afterAll(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A new empty folder under the temp folder, removed when the test file that made it ends. */
export function scratchFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `${prefix}-`));
  made.push(folder);
  return folder;
}
