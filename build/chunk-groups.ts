/**
 * The client build's chunk groups (Rolldown's `codeSplitting`): fewer, larger chunks for
 * what pages load anyway, as each chunk costs a request and compresses worse on its own.
 * `layout`: the header, cart badge, alerts and back crumb scripts every page runs, with the
 * small stores and helpers they share with the islands, taken from the layout's own imports;
 * `react`: the runtime the islands hydrate with; `api`: the API client; `listing`: the
 * listing state and renderers that category listings and the search page share.
 */

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { staticImports } from './static-imports.ts';

/** The layout every page renders, whose module scripts start the `layout` chunk. */
const layoutFile = 'src/layouts/Base.astro';

/** The client directives the build adds (build/storefront-build.ts), by name. */
export const clientDirectives = { interaction: 'src/islands/directives/interaction.ts' };

/**
 * The modules that start the `layout` chunk, as absolute paths: what the layout's inline
 * `<script>` elements import, and what the build's client directives import (the events
 * islands announce their hydration with). The group takes what these import statically too
 * (Rolldown's `includeDependenciesRecursively`), so the module graph names the rest.
 */
export function layoutModules(root: string): Set<string> {
  const file = join(root, layoutFile);
  const scripts = [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)];
  const fromLayout = scripts.flatMap((m) =>
    staticImports(m[1] ?? '').map((spec) => join(dirname(file), spec)),
  );
  const fromDirectives = Object.values(clientDirectives).flatMap((entry) => {
    const path = join(root, entry);
    return staticImports(readFileSync(path, 'utf8')).map((spec) => join(dirname(path), spec));
  });
  const modules = new Set([...fromLayout, ...fromDirectives]);
  if (fromLayout.length === 0) {
    throw new Error(`${layoutFile} imports no module script: the layout chunk would be empty.`);
  }
  return modules;
}

const reactRuntime =
  /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/;
const useModule = /src[\\/]islands[\\/]shared[\\/]use-module\.ts$/;
const apiClient = /src[\\/]lib[\\/](api[\\/]client|mappers[\\/]common)\.ts$/;
const listingModules =
  /src\/(stores\/(listing|filters)|components\/catalogue\/article-grid|lib\/domain\/listing-query|lib\/format\/count)\.ts$/;

/** A chunk group: Rolldown puts the modules `test` accepts into the chunk `name`. */
export interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  priority: number;
}

/** The build's chunk groups, for the repository at `root`. */
export function chunkGroups(root: string): ChunkGroup[] {
  const layout = layoutModules(root);
  return [
    { name: 'layout', test: (id) => layout.has(id.replace(/\?.*$/, '')), priority: 4 },
    { name: 'react', test: (id) => reactRuntime.test(id) || useModule.test(id), priority: 3 },
    { name: 'api', test: (id) => apiClient.test(id), priority: 2 },
    { name: 'listing', test: (id) => listingModules.test(id), priority: 1 },
  ];
}
