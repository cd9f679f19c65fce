import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import type { AstroIntegration } from 'astro';
import { defineConfig } from 'astro/config';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getBrand } from './src/brands/index.ts';
import { fixedRedirects } from './src/lib/routes/redirects.ts';

// One static build per brand (scripts/build.ts sets BRAND). Each brand has its own out and
// cache directory so the brands can build in parallel without sharing Astro's data store.
const brand = getBrand(process.env['BRAND']);
// The browser tests build into their own folder (DIST_DIR) so they never clobber `npm start`'s.
const distRoot = process.env['DIST_DIR'] ?? 'dist';

/**
 * Astro's redirect pages write `content="0;url=…"`, which the HTML standard (and the Nu
 * checker) reject for want of a space; browsers accept both, the validator only one.
 */
const validRedirectPages: AstroIntegration = {
  name: 'valid-redirect-pages',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      for (const { from } of fixedRedirects) {
        const file = fileURLToPath(new URL(`.${from}/index.html`, dir));
        const html = await readFile(file, 'utf8');
        await writeFile(file, html.replace('content="0;url=', 'content="0; url='));
      }
    },
  },
};

export default defineConfig({
  output: 'static',
  site: brand.siteUrl,
  outDir: `${distRoot}/${brand.id}`,
  cacheDir: `.cache/astro-${brand.id}`,
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  // Astro writes these as small HTML pages, so they also work under `astro preview`; the
  // host gets real 301s from the generated `_redirects` (src/pages/[hostfile].ts).
  redirects: Object.fromEntries(
    fixedRedirects.map((r) => [r.from, { status: 301 as const, destination: r.to }]),
  ),
  integrations: [
    react(),
    validRedirectPages,
    sitemap({ filter: (page) => !/\/(checkout|search|utvalg|preview|product\/_)\b/.test(page) }),
  ],
  vite: { plugins: [tailwindcss()] },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
});
