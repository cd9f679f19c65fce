/**
 * The build module's entry: one static build of one brand, configured by typed options
 * (`StorefrontBuildOptions`) instead of environment variables. `storefrontConfig()` is the
 * whole Astro config (astro.config.mjs is a thin call to it, and the builders pass it to
 * Astro's `build()`, builder/astro-child.ts); `storefrontBuild()` is the integration that owns
 * what the build does beyond Astro: the page finishing (a middleware it registers), the
 * standby copy's pruning, the redirect pages' fix, the sitemap, the code digest in the config
 * hash and the report of the pages it made.
 */

import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import type { AstroIntegration, AstroUserConfig } from 'astro';
import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pathBelow } from './releases/output-files.ts';
import { pruneStaleOutput } from './releases/prune-stale-output.ts';
import { getBrand } from '../src/brands/index.ts';
import { resetSkipped, skippedSummary } from '../src/lib/mappers/common.ts';
import {
  closeProductDetails,
  productDetailsLoaded,
  provideBuildCacheDir,
} from '../src/lib/content/product-details.ts';
import { provideBuildPreview, type BuildPreview } from '../src/lib/api/preview.ts';
import { startStartupRead } from '../src/lib/api/startup.ts';
import { provideBuildPictureSettings, type PictureSettings } from '../src/lib/picture-settings.ts';
import { consentCspSources } from '../src/lib/domain/consent-vendors.ts';
import { fixedRedirects } from '../src/lib/routes/redirects.ts';
import { deployTarget } from '../src/lib/site.ts';
import { finishBuildReport, resetBuildReport } from './astro-output.ts';
import { chunkGroups, clientDirectives } from './chunk-groups.ts';
import { buildCodeDigest, repoRoot } from './code-digest.ts';
import { minifyAppChunks } from './minify-app-chunks.ts';
import { parallelPrerenderer, type DefaultPrerenderer } from './parallel-render.ts';
import { preloadLists } from './preload-lists.ts';
import { sharedChannel } from './shared-channel.ts';
import { storefrontSitemap } from './sitemap.ts';

/** The sitemap leaves out pages no search should list: the shopper's own, and redirects. */
const SITEMAP_OPTIONS = {
  filter: (page: string) =>
    !/\/(checkout|search|utvalg|preview|product\/\d+\/?$|avstemning\/404|min-side|nytt-passord|bekreft-epost|angre)\b/.test(
      page,
    ),
};

/** How one brand is built. New options (a preview's moment, say) go here, typed. */
export interface StorefrontBuildOptions {
  /** The brand's id (src/brands/); its default brand when left out. */
  brand?: string | undefined;
  /** The build's out folder; default `dist/<brand>` in the repository. */
  outDir?: string | undefined;
  /**
   * The folder of the brand's incremental build cache; default `.cache/astro-<brand>`. Two
   * builds of one brand must never share it at the same time, and builds of other data
   * (the browser tests') keep theirs apart.
   */
  cacheDir?: string | undefined;
  /**
   * Build into a copy of the live release, the standby copy (builder/releases/standby.ts),
   * where reused pages are already in place: the out folder is not emptied first, and what
   * the build did not make is removed at its end. The build cache keeps no copy of the pages
   * it renders (patches/astro+*.patch, `ASTRO_CACHE_COPIES`), only takes away their old ones:
   * a copy serves only a build into an empty folder, which a standby copy spares, and writing
   * it cost two more file operations of each page on the way to a campaign's release.
   */
  keepOutDir?: boolean | undefined;
  /**
   * Where the brand's pictures may come from and which image service scales them; default
   * the brand's policy and the deploy target's image service (`IMAGE_CDN`).
   */
  pictures?: PictureSettings | undefined;
  /**
   * A preview build (builder/previews/): the ISO instant of a coming campaign's start. The API
   * is asked as of that moment with the campaign admin's token, which the build reads from
   * `CAMPAIGN_ADMIN_TOKEN` in its environment (a secret: never an option, which the build's
   * command line carries), and the build writes no sitemap. Not in Astro's config hash: a
   * preview reuses the pages its moment leaves unchanged, as a campaign rebuild does.
   */
  previewAt?: string | null | undefined;
  /**
   * The out folder is one nothing writes into after the build (an empty folder that becomes a
   * release): the build cache's copy of each page may then be a hard link to the page, and a
   * page restored from the cache a link to its copy, instead of a second file each
   * (patches/astro+*.patch, `ASTRO_CACHE_COPIES`). Never for the standby copy, which later
   * builds rewrite in place.
   */
  linkCache?: boolean | undefined;
  /**
   * A preview's: the cache folder of the release it is built from, whose product details
   * stand for those the preview does not read anew (src/lib/content/product-details.ts).
   */
  baseCacheDir?: string | null | undefined;
}

/** The options with every default filled in and every path absolute. */
export interface ResolvedBuildOptions {
  brand: string;
  outDir: string;
  cacheDir: string;
  keepOutDir: boolean;
  pictures: PictureSettings;
  previewAt: string | null;
  linkCache: boolean;
  baseCacheDir: string | null;
}

