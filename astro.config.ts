import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import type { AstroIntegration } from 'astro';
import { defineConfig } from 'astro/config';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getBrand } from './src/brands/index.ts';
import {
  chunkImports,
  withIslandPrefetches,
  withModulePreloads,
} from './scripts/lib/module-preload.ts';
import { pruneStaleOutput } from './scripts/lib/rebuild/standby.ts';
import { consentCspSources } from './src/lib/routes/consent-vendors.ts';
import { skippedSummary } from './src/lib/mappers/common.ts';
import { fixedRedirects } from './src/lib/routes/redirects.ts';

// One static build per brand (scripts/build.ts sets BRAND). Each brand has its own out and
// cache directory so the brands can build in parallel without sharing Astro's data store.
const brand = getBrand(process.env['BRAND']);
// The browser tests build into their own folder (DIST_DIR) so they never clobber `npm start`'s;
// the release builder (scripts/lib/rebuild/) names each build's own folder (OUT_DIR) and the
// cache its incremental builds share (CACHE_DIR); builds of other data keep their caches apart
// (CACHE_ROOT), as two builds of one brand must never share a cache at the same time.
const distRoot = process.env['DIST_DIR'] ?? 'dist';
// The release builder may build into a copy of the live release (scripts/lib/rebuild/
// standby.ts), where reused pages are already in place: then the out folder is not emptied
// first, and what the build did not make is removed at its end.
const keepOutDir = process.env['KEEP_OUT_DIR'] === '1';
const vendorHosts = consentCspSources(brand);
const listed = (hosts: string[]) => hosts.map((host) => ` ${host}`).join('');

const islandStyle = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * Finishes the built HTML. Valid for the Nu checker, which the tests run on every page type:
 * Astro's redirect pages write `content="0;url=…"` (the standard wants a space after the
 * semicolon), and Astro puts its island rule in a `<style>` inside `<body>`, where a style
 * element is not allowed; that rule lives in src/styles/global.css instead. And with
 * modulepreload links where a page's own scripts import more than the layout's chunks
 * (scripts/lib/module-preload.ts), as the search page does for its first results, and with
 * prefetch links for the code of islands that hydrate on interaction (listings, search).
 */
const finishHtml: AstroIntegration = {
  name: 'finish-html',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const root = fileURLToPath(dir);
      const importsOf = chunkImports(root);
      const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.html'));
      // In batches, so thousands of product pages never hold too many files open at once.
      for (let i = 0; i < files.length; i += 64) {
        await Promise.all(
          files.slice(i, i + 64).map(async (file) => {
            const path = join(root, file);
            const html = await readFile(path, 'utf8');
            const fixed = withIslandPrefetches(
              withModulePreloads(
                html.replace('content="0;url=', 'content="0; url=').replace(islandStyle, ''),
                importsOf,
                (src) => /\/_astro\/(layout|rolldown-runtime)\.[\w-]+\.js$/.test(src),
              ),
              importsOf,
            );
            if (fixed !== html) await writeFile(path, fixed);
          }),
        );
      }
    },
  },
};

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

const layoutModules =
  /src\/(stores\/(alerts|cart-count|breadcrumbs|persist|user|favourites|consent)|lib\/api\/xsrf|lib\/domain\/(search-query|cookies|consent)|lib\/format\/money)\.ts|node_modules\/(nanostores|@nanostores\/persistent)\/|preload-helper|rolldown\/runtime|components\/(layout\/(Header|CartLink|AccountLink|FavouriteHearts|BackCrumb|AlertHost)|consent\/(ConsentDialog|PrivacyDialog))\.astro\?astro&type=script/;
const listingModules =
  /src\/(stores\/(listing|filters)|components\/catalogue\/[\w-]+|lib\/domain\/(listing-query|listing-facets|price-slider|article-card)|lib\/format\/(count|html))\.ts$/;

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
  // Four pages at a time: a rebuild mostly copies reused pages from the incremental cache,
  // and copies wait on the disk, not the CPU (a campaign rebuild at 5,000 articles generates
  // its pages in 4.0 s instead of 5.7 s).
  build: { format: 'directory', inlineStylesheets: 'auto', concurrency: 4 },
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
    finishHtml,
    missingDataSummary,
    sitemap({
      filter: (page) =>
        !/\/(checkout|search|utvalg|preview|product\/(_|\d+\/?$)|avstemning\/_|min-side|nytt-passord|bekreft-epost)\b/.test(
          page,
        ),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
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
              { name: 'layout', test: layoutModules, priority: 2 },
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
