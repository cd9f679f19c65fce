import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { brandDist, completeRelease, listReleases, type Release } from './releases.ts';
import {
  baseLinks,
  dropBaseLinks,
  emptyStandby,
  keepStandby,
  linkBaseFiles,
  linksRoot,
  prepareBaseLinks,
  prepareStandby,
  releaseFromStandby,
  restoreStandby,
  standbyBecomesRelease,
  standbyRoot,
  takeStandby,
  type Standby,
} from './standby.ts';

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

/** A complete release `id` of `brand` under `distRoot` with `files` (path -> text). */
function release(distRoot: string, id: string, files: Record<string, string>): Release {
  const dir = join(distRoot, '.releases', 'toppfart', id);
  for (const [path, text] of Object.entries(files)) write(join(dir, path), text, 60_000);
  completeRelease(dir, {
    brand: 'toppfart',
    startedAt: '2026-11-24T12:00:00.000Z',
    finishedAt: '2026-11-24T12:00:10.000Z',
    seconds: 10,
    pagesRendered: 1,
    pagesReused: 0,
  });
  const found = listReleases(brandDist(distRoot, 'toppfart')).find((r) => r.id === id);
  if (!found) throw new Error(`release ${id} not listed`);
  return found;
}

describe('the standby copy', () => {
  it('is made its base again after a build that made no release (a preview)', async () => {
    const distRoot = folder();
    const live = release(distRoot, 'r1', {
      'index.html': '<h1>Hjem</h1>',
      'product/lue.html': '<p>199 kr</p>',
      'sitemap-index.xml': '<sitemapindex/>',
      'product/sko.html': '<p>Sko</p>',
    });
    await prepareStandby(distRoot, 'toppfart', live.dir, 'r1');
    const taken = await takeStandby(distRoot, 'toppfart', [live]);
    if (taken === null) throw new Error('no standby copy');
    for (const path of ['index.html', 'product/lue.html', 'product/sko.html']) {
      utimesSync(
        join(taken.dir, path),
        new Date(Date.now() - 60_000),
        new Date(Date.now() - 60_000),
      );
    }
    const since = Date.now() - 1000;
    // The preview's build: a new price, a page of its own, the sitemap pruned.
    write(join(taken.dir, 'product/lue.html'), '<p>99 kr</p>');
    write(join(taken.dir, 'kampanje/jul.html'), '<h1>Jul</h1>');
    rmSync(join(taken.dir, 'sitemap-index.xml'));

    expect(await restoreStandby(taken, since)).toBe(3);
    await keepStandby(taken, 'r1');
    const copy = join(standbyRoot(distRoot, 'toppfart'), 'r1');
    expect(readFileSync(join(copy, 'product/lue.html'), 'utf8')).toBe('<p>199 kr</p>');
    expect(readFileSync(join(copy, 'sitemap-index.xml'), 'utf8')).toBe('<sitemapindex/>');
    expect(existsSync(join(copy, 'kampanje'))).toBe(false);
    expect(readdirSync(copy, { recursive: true }).sort()).toEqual(
      ['index.html', 'product', 'product/lue.html', 'product/sko.html', 'sitemap-index.xml'].sort(),
    );
    // Its files stay its own: the next build rewrites them in place.
    expect(statSync(join(copy, 'product/lue.html')).ino).not.toBe(
      statSync(join(live.dir, 'product/lue.html')).ino,
    );
  });

  it('is a copy of its own, taken only for the release it copies', async () => {
    const distRoot = folder();
    const live = release(distRoot, 'r1', { 'product/lue/index.html': '<h1>Lue</h1>' });
    await prepareStandby(distRoot, 'toppfart', live.dir, 'r1');
    const standby = join(standbyRoot(distRoot, 'toppfart'), 'r1', 'product', 'lue', 'index.html');
    expect(statSync(standby).ino).not.toBe(
      statSync(join(live.dir, 'product', 'lue', 'index.html')).ino,
    );

    const other = { ...live, id: 'r0', dir: join(distRoot, 'r0') };
    expect(await takeStandby(distRoot, 'toppfart', [other])).toBeNull();
    expect(existsSync(standbyRoot(distRoot, 'toppfart'))).toBe(false);

    await prepareStandby(distRoot, 'toppfart', live.dir, 'r1');
    const taken = await takeStandby(distRoot, 'toppfart', [live]);
    expect(taken?.base.id).toBe('r1');
    expect(readFileSync(join(taken?.dir ?? '', 'product', 'lue', 'index.html'), 'utf8')).toBe(
      '<h1>Lue</h1>',
    );
    // Taken: no copy of r1 is left to take twice.
    expect(readdirSync(standbyRoot(distRoot, 'toppfart'))).toEqual(['building']);
  });

  it("takes a build with no copy to go into in its place, empty, and gives its files to the release's folder by a rename", async () => {
    const distRoot = folder();
    // What a build killed there left: never a page of the next.
    write(join(standbyRoot(distRoot, 'toppfart'), 'building', 'product', 'halv.html'), 'halv');
    const out = await emptyStandby(distRoot, 'toppfart');
    expect(out).toBe(join(standbyRoot(distRoot, 'toppfart'), 'building'));
    expect(readdirSync(out)).toEqual([]);
    write(join(out, 'product', 'lue.html'), 'lue');
    const page = statSync(join(out, 'product', 'lue.html')).ino;
    const dir = join(distRoot, '.releases', 'toppfart', 'r1');
    mkdirSync(dir, { recursive: true });
    await standbyBecomesRelease(out, dir);
    expect(statSync(join(dir, 'product', 'lue.html')).ino).toBe(page);
    expect(existsSync(out)).toBe(false);
    expect(await takeStandby(distRoot, 'toppfart', [])).toBeNull();
  });

  it('is never taken when its copy was cut short', async () => {
    const distRoot = folder();
    const live = release(distRoot, 'r1', { 'index.html': 'hel' });
    const partial = join(standbyRoot(distRoot, 'toppfart'), 'r1.partial');
    write(join(partial, 'index.html'), 'halv');
    expect(await takeStandby(distRoot, 'toppfart', [live])).toBeNull();
    expect(existsSync(partial)).toBe(false);
  });

  it('never carries a release record, nor is a build into it ever taken again', async () => {
    const distRoot = folder();
    const live = release(distRoot, 'r1', { 'index.html': 'hel' });
    writeFileSync(join(live.dir, '.build-stamp'), 'fingerprint');
    await prepareStandby(distRoot, 'toppfart', live.dir, 'r1');
    const copy = join(standbyRoot(distRoot, 'toppfart'), 'r1');
    expect(readdirSync(copy)).toEqual(['index.html']);
    // A build killed while in the copy leaves it taken, as `building`: never taken again.
    await takeStandby(distRoot, 'toppfart', [live]);
    expect(await takeStandby(distRoot, 'toppfart', [live])).toBeNull();
    expect(existsSync(standbyRoot(distRoot, 'toppfart'))).toBe(false);
  });
});