/** `options` with their defaults, paths resolved against the repository. */
export function resolveBuildOptions(options: StorefrontBuildOptions = {}): ResolvedBuildOptions {
  const brand = getBrand(options.brand);
  const inRepo = (path: string) => (isAbsolute(path) ? path : join(repoRoot, path));
  return {
    brand: brand.id,
    outDir: inRepo(options.outDir ?? `dist/${brand.id}`),
    cacheDir: inRepo(options.cacheDir ?? `.cache/astro-${brand.id}`),
    keepOutDir: options.keepOutDir ?? false,
    pictures: options.pictures ?? { policy: brand.images, cdn: deployTarget().imageCdn },
    previewAt: options.previewAt ?? null,
    linkCache: options.linkCache ?? false,
    baseCacheDir:
      options.baseCacheDir === null || options.baseCacheDir === undefined
        ? null
        : inRepo(options.baseCacheDir),
  };
}

/**
 * The integration: registers the page finishing (builder/finish-page-middleware.ts), the
 * `client:interaction` directive (islands whose page shows their first state without React
 * hydrate only when the shopper reaches for them) and the plugin that shares the build's
 * channel with the loaders and the pages (builder/shared-channel.ts), and at the build's end prunes a standby
 * copy, fixes the redirect pages, reports the pages it made (builder/astro-output.ts) and
 * writes the sitemap when its pages changed (builder/sitemap.ts).
 * Astro writes its redirect pages after the middleware, with `content="0;url=…"`, where the
 * standard wants a space after the semicolon: they are fixed after the build, the only files
 * touched then.
 */
export function storefrontBuild(options: StorefrontBuildOptions = {}): AstroIntegration {
  const resolved = resolveBuildOptions(options);
  // A preview is never indexed: nothing to find its pages by.
  const siteMap = resolved.previewAt === null ? storefrontSitemap(SITEMAP_OPTIONS) : null;
  /** The sitemap's files this build keeps as the last build wrote them. */
  let sitemapKept: string[] = [];
  // Astro's own renderer, whose internals tell at the build's end which pages it left in place.
  let astroRenderer: DefaultPrerenderer | null = null;
  const prune = resolved.keepOutDir
    ? pruneStaleOutput({
        keptToo: () => sitemapKept,
        unclaimed: () => astroRenderer?.internals?.unclaimedFiles ?? null,
      })
    : null;
  return {
    name: 'storefront-build',
    hooks: {
      'astro:config:setup': async (params) => {
        // The API answers the start-up set while Astro starts the content sync that reads it.
        if (params.command === 'build') startStartupRead(resolved.brand);
        // A build process builds more than once (builder/astro-child.ts): each starts at zero.
        resetBuildReport();
        resetSkipped();
        // First, so that no later hook's writes make a stale file look new.
        await prune?.hooks['astro:config:setup']?.(params);
        params.addMiddleware({
          order: 'post',
          entrypoint: new URL('./finish-page-middleware.ts', import.meta.url),
        });
        for (const [name, entry] of Object.entries(clientDirectives)) {
          params.addClientDirective({ name, entrypoint: join(repoRoot, entry) });
        }
        // The settings and tallies this integration shares with the loaders and the pages.
        params.updateConfig({ vite: { plugins: [sharedChannel()] } });
      },
      'astro:config:done': async (params) => {
        await siteMap?.hooks['astro:config:done']?.(params);
      },
      'astro:routes:resolved': async (params) => {
        await siteMap?.hooks['astro:routes:resolved']?.(params);
      },
      // The pages render on both cores (parallel-render.ts); `PARALLEL_RENDER=0` keeps them on
      // Astro's thread alone, as the test that compares the two builds does.
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((fallback) => {
          astroRenderer = fallback;
          return parallelPrerenderer(fallback, {
            secondThread: process.env['PARALLEL_RENDER'] !== '0',
            pictures: resolved.pictures,
            preview: buildPreviewOf(resolved),
            ...cacheFolders(resolved),
          });
        });
      },
      'astro:build:done': async (params) => {
        // Read while Astro bundled (src/content/loaders/products.ts); its failure is the build's.
        await productDetailsLoaded();
        closeProductDetails();
        sitemapKept = siteMap?.kept(params) ?? [];
        await prune?.hooks['astro:build:done']?.(params);
        const { assets, dir } = params;
        const redirectPages = fixedRedirects.flatMap((r) => assets.get(r.from) ?? []);
        // Written now, whatever Astro did with them.
        const rewritten = new Set(redirectPages.map((page) => pathBelow(dir, page)));
        await Promise.all(
          redirectPages.map(async (page) => {
            const html = await readFile(page, 'utf8');
            await writeFile(page, html.replace('content="0;url=', 'content="0; url='));
          }),
        );
        const leftInPlace = (astroRenderer?.internals?.leftInPlace ?? []).filter(
          (file) => !rewritten.has(file),
        );
        const files = [...assets.values()].reduce((n, urls) => n + urls.length, 0);
        // What the build skipped as 'Missing data', per kind (docs/spec.md §8: logged only), on
        // stdout even under `--silent`.
        const skipped = skippedSummary();
        console.log(skipped);
        finishBuildReport(resolved.brand, files, redirectPages.length, skipped, leftInPlace);
        await siteMap?.write(params);
      },
    },
  };
}

