import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchFolder } from '../test-support/scratch-folder.ts';
import { removeStaleFiles } from './prune-stale-output.ts';

/** Writes `text` at `path`, last modified `age` ms ago. */
function write(path: string, text: string, age = 0): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  const when = new Date(Date.now() - age);
  utimesSync(path, when, when);
}

describe('removeStaleFiles', () => {
  it('removes what is older than the build and not reused, and the folders that leaves empty', async () => {
    const root = scratchFolder('prune-stale-output');
    const since = Date.now() - 1000;
    const reused = join(root, 'product', 'lue', 'index.html');
    const gone = join(root, 'product', 'votter', 'index.html');
    const oldAsset = join(root, '_astro', 'layout.old.js');
    const written = join(root, '_astro', 'layout.new.js');
    const nestedGone = [
      join(root, 'dame', 'jakker', 'index.html'),
      join(root, 'dame', 'index.html'),
    ];
    for (const path of nestedGone) write(path, 'borte', 60_000);
    write(reused, 'lue', 60_000);
    write(gone, 'votter', 60_000);
    write(oldAsset, 'gammel', 60_000);
    write(written, 'ny');
    expect(await removeStaleFiles(root, since, (file) => file === 'product/lue/index.html')).toBe(
      4,
    );
    expect(existsSync(join(root, 'dame'))).toBe(false);
    expect([reused, gone, oldAsset, written].map((p) => existsSync(p))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(existsSync(join(root, 'product', 'votter'))).toBe(false);
    expect(existsSync(join(root, 'product'))).toBe(true);
  });

  it('looks only at the candidates a build names, asks what it keeps only of old ones, and skips the gone', async () => {
    const root = scratchFolder('prune-stale-output');
    const since = Date.now() - 1000;
    const reused = join(root, 'product', 'lue.html');
    const gone = join(root, 'product', 'votter.html');
    const sitemap = join(root, 'sitemap-0.xml');
    const rendered = join(root, 'product', 'sko.html');
    for (const path of [reused, gone, sitemap]) write(path, 'gammel', 60_000);
    write(rendered, 'ny');
    const asked: string[] = [];
    const kept = (file: string) => {
      asked.push(file);
      return file === 'sitemap-0.xml';
    };
    // The reused page is no candidate: it stays, though old and not among the kept.
    const candidates = [
      'product/votter.html',
      'sitemap-0.xml',
      'product/sko.html',
      '.prerender/a.mjs',
    ];
    expect(await removeStaleFiles(root, since, kept, candidates)).toBe(1);
    expect([reused, gone, sitemap, rendered].map((p) => existsSync(p))).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(asked.sort()).toEqual(['product/votter.html', 'sitemap-0.xml']);
    // Only new files: what is kept is never asked.
    expect(await removeStaleFiles(root, since, kept, ['product/sko.html'])).toBe(0);
    expect(asked).toHaveLength(2);
  });
});
