/**
 * Files a build process wrote and reads again in its next build (a warm build process builds a
 * brand again and again, builder/astro-child.ts): what it wrote is kept in memory with the
 * file's identity, and read from there while the file is still the one written. At 50,000
 * articles the products loader's state and list of product pages are 15 MB of JSON, read and
 * parsed anew in every campaign.
 */
import { statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { buildSlot } from '../build-channel.ts';

/**
 * A file's identity: its device, inode, size and time to the nanosecond, or null when there is
 * none. Whatever writes, replaces or removes the file changes it, so a file that kept it is
 * the one it was taken of.
 */
export function fileIdentity(file: URL | string): string | null {
  const stats = statSync(file, { bigint: true, throwIfNoEntry: false });
  return stats ? `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}` : null;
}

// In the build's channel: Node's instance outlives the dev runner's and the bundle's copies of
// this module, which each build makes anew.
const written = buildSlot<Map<string, { identity: string; value: unknown }>>(
  'writtenFiles',
  new Map(),
);

/**
 * Writes `value` as JSON to `file` as a new file renamed over the old, so that `file` is always
 * whole: the old content or the new, never half of one after a kill. `value` is kept for
 * {@link readJsonFile} and must not change after.
 */
export async function replaceJsonFile(file: URL, value: unknown): Promise<void> {
  written.value.delete(file.href);
  const partial = new URL(`${file.href}.partial`);
  await writeFile(partial, JSON.stringify(value));
  await rename(partial, file);
  const identity = fileIdentity(file);
  if (identity !== null) written.value.set(file.href, { identity, value });
}

/**
 * The JSON in `file`: what this process wrote last ({@link replaceJsonFile}) while the file is
 * one it wrote, else read and parsed. By the file's identity, whatever its name: a link to a
 * written file (a preview's cache seeded from the live build's) is that file, and no writer
 * here writes one in place. The caller changes none of it.
 */
export async function readJsonFile(file: URL): Promise<unknown> {
  const identity = fileIdentity(file);
  for (const known of written.value.values()) if (known.identity === identity) return known.value;
  return JSON.parse(await readFile(file, 'utf8'));
}
