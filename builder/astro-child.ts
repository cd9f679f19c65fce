/**
 * A brand's build process (builder/build-brands.ts starts it): runs Astro's `build()` with the
 * config the options make (builder/storefront-build.ts; astro.config.mjs is not read) for each
 * {@link BuildRequest} its parent sends, one at a time, and answers each with the build's
 * report (builder/astro-output.ts) or its error. The parent keeps it between builds, warm: the
 * second build of a brand pays neither Node's start, nor the import of Astro and Vite, nor
 * their compilation by V8 again. It exits when its parent goes (the IPC channel closes), so a
 * killed builder leaves no build process behind.
 */

import { build } from 'astro';
import { buildReport } from './astro-output.ts';
import { isBuildRequest, type BuildAnswer } from './build-request.ts';
import { createHash } from 'node:crypto';
import { repoRoot } from './code-digest.ts';
import { COLLECT_AFTER_PAGES } from './parallel-render.ts';
import { buildFingerprint } from './stale.ts';
import {
  resolveBuildOptions,
  storefrontConfig,
  type ResolvedBuildOptions,
} from './storefront-build.ts';

/** The environment the process started with, which each build's own adds to. */
const started = { ...process.env };
let builds = 0;

/** The process's environment for one build: the one it started with, and the build's own. */
function useEnvironment(env: Record<string, string>): void {
  for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
  Object.assign(process.env, started, env);
}

/**
 * What a build's bundles are made from besides its content data: the repository's code
 * (builder/stale.ts), the options that reach the bundles and the build's environment. Not
 * whether it is a preview, nor the token a preview reads when its config is made
 * (storefront-build.ts): a preview's bundles are a release's, as their cache folders reach the
 * pages through the build's channel and the data store's file is named when the bundle runs
 * (patches/astro+*.patch), so the first preview after a release reuses its bundles. The
 * warm-against-cold preview test holds a preview built so to one built from nothing.
 */
function reuseKey(options: ResolvedBuildOptions, env: Record<string, string>): string {
  const { CAMPAIGN_ADMIN_TOKEN: token, ...bundled } = env;
  void token;
  return createHash('sha256')
    .update(buildFingerprint(repoRoot, options.brand))
    .update(JSON.stringify({ pictures: options.pictures, env: bundled }))
    .digest('hex');
}

/** Sends `answer` to the parent; settles once it is on its way. */
function answer(message: BuildAnswer): Promise<void> {
  return new Promise((resolve, reject) => {
    process.send?.(message, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

process.on('disconnect', () => process.exit(0));
process.on('message', (message: unknown) => {
  if (!isBuildRequest(message)) return;
  void (async () => {
    const options = resolveBuildOptions(message.options);
    builds++;
    useEnvironment({
      ...message.env,
      // The pages and the Tailwind config read the brand they are built for from `BRAND`
      // (src/lib/site.ts's currentBrand()).
      BRAND: options.brand,
      // Each build imports its server bundle from a folder of its own: Node keeps every module
      // it imported, and a bundle at the same path would be the last build's, with its state.
      ASTRO_PRERENDER_SUFFIX: `-${String(builds)}`,
      // The content data is read from the data store when pages render, not built into the
      // server bundle: the bundle then depends on the code alone (patches/astro+*.patch).
      ASTRO_DATA_STORE_AT_RUNTIME: '1',
      // Written once, when the content sync ends, not after each of its pauses (patched).
      ASTRO_DATA_STORE_WRITE_ONCE: '1',
      // How the cache keeps its copies of pages (StorefrontBuildOptions): links to them, or
      // none for a build into the standby copy.
      ...(options.linkCache
        ? { ASTRO_CACHE_COPIES: 'links' }
        : options.keepOutDir
          ? { ASTRO_CACHE_COPIES: 'none' }
          : {}),
      // A process kept for the next build keeps this build's bundles, which a next build
      // from the same code, options and environment renders with instead of building them
      // again (Vite's two builds, about a second); Astro adds the out and cache folder.
      ...(message.warm ? { ASTRO_REUSE_KEY: reuseKey(options, message.env) } : {}),
    });
    try {
      // Astro's line per page (thousands of them) is for people; the builders read the report.
      await build({ ...storefrontConfig(options), configFile: false, logLevel: 'warn' });
      const report = buildReport();
      if (report === null) throw new Error(`Build of brand "${options.brand}" made no report.`);
      await answer({ report });
      // What a big build left is collected while the builder makes the release, not in the
      // next build (COLLECT_AFTER_PAGES); the render worker collects its own.
      if (message.warm && report.pagesRendered >= COLLECT_AFTER_PAGES) globalThis.gc?.();
    } catch (error) {
      // The process may hold half a build's state: its parent ends it.
      await answer({
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  })();
});
// Ready for the first request.
process.send?.({ ready: true });
