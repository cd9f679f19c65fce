/**
 * Astro's incremental build manifest as patches/astro+7.3.5.patch has it keep count: the next
 * build in a warm process takes the count of the paths the last one recorded instead of
 * counting the 98,000 paths of its manifest again, and still finds the paths no longer built
 * (`findOrphanedFiles`), whose files Astro removes.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchFolder } from './test-support/scratch-folder.ts';

interface Cache {
  record(
    route: string,
    dependencyHash: string,
    pathname: string,
    key: string,
    file: string,
  ): unknown;
  carryForward(route: string, dependencyHash: string, pathname: string, entry: unknown): void;
  reusable(route: string, pathname: string, dependencyHash: string, key: string): unknown;
  findOrphanedFiles(): string[];
  writeManifest(settings: Settings): void;
}
interface Settings {
  config: { cacheDir: URL };
}

// Not among the package's exports: found by its place beside package.json.
const astroDir = dirname(createRequire(import.meta.url).resolve('astro/package.json'));
const { IncrementalBuildCache } = (await import(
  pathToFileURL(join(astroDir, 'dist', 'core', 'build', 'incremental.js')).href
)) as { IncrementalBuildCache: { load(settings: Settings, ...hashes: string[]): Cache } };
const folder = scratchFolder('incremental-manifest');

const ROUTE = 'src/pages/product/[slug].astro';
const settingsIn = (name: string): Settings => {
  const dir = join(folder, name);
  mkdirSync(dir, { recursive: true });
  return { config: { cacheDir: pathToFileURL(`${dir}/`) } };
};
const load = (settings: Settings) => IncrementalBuildCache.load(settings, 'config', 'lock', 'key');

/** A build of paths a, b and c, then one that reuses a, renders b anew and drops c. */
function secondBuild(first: Settings, second: Settings = first): Cache {
  const cache = load(first);
  for (const path of ['a', 'b', 'c']) cache.record(ROUTE, 'dep', `/${path}`, path, `${path}.html`);
  cache.writeManifest(first);
  if (second !== first) {
    copyFileSync(
      new URL('incremental-build.json', first.config.cacheDir),
      new URL('incremental-build.json', second.config.cacheDir),
    );
  }
  const next = load(second);
  next.carryForward(ROUTE, 'dep', '/a', next.reusable(ROUTE, '/a', 'dep', 'a'));
  next.record(ROUTE, 'dep', '/b', 'b2', 'b.html');
  return next;
}

describe("the incremental build's manifest", () => {
  it('finds a path no longer built after a build in the same process', () => {
    expect(secondBuild(settingsIn('warm')).findOrphanedFiles()).toEqual(['c.html']);
  });

  it('finds it from a manifest this process did not write', () => {
    const next = secondBuild(settingsIn('written'), settingsIn('copied'));
    expect(next.findOrphanedFiles()).toEqual(['c.html']);
  });

  it('finds none when every path is built again', () => {
    const settings = settingsIn('all');
    const next = secondBuild(settings);
    next.record(ROUTE, 'dep', '/c', 'c', 'c.html');
    expect(next.findOrphanedFiles()).toEqual([]);
  });
});
