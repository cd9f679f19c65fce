/**
 * Terser over the client chunks of the shop's own code, before Vite's minifier (Oxc) runs
 * over every chunk. Terser's compressor finds what Oxc's leaves (constants inlined into their
 * only use, functions merged into their caller, shorter conditionals), and Oxc then shortens
 * terser's output a little more. Measured on the default brand, gzip: the layout chunk every
 * page loads 7,431 → 7,165 bytes, the API client 5,679 → 5,583, the cart 1,707 → 1,677.
 * One compress pass: a second took 0.6 → 1.8 s of a full build's CPU for 102 bytes over all
 * 113 chunks. React's chunk is left to Oxc alone: React ships minified, and terser's output
 * of it was 460 bytes larger. Terser's output is the same for the same input, so a page's
 * chunks keep their names from build to build.
 */

import { minify } from 'terser';
import type { Plugin } from 'vite';

/** The chunk group (builder/chunk-groups.ts) whose code ships minified already. */
const SHIPPED_MINIFIED = 'react';

/** The Vite plugin that runs terser over each client chunk but React's. */
export function minifyAppChunks(): Plugin {
  return {
    name: 'storefront:minify-app-chunks',
    // After Vite's own chunk rendering, which writes the preload lists into the code.
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    async renderChunk(code, chunk) {
      if (chunk.name === SHIPPED_MINIFIED) return null;
      const { code: minified } = await minify(code, {
        module: true,
        format: { comments: false },
      });
      return minified === undefined ? null : { code: minified, map: null };
    },
  };
}
