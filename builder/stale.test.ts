import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './code-digest.ts';
import { buildFingerprint, isFresh, writeStamp } from './stale.ts';

/**
 * On a copy of the repository's build inputs, with benchmarks and tests: which edits make a
 * brand's build stale. Each edit appends a comment, as an edit of the file's code would
 * change it; the copy goes afterwards.
 */
describe("a brand's fingerprint", () => {
  let root = '';
  const dist = () => join(root, 'dist', 'toppfart');
  const fresh = () => isFresh(dist(), buildFingerprint(root, 'toppfart'));
  const edit = (path: string) => appendFileSync(join(root, path), '\n// edited\n');

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'stale-'));
    for (const path of ['builder', 'src', 'public', 'contract', 'scripts', 'patches']) {
      cpSync(join(repoRoot, path), join(root, path), { recursive: true });
    }
    for (const path of ['astro.config.mjs', 'tailwind.config.ts', 'package-lock.json']) {
      cpSync(join(repoRoot, path), join(root, path));
    }
    cpSync(join(repoRoot, 'src'), join(root, 'dist', 'toppfart'), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Stamps the brand's build fresh, edits `path` and answers whether it is still fresh. */
  const freshAfterEditing = (path: string): boolean => {
    writeStamp(dist(), buildFingerprint(root, 'toppfart'));
    expect(fresh()).toBe(true);
    edit(path);
    return fresh();
  };

  it('stays fresh when a benchmark, a script the build does not run or a test is edited', () => {
    expect(freshAfterEditing('scripts/bench-rebuild.ts')).toBe(true);
    expect(freshAfterEditing('scripts/lib/bench-site.ts')).toBe(true);
    expect(freshAfterEditing('scripts/lib/request-loop.ts')).toBe(true);
    expect(freshAfterEditing('builder/finish-page.test.ts')).toBe(true);
    expect(freshAfterEditing('builder/stale.test.ts')).toBe(true);
    expect(freshAfterEditing('src/lib/format/count.test.ts')).toBe(true);
  });

  it('stays fresh when only how releases are made is edited: no page depends on it', () => {
    expect(freshAfterEditing('builder/releases/standby.ts')).toBe(true);
    expect(freshAfterEditing('builder/releases/builder.ts')).toBe(true);
    expect(freshAfterEditing('builder/price-records.ts')).toBe(true);
  });

  it('goes stale when the build module, what it runs, or the pages are edited', () => {
    expect(freshAfterEditing('builder/finish-page.ts')).toBe(false);
    expect(freshAfterEditing('builder/chunk-groups.ts')).toBe(false);
    expect(freshAfterEditing('builder/storefront-build.ts')).toBe(false);
    expect(freshAfterEditing('builder/finish-page-middleware.ts')).toBe(false);
    expect(freshAfterEditing('builder/releases/prune-stale-output.ts')).toBe(false);
    expect(freshAfterEditing('builder/releases/output-files.ts')).toBe(false);
    expect(freshAfterEditing('patches/@astrojs+sitemap+3.7.4.patch')).toBe(false);
    expect(freshAfterEditing('src/layouts/Base.astro')).toBe(false);
    expect(freshAfterEditing('src/lib/format/count.ts')).toBe(false);
  });
});
