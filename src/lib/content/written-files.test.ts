import { linkSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fileIdentity, readJsonFile, replaceJsonFile } from './written-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'written-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('replaceJsonFile and readJsonFile', () => {
  it('reads back what this process wrote while the file is the one written, else the file', async () => {
    const path = join(dir, 'state.json');
    const file = pathToFileURL(path);
    const state = { cursor: '7', articles: [{ id: 1 }] };
    await replaceJsonFile(file, state);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(state);
    expect(readdirSync(dir)).toEqual(['state.json']);
    // The very object: nothing read or parsed.
    expect(await readJsonFile(file)).toBe(state);

    // Written by someone else (another process, a preview's copy): what the file holds.
    writeFileSync(path, JSON.stringify({ cursor: '8', articles: [] }));
    expect(await readJsonFile(file)).toEqual({ cursor: '8', articles: [] });

    await replaceJsonFile(file, state);
    expect(await readJsonFile(file)).toBe(state);
  });

  it('parses a file this process never wrote, and fails on one that is gone', async () => {
    const file = pathToFileURL(join(dir, 'pages.json'));
    writeFileSync(file, '[{"slug":"lue"}]');
    expect(await readJsonFile(file)).toEqual([{ slug: 'lue' }]);
    await expect(readJsonFile(pathToFileURL(join(dir, 'none.json')))).rejects.toThrow(/ENOENT/);
  });

  it('tells a file rewritten in place from the one it was', () => {
    const path = join(dir, 'sitemap-0.xml');
    writeFileSync(path, '<urlset/>');
    const before = fileIdentity(path);
    expect(before).not.toBeNull();
    expect(fileIdentity(path)).toBe(before);
    writeFileSync(path, '<urlset/>');
    expect(fileIdentity(path)).not.toBe(before);
    expect(fileIdentity(join(dir, 'none'))).toBeNull();
  });

  it('knows a link to a written file as that file, and a file written over the link as its own', async () => {
    const path = join(dir, 'pages.json');
    const file = pathToFileURL(path);
    const pages = [{ slug: 'lue' }];
    await replaceJsonFile(file, pages);
    // A preview's cache seeded with a link to the live build's file.
    const linked = pathToFileURL(join(dir, 'preview-pages.json'));
    linkSync(path, linked);
    expect(await readJsonFile(linked)).toBe(pages);

    const preview = [{ slug: 'sko' }];
    await replaceJsonFile(linked, preview);
    expect(await readJsonFile(linked)).toBe(preview);
    expect(await readJsonFile(file)).toBe(pages);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(pages);
  });
});
