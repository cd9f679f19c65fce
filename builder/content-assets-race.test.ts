/**
 * Two brands' builds at once, as `npm start`, the tests and the builder run them, share the
 * project's `.astro/` folder, where each Astro child writes `content-assets.mjs` at the end of
 * its content sync. Astro writes it through one fixed temporary name (`….mjs.tmp`), so two
 * processes renamed each other's file away and one build failed (ENOENT, first seen in a
 * clean-clone CI run). patches/astro+7.3.5.patch gives each process its own temporary name;
 * `npm install` applies it (`postinstall`).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchFolder } from './test-support/scratch-folder.ts';

// Not among the package's exports: found by its place beside package.json.
const astroDir = dirname(createRequire(import.meta.url).resolve('astro/package.json'));
const storeModule = pathToFileURL(join(astroDir, 'dist', 'content', 'mutable-data-store.js'));
const folder = scratchFolder('content-assets-race');

/** A process writing the file 150 times, with or without an asset (so the two differ). */
function writer(file: string, withAsset: boolean): Promise<{ code: number | null; err: string }> {
  const script = `
    const { MutableDataStore } = await import(${JSON.stringify(storeModule.href)});
    const file = new URL(${JSON.stringify(pathToFileURL(file).href)});
    for (let i = 0; i < 150; i++) {
      const store = new MutableDataStore();
      if (${String(withAsset)}) store.addAssetImport('./picture.jpg', '/src/content/post.md');
      await store.writeAssetImports(file);
    }`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ code, err }));
  });
}

describe('content-assets.mjs written by two builds at once', () => {
  it('never fails either build', async () => {
    const file = join(folder, 'content-assets.mjs');
    const results = await Promise.all([writer(file, false), writer(file, true)]);
    expect(results.map((r) => (r.code === 0 ? 'ok' : r.err.slice(0, 300)))).toEqual(['ok', 'ok']);
  }, 60_000);
});
