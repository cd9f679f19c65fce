import { defineConfig } from 'astro/config';
import { storefrontConfig } from './builder/storefront-build.ts';

// `astro dev`, `astro check` and a bare `astro build` build the brand BRAND names (default
// brand without it) into dist/<brand>; the builders pass their options to Astro's build()
// instead (builder/astro-child.ts), without this file.
export default defineConfig(storefrontConfig({ brand: process.env['BRAND'] }));
