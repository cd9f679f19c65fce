/**
 * The brand's sitemap (@astrojs/sitemap), written again only when what it lists may have
 * changed. A campaign changes pages, not which pages there are, and at 50,000 articles writing
 * the 98,000 URLs anew took 0.6 s of every campaign, with the garbage it left: about a tenth
 * of its way to live. The build's integration (builder/storefront-build.ts) drives it, since
 * the pruning of a standby copy, which runs first, must know whether the last sitemap stays.
 */
import sitemap, { type SitemapOptions } from '@astrojs/sitemap';
import type { AstroConfig, AstroIntegration, IntegrationResolvedRoute } from 'astro';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileIdentity } from '../src/lib/content/written-files.ts';

type Hooks = AstroIntegration['hooks'];
/** What Astro hands `astro:build:done`. */
export type BuildDone = Parameters<NonNullable<Hooks['astro:build:done']>>[0];

/** What the last sitemap written was made from, and its files as written. */
interface Written {
  /** The config and routes it was made from ({@link inputsOf}). */
  inputs: string;
  /** The pages it was made from. */
  pages: ReadonlySet<string>;
  /** Each of its files (names in the out folder) as written. */
  files: ReadonlyMap<string, WrittenFile>;
}

/** A sitemap file as written: its identity, and its content's digest. */
interface WrittenFile {
  identity: string | null;
  size: number;
  digest: string;
}

/** The SHA-256 digest of a file's content. */
const digestOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * Whether `file` holds what was written: the very file (or a link to it, as in a standby copy
 * made of links), or one of the same content. After a full build the release shares the files
 * unchanged since the last release by hard links to that one's, so its sitemap's files may be
 * the last release's, of the same bytes; reading 8 MB back at 50,000 articles costs a tenth of
 * writing them.
 */
function holds(file: string, written: WrittenFile): boolean {
  const identity = fileIdentity(file);
  if (identity === null) return false;
  if (identity === written.identity) return true;
  return statSync(file).size === written.size && digestOf(file) === written.digest;
}

/**
 * The sitemap this process wrote last, into whichever out folder: a build process builds one
 * brand again and again into the same standby copy (builder/astro-child.ts), and after a full
 * build, into an empty folder that becomes the release, the standby copy is made of hard links
 * to that release's files, the sitemap's among them. A folder whose sitemap files hold what was
 * written ({@link holds}) holds that sitemap. In memory only, so a new process writes its first
 * sitemap anew.
 */
let written: Written | null = null;

/** The sitemap's files in `dir`: `sitemap-index.xml` and its chunks. */
const SITEMAP_FILE = /^sitemap-[\w-]+\.xml$/;

/**
 * What the sitemap reads beside the pages: the site's address and form, and the paths of the
 * page routes that have one (and their fallbacks'), which @astrojs/sitemap lists too. Not the
 * other routes: a build that makes its bundles has Astro's own routes (`/_image`,
 * `/_server-islands/[name]`) where a build reusing them has not, and the first campaign after
 * a full build wrote the 98,000 URLs again for them (0.4 s at 50,000 articles).
 */
function inputsOf(config: AstroConfig, routes: readonly IntegrationResolvedRoute[]): string {
  return JSON.stringify([
    config.site,
    config.base,
    config.trailingSlash,
    config.build.format,
    routes
      .filter((route) => route.type === 'page')
      .flatMap((route) => [route, ...route.fallbackRoutes])
      .flatMap((route) => (route.pathname ? [route.pathname] : [])),
  ]);
}

/** The sitemap of one build, which its integration drives: {@link storefrontSitemap}. */
export interface StorefrontSitemap {
  /** The hooks @astrojs/sitemap needs before the build's end, for the integration to pass on. */
  hooks: Pick<Hooks, 'astro:config:done' | 'astro:routes:resolved'>;
  /**
   * The names of the sitemap files in the out folder that stay as they are: those of the last
   * sitemap written, when this build lists the same pages from the same config and routes, and
   * each file in the folder holds what was written (the file, a link to it, or its bytes). Else
   * none, and {@link write} writes them.
   * Asked once, at the build's end, before the out folder is pruned.
   */
  kept(params: BuildDone): string[];
  /** Writes the sitemap, unless {@link kept} found it unchanged. */
  write(params: BuildDone): Promise<void>;
}

/**
 * The brand's sitemap with @astrojs/sitemap's `options`, written only when {@link
 * StorefrontSitemap.kept} found no sitemap to keep.
 */
export function storefrontSitemap(options: SitemapOptions): StorefrontSitemap {
  const inner = sitemap(options).hooks;
  let config: AstroConfig | null = null;
  let routes: readonly IntegrationResolvedRoute[] = [];
  /** This build's inputs and pages, when its sitemap is to be written. */
  let pending: { inputs: string; pages: ReadonlySet<string> } | null = null;
  return {
    hooks: {
      'astro:config:done': async (params) => {
        config = params.config;
        await inner['astro:config:done']?.(params);
      },
      'astro:routes:resolved': async (params) => {
        routes = params.routes;
        await inner['astro:routes:resolved']?.(params);
      },
    },
    kept({ dir, pages }) {
      if (config === null) throw new Error('The sitemap was asked before Astro gave its config.');
      const inputs = inputsOf(config, routes);
      const last = written;
      const folder = fileURLToPath(dir);
      const same =
        last !== null &&
        last.inputs === inputs &&
        last.pages.size === pages.length &&
        pages.every(({ pathname }) => last.pages.has(pathname)) &&
        [...last.files].every(([name, file]) => holds(join(folder, name), file));
      if (same) {
        pending = null;
        return [...last.files.keys()];
      }
      // Before the sitemap reads them: it takes the leading slash off each page's path.
      pending = { inputs, pages: new Set(pages.map(({ pathname }) => pathname)) };
      return [];
    },
    async write(params) {
      if (pending === null) return;
      const { inputs, pages } = pending;
      pending = null;
      // Whatever the write leaves when it fails is never taken for a sitemap written.
      written = null;
      await inner['astro:build:done']?.(params);
      const folder = fileURLToPath(params.dir);
      const files = new Map<string, WrittenFile>();
      for (const name of readdirSync(folder)) {
        if (!SITEMAP_FILE.test(name)) continue;
        const file = join(folder, name);
        const identity = fileIdentity(file);
        files.set(name, { identity, size: statSync(file).size, digest: digestOf(file) });
      }
      written = { inputs, pages, files };
    },
  };
}
