// @ts-check
import { defineConfig } from 'astro/config';
import { storefrontConfig } from './builder/storefront-build.ts';

// `astro dev`, `astro check` and a bare `astro build` build the brand BRAND names (default
// brand without it) into dist/<brand>; the builders pass their options to Astro's build()
// instead (builder/astro-child.ts), without this file. JavaScript, so that Astro has Node
// import it (a TypeScript config it runs through Vite, which makes copies of the build
// module): the integration then holds Node's instance of the build's channel, which the
// loaders and the pages share (builder/shared-channel.ts).
export default defineConfig(storefrontConfig({ brand: process.env['BRAND'] }));
