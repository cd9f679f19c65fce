import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import type { AstroIntegration } from 'astro';
import { defineConfig } from 'astro/config';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getBrand } from './src/brands/index.ts';
import { pruneStaleOutput } from './build/releases/standby.ts';
import { sourceDigest } from './src/lib/build/finish-html.ts';
import { consentCspSources } from './src/lib/routes/consent-vendors.ts';
import { skippedSummary } from './src/lib/mappers/common.ts';
import { provideBuildPictureSettings, type PictureSettings } from './src/lib/picture-settings.ts';
import { deployTarget } from './src/lib/site.ts';
import { fixedRedirects } from './src/lib/routes/redirects.ts';

// One static build per brand (scripts/build.ts sets BRAND). Each brand has its own out and
// cache directory so the brands can build in parallel without sharing Astro's data store.
const brand = getBrand(process.env['BRAND']);
// The browser tests build into their own folder (DIST_DIR) so they never clobber `npm start`'s;
// the release builder (build/releases/) names each build's own folder (OUT_DIR) and the
// cache its incremental builds share (CACHE_DIR); builds of other data keep their caches apart
// (CACHE_ROOT), as two builds of one brand must never share a cache at the same time.
const distRoot = process.env['DIST_DIR'] ?? 'dist';
// The release builder may build into a copy of the live release (build/releases/
// standby.ts), where reused pages are already in place: then the out folder is not emptied
// first, and what the build did not make is removed at its end.
const keepOutDir = process.env['KEEP_OUT_DIR'] === '1';
const vendorHosts = consentCspSources(brand);
// Where the brand's pictures may come from and which image service scales them (IMAGE_CDN,
// which fails here when it names none): the mappers, the renderers and the Base layout read
// them while the build runs (src/lib/picture-settings.ts).
const pictures: PictureSettings = { policy: brand.images, cdn: deployTarget().imageCdn };
provideBuildPictureSettings(pictures);
const listed = (hosts: string[]) => hosts.map((host) => ` ${host}`).join('');

/**
 * Finishes the built HTML. Valid for the Nu checker, which the tests run on every page type,
 * and with modulepreload and prefetch links: src/middleware.ts finishes each page as it
 * renders (src/lib/build/finish-html.ts), so Astro's incremental build cache keeps finished
 * pages and a rebuild touches no page it reuses. Astro reuses a page while its own module
 * graph is unchanged, and the middleware is in none: a digest of the finishing code in the
 * config's `define` (below), which Astro's config hash includes, renders every page again
 * when that code changes. The out dir, where the middleware reads the chunk graph, goes to it
 * through the build's `define` alone, outside that hash, as each release has its own folder.
 * Astro writes its redirect pages (`redirects` below) after the middleware, with
 * `content="0;url=…"`, where the standard wants a space after the semicolon: they are fixed
 * after the build, the only files touched then.
 */
function finishHtml(): AstroIntegration {
  let outDir = '';
  return {
    name: 'finish-html',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:setup': ({ updateConfig }) => {
        updateConfig({ define: { __FINISH_HTML_OUT_DIR__: JSON.stringify(outDir) } });
      },
      'astro:build:done': async ({ assets }) => {
        const redirectPages = fixedRedirects.flatMap((r) => assets.get(r.from) ?? []);
        await Promise.all(
          redirectPages.map(async (page) => {
            const html = await readFile(page, 'utf8');
            await writeFile(page, html.replace('content="0;url=', 'content="0; url='));
          }),
        );
      },
    },
  };
}

/**
 * Ends the build with what it skipped as 'Missing data', per kind (SPEC 8: logged only), on
 * stdout even under `--silent`, where scripts/build.ts picks the line up.
 */
const missingDataSummary: AstroIntegration = {
  name: 'missing-data-summary',
  hooks: {
    'astro:build:done': () => {
      console.log(skippedSummary());
    },
  },
};

// The layout's one module script (src/layouts/base-scripts.ts); the group takes what it
// imports statically too (Rolldown's includeDependenciesRecursively), so the graph names the rest.
const layoutScripts = /src[\\/]layouts[\\/]base-scripts\.ts$/;
const islandEvents = /src[\\/]islands[\\/]directives[\\/]hydrate-event\.ts$/;
const useModule = /src[\\/]islands[\\/]shared[\\/]use-module\.ts$/;
const apiClient = /src[\\/]lib[\\/](api[\\/]client|mappers[\\/]common)\.ts$/;
const reactRuntime =
  /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/;
const listingModules =
  /src\/(stores\/(listing|filters)|components\/catalogue\/article-grid|lib\/domain\/listing-query|lib\/format\/count)\.ts$/;

/**
 * `client:interaction` (src/islands/directives/interaction.ts): islands whose page shows
 * their first state without React hydrate only when the shopper reaches for them.
 */
