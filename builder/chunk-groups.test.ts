import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkGroups } from './chunk-groups.ts';
import { repoRoot } from './code-digest.ts';
import { scratchFolder } from './test-support/scratch-folder.ts';

describe('chunkGroups', () => {
  it('puts the listing state in the listing group and the number formats before it', () => {
    const groups = chunkGroups(repoRoot);
    const listing = groups.find((g) => g.name === 'listing');
    const layout = groups.find((g) => g.name === 'layout');
    expect(listing?.test(join(repoRoot, 'src/stores/listing.ts'))).toBe(true);
    expect(listing?.test(join(repoRoot, 'src/lib/html/article-grid.ts'))).toBe(true);
    expect(listing?.test(join(repoRoot, 'src/lib/format/number.ts'))).toBe(false);
    // The checkout's førpris label needs the number formats, never the listing chunk.
    expect(layout?.test(join(repoRoot, 'src/lib/format/number.ts'))).toBe(true);
    expect((layout?.priority ?? 0) > (listing?.priority ?? 0)).toBe(true);
  });

  it("starts the layout group at what the layout's script imports, as Astro's compiler hoists it", () => {
    const layout = chunkGroups(repoRoot).find((g) => g.name === 'layout');
    expect(layout?.test(join(repoRoot, 'src/layouts/base-scripts.ts'))).toBe(true);
    expect(layout?.test(join(repoRoot, 'src/layouts/Base.astro'))).toBe(false);
  });

  it('starts the react group at the files the React packages resolve to, and no others', () => {
    const require = createRequire(join(repoRoot, 'package.json'));
    const react = chunkGroups(repoRoot).find((g) => g.name === 'react');
    for (const specifier of ['@astrojs/react/client.js', 'react/jsx-runtime', '@nanostores/react'])
      expect(react?.test(require.resolve(specifier)), specifier).toBe(true);
    expect(react?.test(join(repoRoot, 'src/islands/shared/use-module.ts'))).toBe(true);
    expect(react?.test(require.resolve('ofetch'))).toBe(false);
    // A pattern over package paths took any file of React DOM, its server renderer too.
    expect(react?.test(require.resolve('react-dom/server'))).toBe(false);
  });

  it('fails naming the group and the file when a file it names has moved', () => {
    const root = scratchFolder('chunk-groups');
    cpSync(join(repoRoot, 'src'), join(root, 'src'), { recursive: true });
    rmSync(join(root, 'src/lib/html/article-grid.ts'));
    expect(() => chunkGroups(root)).toThrow(
      'The chunk group "listing" names src/lib/html/article-grid.ts, which does not exist.',
    );
  });
});
