import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deployTarget } from '../src/lib/site.ts';
import { buildCodeDigest } from './code-digest.ts';

/**
 * Folders and files the pages are made from, whose change makes a brand's build stale: with
 * the dependencies, the patches `npm install` applies to them (patches/). The build's own code
 * is in the fingerprint through its digest (builder/code-digest.ts), which follows its imports:
 * the scripts, benchmarks and tests it does not import are in neither.
 */
const inputs = ['src', 'public', 'contract', 'tailwind.config.ts', 'package-lock.json', 'patches'];

/** Files of the inputs that no build reads: tests, beside their source. */
const notBuilt = /\.test\.tsx?$/;

function* walk(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (notBuilt.test(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* walk(child);
    else yield child;
  }
}

/**
 * A fingerprint of everything a build reads from the repository at `root` plus `extra` (e.g.
 * the catalogue's own fingerprint): the build's code digest, the pages' inputs from file
 * paths, sizes and modification times, and the host it builds for (`DEPLOY_HOST`,
 * `API_ORIGIN`), which its host files depend on.
 */
export function buildFingerprint(root: string, extra: string): string {
  const hash = createHash('sha256')
    .update(extra)
    .update(JSON.stringify(deployTarget()))
    .update(buildCodeDigest(root));
  for (const input of inputs) {
    for (const file of walk(join(root, input))) {
      const stat = statSync(file);
      hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** Name of the stamp file a finished build leaves in its dist folder. */
export const stampName = '.build-stamp';

/** Whether `distDir` holds a build made from exactly `fingerprint`. */
export function isFresh(distDir: string, fingerprint: string): boolean {
  const stamp = join(distDir, stampName);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === fingerprint;
}

/** Marks `distDir` as built from `fingerprint`, for {@link isFresh}. */
export function writeStamp(distDir: string, fingerprint: string): void {
  writeFileSync(join(distDir, stampName), fingerprint);
}