/**
 * Release r1 with `files`, its standby copy taken for a build that starts now, and the folder
 * of the release r2 that build makes.
 */
async function standbyOfRelease(files: Record<string, string>) {
  const distRoot = folder();
  const base = release(distRoot, 'r1', files);
  await prepareStandby(distRoot, 'toppfart', base.dir, 'r1');
  const standby = (await takeStandby(distRoot, 'toppfart', [base])) as Standby;
  return {
    distRoot,
    base,
    standby,
    since: Date.now() - 1000,
    dir: join(distRoot, '.releases', 'toppfart', 'r2'),
  };
}

describe('releaseFromStandby', () => {
  it.each([
    ['after the build', false],
    ['while the build runs (linkBaseFiles)', true],
  ])(
    'links what the build left alone or wrote the same, copies what it wrote new, and keeps the copy its own: links made %s',
    async (_, ahead) => {
      const { distRoot, base, standby, since, dir } = await standbyOfRelease({
        'index.html': 'forside',
        'product/lue.html': 'lue 199',
        'product/votter.html': 'votter',
        '_astro/app.js': 'app',
      });
      const linked = ahead ? await linkBaseFiles(standby, dir) : undefined;
      // The build: a price changed (same size), a page written the same, one new, one gone.
      write(join(standby.dir, 'product', 'lue.html'), 'lue 149');
      write(join(standby.dir, '_astro', 'app.js'), 'app');
      write(join(standby.dir, 'product', 'sko.html'), 'sko');
      rmSync(join(standby.dir, 'product', 'votter.html'));
      expect(await releaseFromStandby(standby, dir, since, linked)).toEqual({
        shared: 2,
        copied: 2,
      });

      const inode = (root: string, path: string) => statSync(join(root, path)).ino;
      for (const path of ['index.html', '_astro/app.js']) {
        expect(inode(dir, path)).toBe(inode(base.dir, path));
      }
      for (const path of ['product/lue.html', 'product/sko.html']) {
        expect(inode(dir, path)).not.toBe(inode(standby.dir, path));
      }
      for (const path of ['index.html', 'product/lue.html', 'product/sko.html', '_astro/app.js']) {
        expect(inode(dir, path)).not.toBe(inode(standby.dir, path));
      }
      expect(readFileSync(join(dir, 'product', 'lue.html'), 'utf8')).toBe('lue 149');
      expect(readFileSync(join(base.dir, 'product', 'lue.html'), 'utf8')).toBe('lue 199');
      expect(existsSync(join(dir, 'product', 'votter.html'))).toBe(false);

      await keepStandby(standby, 'r2');
      expect(readdirSync(standbyRoot(distRoot, 'toppfart'))).toEqual(['r2']);
    },
  );

  it("takes the build's word for the pages it left in place: linked, their times are not read", async () => {
    const { base, standby, since, dir } = await standbyOfRelease({
      'product/lue.html': 'lue 199',
      'product/votter.html': 'votter',
      'product/hatt.html': 'hatt',
    });
    const linked = await linkBaseFiles(standby, dir);
    // Written by the build, though listed: a report that said so would be wrong, and the
    // release shows what it says. The new page and the page gone are the folder's, listed or not.
    write(join(standby.dir, 'product', 'lue.html'), 'lue 149');
    write(join(standby.dir, 'product', 'hatt.html'), 'hatt 99');
    write(join(standby.dir, 'product', 'sko.html'), 'sko');
    rmSync(join(standby.dir, 'product', 'votter.html'));
    const leftInPlace = new Set(['product/lue.html', 'product/sko.html', 'product/votter.html']);
    expect(await releaseFromStandby(standby, dir, since, linked, leftInPlace)).toEqual({
      shared: 1,
      copied: 2,
    });
    const text = (path: string) => readFileSync(join(dir, path), 'utf8');
    expect(statSync(join(dir, 'product', 'lue.html')).ino).toBe(
      statSync(join(base.dir, 'product', 'lue.html')).ino,
    );
    expect(text('product/lue.html')).toBe('lue 199');
    expect(text('product/hatt.html')).toBe('hatt 99');
    expect(text('product/sko.html')).toBe('sko');
    expect(existsSync(join(dir, 'product', 'votter.html'))).toBe(false);
  });
});