/** A folder's path as a folder URL, as Astro's `cacheDir` is one. */
function folderUrl(dir: string): URL {
  return pathToFileURL(`${dir.replace(/\/$/, '')}/`);
}

/**
 * The build's cache folder and a preview's release's, as folder URLs: for the build's channel
 * and its second renderer alike (src/lib/content/product-details.ts).
 */
function cacheFolders({ cacheDir, baseCacheDir }: ResolvedBuildOptions): {
  cacheDir: URL;
  baseCacheDir: URL | null;
} {
  return {
    cacheDir: folderUrl(cacheDir),
    baseCacheDir: baseCacheDir === null ? null : folderUrl(baseCacheDir),
  };
}

/** The preview a build with `previewAt` makes; fails when its token is missing. */
function buildPreviewOf({ brand, previewAt }: ResolvedBuildOptions): BuildPreview | null {
  if (previewAt === null) return null;
  const token = process.env['CAMPAIGN_ADMIN_TOKEN'];
  if (!token) {
    throw new Error(
      `Preview build of brand "${brand}" without CAMPAIGN_ADMIN_TOKEN, which the API asks beside the moment.`,
    );
  }
  return { at: previewAt, token };
}

/**
 * The whole Astro config of one brand's static build. Each brand has its own out and cache
 * folder, so that brands build in parallel without sharing Astro's data store.
 */
export function storefrontConfig(options: StorefrontBuildOptions = {}): AstroUserConfig {
  const resolved = resolveBuildOptions(options);
  const brand = getBrand(resolved.brand);
  const vendorHosts = consentCspSources(brand);
  // The mappers, the renderers and the Base layout read the picture settings while the build
  // runs (src/lib/picture-settings.ts).
  provideBuildPictureSettings(resolved.pictures);
  provideBuildPreview(buildPreviewOf(resolved));
  const { cacheDir, baseCacheDir } = cacheFolders(resolved);
  provideBuildCacheDir(cacheDir, baseCacheDir);
  const listed = (hosts: string[]) => hosts.map((host) => ` ${host}`).join('');
  return {
    root: repoRoot,
    output: 'static',
    site: brand.siteUrl,
    outDir: resolved.outDir,
    cacheDir: resolved.cacheDir,
    trailingSlash: 'ignore',
    // Pages are files (`om-oss.html`, `klaer/jakker.html`): Cloudflare Pages and Netlify serve
    // `a.html` at `/a`, the address every link uses, while a folder `a/index.html` makes both
    // redirect `/a` to `/a/` first (src/lib/routes/page-path.ts). Eight pages at a time: five
    // in the second renderer's hands (builder/parallel-render.ts) and up to three on this
    // thread, so that neither waits for the other's page (at four, the worker idled a quarter
    // of a full build while this thread created its files; at six, with three, it rendered 47%
    // of a full build's pages at 50,000 articles, where with five it renders 55%).
    build: { format: 'file', inlineStylesheets: 'auto', concurrency: 8 },
    // Astro writes these as small HTML pages, so they also work under `astro preview`; the
    // host gets real 301s from the generated `_redirects` (src/pages/[hostfile].ts).
    redirects: Object.fromEntries(
      fixedRedirects.map((r) => [r.from, { status: 301 as const, destination: r.to }]),
    ),
    integrations: [react(), storefrontBuild(resolved)],
    vite: {
      plugins: [tailwindcss(), preloadLists(), minifyAppChunks()],
      // Build output and caches are no source: at 50,000 articles the product details alone
      // are 50,000 files in .cache, more than the system lets `astro dev` watch.
      server: {
        watch: { ignored: ['**/.cache/**', '**/dist/**', '**/dist-e2e/**', '**/.data/**'] },
      },
      // Read by no code: what every page depends on that Astro's config hash leaves out,
      // which it includes through them, so a change renders every page again. The build's
      // own code (builder/code-digest.ts): the finishing, and the chunk groups, which name the
      // chunks a page links to (Astro would otherwise reuse pages that link to chunks the new
      // build no longer has). And the picture settings: another IMAGE_CDN renders every
      // page's pictures again.
      define: {
        __STOREFRONT_BUILD_CODE__: JSON.stringify(buildCodeDigest()),
        __PICTURE_SETTINGS__: JSON.stringify(JSON.stringify(resolved.pictures)),
      },
      build: {
        emptyOutDir: !resolved.keepOutDir,
        rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(repoRoot) } } },
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
  };
}
