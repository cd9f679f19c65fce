import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareStandby, removeStaleFiles, standbyRoot, takeStandby } from './standby.ts';

const scratch: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'standby-'));
  scratch.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function write(path: string, text: string, age = 0): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  const at = new Date(Date.now() - age);
  utimesSync(path, at, at);
}

describe('the standby copy', () => {
  it('is a copy of its own, taken only for the release it copies', async () => {
    const distRoot = folder();
    const live = join(distRoot, '.releases', 'toppfart', 'r1');
    write(join(live, 'product', 'lue', 'index.html'), '<h1>Lue</h1>');
    await prepareStandby(distRoot, 'toppfart', live, 'r1');
    const standby = join(standbyRoot(distRoot, 'toppfart'), 'r1', 'product', 'lue', 'index.html');
    expect(statSync(standby).ino).not.toBe(
      statSync(join(live, 'product', 'lue', 'index.html')).ino,
    );

    const other = join(distRoot, '.releases', 'toppfart', 'r2');
    mkdirSync(other);
    expect(await takeStandby(distRoot, 'toppfart', 'r0', other)).toBe(false);
    expect(existsSync(standbyRoot(distRoot, 'toppfart'))).toBe(false);

    await prepareStandby(distRoot, 'toppfart', live, 'r1');
    expect(await takeStandby(distRoot, 'toppfart', 'r1', other)).toBe(true);
    expect(readFileSync(join(other, 'product', 'lue', 'index.html'), 'utf8')).toBe('<h1>Lue</h1>');
    expect(existsSync(standbyRoot(distRoot, 'toppfart'))).toBe(false);
  });

  it('is never taken when its copy was cut short', async () => {
    const distRoot = folder();
    const partial = join(standbyRoot(distRoot, 'toppfart'), 'r1.partial');
    write(join(partial, 'index.html'), 'halv');
    const next = join(distRoot, 'next');
    mkdirSync(next);
    expect(await takeStandby(distRoot, 'toppfart', 'r1', next)).toBe(false);
    expect(existsSync(partial)).toBe(false);
  });
});

describe('removeStaleFiles', () => {
  it('removes what is older than the build and not reused, and the folders that leaves empty', async () => {
    const root = folder();
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
    expect(await removeStaleFiles(root, since, new Set([reused]))).toBe(4);
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
});
