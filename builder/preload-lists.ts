/**
 * The preload lists Vite writes for the client code's lazy imports (`__vite__mapDeps`),
 * without the chunks the importing chunk has loaded already. Vite lists every chunk a lazy
 * module needs, so that they download together instead of one level after another; but the
 * chunks the importer itself imports statically are in the browser's module map before its
 * `import()` can run, and preloading them fetches nothing. Their names still cost bytes in
 * every chunk with a lazy import, before the shopper did anything: on the checkout nine of
 * the 28 names in its island's list (layout, React, the API client, the cart and checkout
 * stores ...).
 */

import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';

/** The chunks a chunk imports statically, by file name, as the bundle names them. */
type ChunkImports = ReadonlyMap<string, readonly string[]>;

/**
 * The `deps` of a lazy import in chunk `host` worth preloading: those that neither `host` nor
 * any chunk it imports statically (directly or not) is. In `deps`' order.
 */
export function preloadsToKeep(
  deps: readonly string[],
  host: string,
  imports: ChunkImports,
): string[] {
  const loaded = new Set<string>([host]);
  const visit = (chunk: string) => {
    for (const dep of imports.get(chunk) ?? []) {
      if (loaded.has(dep)) continue;
      loaded.add(dep);
      visit(dep);
    }
  };
  visit(host);
  return deps.filter((dep) => !loaded.has(dep));
}

/**
 * The Vite plugin that shortens the client build's preload lists to {@link preloadsToKeep}:
 * it sets the client environment's `build.modulePreload.resolveDependencies` (there, because
 * Astro writes the top-level `modulePreload` over the config's), and takes the client
 * bundle's chunk graph before Vite writes the lists (Vite's own step runs after the config's
 * plugins). An importer the graph does not hold keeps its whole list.
 */
export function preloadLists(): Plugin {
  let imports: ChunkImports = new Map();
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (_file, deps, context) =>
    context.hostType === 'js' && imports.has(context.hostId)
      ? preloadsToKeep(deps, context.hostId, imports)
      : deps;
  return {
    name: 'storefront-preload-lists',
    configEnvironment(name, config) {
      const current = config.build?.modulePreload;
      if (name !== 'client' || current === false) return;
      // No polyfill, as Astro's build has it, unless the environment says otherwise.
      return {
        build: {
          modulePreload: {
            polyfill: false,
            ...(typeof current === 'object' ? current : {}),
            resolveDependencies,
          },
        },
      };
    },
    generateBundle(_options, bundle) {
      imports = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' ? [[file.fileName, file.imports] as const] : [],
        ),
      );
    },
  };
}
