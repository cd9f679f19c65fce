/**
 * The client build's chunk groups (Rolldown's `codeSplitting`): fewer, larger chunks for
 * what pages load anyway, as each chunk costs a request and compresses worse on its own.
 * `layout`: the header, cart badge, alerts and back crumb scripts every page runs, with the
 * small stores and helpers they share with the islands, taken from the layout's own imports;
 * `react`: the runtime the islands hydrate with; `api`: the API client; `listing`: the
 * listing state and renderers that category listings and the search page share.
 */

import { transform } from '@astrojs/compiler-rs';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { staticImports } from './static-imports.ts';

/** The layout every page renders, whose module scripts start the `layout` chunk. */
const layoutFile = 'src/layouts/Base.astro';

/** The client directives the build adds (builder/storefront-build.ts), by name. */
export const clientDirectives = { interaction: 'src/islands/directives/interaction.ts' };

/**
 * The modules that start the `layout` chunk, as absolute paths: what the layout's `<script>`
 * elements import, as Astro's compiler hoists them, and what the build's client directives
 * import (the events islands announce their hydration with). The group takes what these
 * import statically too (Rolldown's `includeDependenciesRecursively`), so the module graph
 * names the rest.
 */
export function layoutModules(root: string): Set<string> {
  const file = join(root, layoutFile);
  const { scripts } = transform(readFileSync(file, 'utf8'), { filename: file });
  // An inline script's imports, or an external script's own file.
  const fromLayout = scripts.flatMap(({ code, src }) =>
    (src === undefined ? staticImports(`${file}.ts`, code ?? '') : [src]).map((spec) =>
      join(dirname(file), spec),
    ),
  );
  const fromDirectives = Object.values(clientDirectives).flatMap((entry) => {
    const path = join(root, entry);
    return staticImports(path, readFileSync(path, 'utf8')).map((spec) => join(dirname(path), spec));
  });
  const modules = new Set([...fromLayout, ...fromDirectives]);
  if (fromLayout.length === 0) {
    throw new Error(`${layoutFile} imports no module script: the layout chunk would be empty.`);
  }
  return modules;
}

/**
 * The packages that start the `react` group, by the specifiers the code imports them with:
 * the React renderer's client (React, React DOM and the scheduler come along as its imports),
 * the JSX runtime every compiled island imports, and the stores' hooks. Resolved from the
 * repository like any import, so a package that moves fails the build (below) instead of
 * silently leaving the group, as a pattern over `node_modules` paths would.
 */
const reactPackages = ['@astrojs/react/client.js', 'react/jsx-runtime', '@nanostores/react'];

/** The absolute paths of the files `specifiers` resolve to from the repository at `root`. */
function resolvedFrom(root: string, specifiers: readonly string[]): Set<string> {
  const require = createRequire(join(root, 'package.json'));
  return new Set(specifiers.map((specifier) => require.resolve(specifier)));
}

/**
 * The source files that start the other groups, by path: a file moved or renamed fails the
 * build (below) instead of silently leaving its group, as a path pattern would.
 */
const groupFiles = {
  react: ['src/islands/shared/use-module.ts'],
  // Beside the layout's own modules, the number formats: every page loads the layout, while
  // the listing group, whose lib/format/count.ts imports them, would otherwise take them
  // along (Rolldown's includeDependenciesRecursively), so that the checkout's førpris label
  // loaded the whole listing chunk for a percent sign (2.6 KB).
  layout: ['src/lib/format/number.ts'],
  api: ['src/lib/api/client.ts', 'src/lib/mappers/common.ts'],
  listing: [
    'src/stores/listing.ts',
    'src/stores/filters.ts',
    'src/lib/html/article-grid.ts',
    'src/lib/domain/listing-query.ts',
    'src/lib/format/count.ts',
  ],
};

/** The absolute paths of a group's files; fails naming a file that is not there. */
function filesOf(root: string, group: keyof typeof groupFiles): Set<string> {
  return new Set(
    groupFiles[group].map((file) => {
      const path = join(root, file);
      if (!existsSync(path)) {
        throw new Error(`The chunk group "${group}" names ${file}, which does not exist.`);
      }
      return path;
    }),
  );
}

/** A chunk group: Rolldown puts the modules `test` accepts into the chunk `name`. */
export interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  priority: number;
}

/** The build's chunk groups, for the repository at `root`. */
export function chunkGroups(root: string): ChunkGroup[] {
  const layout = new Set([...layoutModules(root), ...filesOf(root, 'layout')]);
  const api = filesOf(root, 'api');
  const listing = filesOf(root, 'listing');
  const react = new Set([...filesOf(root, 'react'), ...resolvedFrom(root, reactPackages)]);
  const path = (id: string) => id.replace(/\?.*$/, '');
  return [
    { name: 'layout', test: (id) => layout.has(path(id)), priority: 4 },
    { name: 'react', test: (id) => react.has(path(id)), priority: 3 },
    { name: 'api', test: (id) => api.has(path(id)), priority: 2 },
    { name: 'listing', test: (id) => listing.has(path(id)), priority: 1 },
  ];
}
