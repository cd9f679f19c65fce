/**
 * The Vite plugin that makes src/lib/build-channel.ts one instance per build process. Vite
 * gives each environment its own copy of a source module: the dev runner (the content loaders
 * under a build, the pages under `astro dev`) evaluates its own, and the prerender build
 * bundles one into the server bundle. In every server environment this plugin serves the
 * channel as a module that requires Node's own instance of it, which the integration
 * (builder/storefront-build.ts, loaded by Node) holds: Node's `require` of an ES module
 * returns the instance its `import` made. Marking the module external would do for the
 * bundle, but the dev runner inlines every source file whatever its resolution says, so one
 * way serves both. The browser builds no pages and sets no slot: its build gets a channel
 * whose slots are only their initial values, the least code a page can load for it (the
 * checkout's JS is at its budget), which a bundler drops where a slot is never read.
 */

import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import * as channel from '../src/lib/build-channel.ts';

const CHANNEL = fileURLToPath(new URL('../src/lib/build-channel.ts', import.meta.url));

/** The channel's code in a server environment: Node's instance, its exports by name. */
const SHARED = [
  "import { createRequire } from 'node:module';",
  `export const { ${Object.keys(channel).join(', ')} } = createRequire(import.meta.url)(${JSON.stringify(CHANNEL)});`,
].join('\n');

/** The channel's code in the browser: a slot that is never set, so only its initial value. */
const BROWSER = 'export const buildSlot = (name, value) => ({ value });';

/**
 * Serves src/lib/build-channel.ts in server environments as Node's instance of it, and in the
 * browser's as {@link BROWSER}.
 */
export function sharedChannel(): Plugin {
  return {
    name: 'storefront-shared-channel',
    enforce: 'pre',
    load(id) {
      if (id !== CHANNEL) return null;
      return this.environment.config.consumer === 'server' ? SHARED : BROWSER;
    },
  };
}
