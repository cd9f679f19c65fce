import type { ResolveModulePreloadDependenciesFn } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadLists, preloadsToKeep } from './preload-lists.ts';

// The checkout's shape: the island imports the stores, which import the API client and the
// layout; the lazy pick-up list needs those and two chunks of its own.
const imports = new Map([
  ['_astro/CheckoutIsland.js', ['_astro/checkout.js', '_astro/react.js']],
  ['_astro/checkout.js', ['_astro/api.js', '_astro/layout.js']],
  ['_astro/api.js', ['_astro/layout.js']],
  ['_astro/PickupShops.js', ['_astro/position.js', '_astro/checkout.js', '_astro/react.js']],
  ['_astro/position.js', ['_astro/date.js', '_astro/api.js']],
]);
const pickupDeps = [
  '_astro/PickupShops.js',
  '_astro/position.js',
  '_astro/date.js',
  '_astro/checkout.js',
  '_astro/api.js',
  '_astro/layout.js',
  '_astro/react.js',
];

describe('preloadsToKeep', () => {
  it('leaves out what the importing chunk loads itself, directly or not, in order', () => {
    expect(preloadsToKeep(pickupDeps, '_astro/CheckoutIsland.js', imports)).toEqual([
      '_astro/PickupShops.js',
      '_astro/position.js',
      '_astro/date.js',
    ]);
  });

  it('keeps every dependency of an importer that loads none of them', () => {
    expect(preloadsToKeep(pickupDeps, '_astro/other.js', imports)).toEqual(pickupDeps);
  });
});

describe('preloadLists', () => {
  const plugin = preloadLists();
  const configEnvironment = plugin.configEnvironment as (
    name: string,
    config: { build?: { modulePreload?: false | { polyfill?: boolean } } },
  ) => { build: { modulePreload: { resolveDependencies: ResolveModulePreloadDependenciesFn } } };
  const generateBundle = plugin.generateBundle as (options: unknown, bundle: unknown) => void;
  const bundle = Object.fromEntries(
    [...imports].map(([fileName, chunkImports]) => [
      fileName,
      { type: 'chunk', fileName, imports: chunkImports },
    ]),
  );

  it('sets the client build’s preloads only, without a polyfill, and leaves them off if off', () => {
    expect(configEnvironment('ssr', {})).toBeUndefined();
    expect(configEnvironment('client', { build: { modulePreload: false } })).toBeUndefined();
    expect(configEnvironment('client', {}).build.modulePreload).toMatchObject({ polyfill: false });
  });

  it('keeps whole lists until it has a bundle holding the importer, and for HTML', () => {
    const resolve = configEnvironment('client', {}).build.modulePreload.resolveDependencies;
    const host = { hostId: '_astro/CheckoutIsland.js', hostType: 'js' } as const;
    expect(resolve('_astro/PickupShops.js', pickupDeps, host)).toEqual(pickupDeps);
    generateBundle({}, bundle);
    expect(resolve('_astro/PickupShops.js', pickupDeps, host)).toHaveLength(3);
    expect(resolve('_astro/PickupShops.js', pickupDeps, { ...host, hostType: 'html' })).toEqual(
      pickupDeps,
    );
  });
});