const interactionDirective: AstroIntegration = {
  name: 'client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'interaction',
        entrypoint: fileURLToPath(
          new URL('./src/islands/directives/interaction.ts', import.meta.url),
        ),
      });
    },
  },
};

export default defineConfig({
  output: 'static',
  site: brand.siteUrl,
  outDir: process.env['OUT_DIR'] ?? `${distRoot}/${brand.id}`,
  cacheDir:
    process.env['CACHE_DIR'] ?? `${process.env['CACHE_ROOT'] ?? '.cache'}/astro-${brand.id}`,
  trailingSlash: 'ignore',
  // Pages are files (`om-oss.html`, `klaer/jakker.html`): Cloudflare Pages and Netlify serve
  // `a.html` at `/a`, the address every link uses, while a folder `a/index.html` makes both
  // redirect `/a` to `/a/` first (src/lib/routes/page-path.ts). Four pages at a time: a rebuild
  // mostly copies reused pages from the incremental cache, and copies wait on the disk, not
  // the CPU (a campaign rebuild at 5,000 articles generates its pages in 4.0 s, not 5.7 s).
  build: { format: 'file', inlineStylesheets: 'auto', concurrency: 4 },
  // Astro writes these as small HTML pages, so they also work under `astro preview`; the
  // host gets real 301s from the generated `_redirects` (src/pages/[hostfile].ts).
  redirects: Object.fromEntries(
    fixedRedirects.map((r) => [r.from, { status: 301 as const, destination: r.to }]),
  ),
  integrations: [
    // First, so that no later hook's writes make a stale file look new.
    ...(keepOutDir ? [pruneStaleOutput()] : []),
    react(),
    interactionDirective,
    finishHtml(),
    missingDataSummary,
    sitemap({
      filter: (page) =>
        !/\/(checkout|search|utvalg|preview|product\/\d+\/?$|avstemning\/404|min-side|nytt-passord|bekreft-epost|angre)\b/.test(
          page,
        ),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
    // Build output and caches are no source: at 50,000 articles the product details alone are
    // 50,000 files in .cache, more than the system lets `astro dev` watch.
    server: { watch: { ignored: ['**/.cache/**', '**/dist/**', '**/dist-e2e/**', '**/.data/**'] } },
    // Read by no code: digests of code every page depends on that Astro's config hash leaves
    // out, which it includes through them, so a change renders every page again. The
    // finishing code (see finishHtml()), and this file: its chunk groups (`codeSplitting`
    // below) name the chunks a page links to, and Astro would otherwise reuse pages that link
    // to chunks the new build no longer has.
    define: {
      __FINISH_HTML_CODE__: JSON.stringify(
        sourceDigest(fileURLToPath(new URL('./src/middleware.ts', import.meta.url))),
      ),
      // The picture settings: another IMAGE_CDN renders every page's pictures again.
      __PICTURE_SETTINGS__: JSON.stringify(JSON.stringify(pictures)),
      __ASTRO_CONFIG_CODE__: JSON.stringify(
        createHash('sha256')
          .update(readFileSync(fileURLToPath(import.meta.url)))
          .digest('hex'),
      ),
    },
    build: {
      emptyOutDir: !keepOutDir,
      rolldownOptions: {
        output: {
          // Fewer, larger chunks for what pages load anyway: each chunk costs a request and
          // compresses worse on its own. `layout`: the header, cart badge, alerts and back
          // crumb scripts every page runs, with the small stores and helpers they share with
          // the islands. `listing`: the listing state and renderers that category listings
          // and the search page share.
          codeSplitting: {
            groups: [
              {
                name: 'layout',
                test: (id) => layoutScripts.test(id) || islandEvents.test(id),
                priority: 4,
              },
              {
                name: 'react',
                test: (id) => reactRuntime.test(id) || useModule.test(id),
                priority: 3,
              },
              { name: 'api', test: apiClient, priority: 2 },
              { name: 'listing', test: listingModules, priority: 1 },
            ],
          },
        },
      },
    },
  },
  // Pages whose getStaticPaths gives a `cacheKey` (products, listings; src/lib/content/
  // cache-keys.ts) are reused from the previous build when their data and code are unchanged.
  experimental: { incrementalBuild: true },
  // The optional vendors' hosts are allowed only where the brand uses them; their scripts
  // still load only after the shopper's consent (src/components/consent/). Images may come
  // from any https host: blog bodies show the CMS's pictures, and their sanitiser
  // (src/lib/mappers/blog.ts) lets only https and same-site ones through.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        `connect-src 'self'${listed(vendorHosts.connect)}` as const,
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: ["'self'", ...vendorHosts.script] },
    },
  },
});
