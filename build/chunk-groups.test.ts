import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkGroups } from './chunk-groups.ts';
import { repoRoot } from './code-digest.ts';

describe('chunkGroups', () => {
  const scratch: string[] = [];
  afterEach(() => {
    for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('puts the listing state in the listing group and the number formats in none of it', () => {
    const listing = chunkGroups(repoRoot).find((g) => g.name === 'listing');
    expect(listing?.test(join(repoRoot, 'src/stores/listing.ts'))).toBe(true);
    expect(listing?.test(join(repoRoot, 'src/lib/html/article-grid.ts'))).toBe(true);
    expect(listing?.test(join(repoRoot, 'src/lib/format/count.ts'))).toBe(false);
    expect(listing?.test(join(repoRoot, 'src/lib/format/number.ts'))).toBe(false);
  });

  it('fails naming the group and the file when a file it names has moved', () => {
    const root = mkdtempSync(join(tmpdir(), 'chunk-groups-'));
    scratch.push(root);
    cpSync(join(repoRoot, 'src'), join(root, 'src'), { recursive: true });
    rmSync(join(root, 'src/lib/html/article-grid.ts'));
    expect(() => chunkGroups(root)).toThrow(
      'The chunk group "listing" names src/lib/html/article-grid.ts, which does not exist.',
    );
  });
});