describe('links made ahead of a build', () => {
  const files = { 'index.html': 'forside', 'product/lue.html': 'lue 199' };
  const ino = (path: string) => statSync(path).ino;

  it('become the release folder of the next build from the copy of their release', async () => {
    const { distRoot, base, standby, dir } = await standbyOfRelease(files);
    await prepareBaseLinks(distRoot, 'toppfart', base);
    const ahead = join(linksRoot(distRoot, 'toppfart'), 'r1');
    expect(ino(join(ahead, 'product', 'lue.html'))).toBe(
      ino(join(base.dir, 'product', 'lue.html')),
    );
    // The empty folder the build makes for its release, which the links replace.
    mkdirSync(dir, { recursive: true });
    const linked = await baseLinks(distRoot, 'toppfart', standby, dir);
    expect([...linked].sort()).toEqual(['index.html', 'product/lue.html']);
    expect(ino(join(dir, 'product', 'lue.html'))).toBe(ino(join(base.dir, 'product', 'lue.html')));
    // A release's own records are never linked.
    expect(readdirSync(dir).sort()).toEqual(['index.html', 'product']);
    expect(readdirSync(linksRoot(distRoot, 'toppfart'))).toEqual([]);
  });

  it("become a preview's folder, which is not made yet", async () => {
    const { distRoot, base, standby } = await standbyOfRelease(files);
    await prepareBaseLinks(distRoot, 'toppfart', base);
    const preview = join(distRoot, '.previews', 'toppfart', '7.partial');
    const linked = await baseLinks(distRoot, 'toppfart', standby, preview);
    expect(linked.size).toBe(2);
    expect(ino(join(preview, 'index.html'))).toBe(ino(join(base.dir, 'index.html')));
  });

  it('are awaited when a build comes before they are made', async () => {
    const { distRoot, base, standby, dir } = await standbyOfRelease(files);
    const made = prepareBaseLinks(distRoot, 'toppfart', base);
    mkdirSync(dir, { recursive: true });
    const linked = await baseLinks(distRoot, 'toppfart', standby, dir);
    await made;
    expect(linked.size).toBe(2);
    expect(ino(join(dir, 'index.html'))).toBe(ino(join(base.dir, 'index.html')));
  });

  it('are never taken for a copy of another release: its files are linked anew', async () => {
    const { distRoot, base, standby, dir } = await standbyOfRelease(files);
    const other = release(distRoot, 'r0', { 'index.html': 'gammel forside' });
    await prepareBaseLinks(distRoot, 'toppfart', other);
    mkdirSync(dir, { recursive: true });
    await baseLinks(distRoot, 'toppfart', standby, dir);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('forside');
    expect(ino(join(dir, 'index.html'))).toBe(ino(join(base.dir, 'index.html')));
    expect(existsSync(linksRoot(distRoot, 'toppfart'))).toBe(false);
  });

  it('never takes what a builder before this one left, whole or cut short, and its start removes it', async () => {
    const { distRoot, base, standby, dir } = await standbyOfRelease(files);
    // As a killed builder leaves them: links to r1 made whole, or cut short.
    write(join(linksRoot(distRoot, 'toppfart'), 'r1', 'index.html'), 'ikke fra r1');
    write(join(linksRoot(distRoot, 'toppfart'), 'r1.partial', 'index.html'), 'halv');
    mkdirSync(dir, { recursive: true });
    await baseLinks(distRoot, 'toppfart', standby, dir);
    expect(ino(join(dir, 'index.html'))).toBe(ino(join(base.dir, 'index.html')));
    expect(existsSync(linksRoot(distRoot, 'toppfart'))).toBe(false);

    write(join(linksRoot(distRoot, 'toppfart'), 'r1.partial', 'index.html'), 'halv');
    await dropBaseLinks(distRoot, 'toppfart');
    expect(existsSync(linksRoot(distRoot, 'toppfart'))).toBe(false);
  });
});
