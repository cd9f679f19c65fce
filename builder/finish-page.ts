/**
 * The finishing of each built page's HTML, which builder/finish-page-middleware.ts applies while the page
 * pre-renders, so the body Astro writes, and keeps in its incremental build cache, is already
 * finished and a page restored from that cache needs nothing more. Valid for the Nu checker,
 * which the tests run on every page type: Astro puts its island rule in a `<style>` inside
 * `<body>`, where a style element is not allowed (the rule lives in src/styles/global.css).
 * Faster: `<link rel="modulepreload">` for the chunks a page's module scripts import (Astro
 * writes only the entry `<script type="module" src>`; the browser finds its imports after
 * fetching and parsing it, one round trip per level, and the search page's first results wait
 * on three levels), and `<link rel="prefetch">` after load for the code of islands that
 * hydrate on interaction (listings).
 */

import { PREFETCH_AFTER_LOAD } from '../src/lib/html/prefetch-after-load.ts';
import { unescapeHtml } from '../src/lib/format/html.ts';

const islandStyle = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** Chunks every page loads: the `layout` chunk group (builder/chunk-groups.ts) and the runtime. */
const everyPage = (src: string) => /\/_astro\/(layout|rolldown-runtime)\.[\w-]+\.js$/.test(src);

/**
 * A rendered page's `html`, finished: without Astro's island `<style>`, with modulepreload
 * links for what its scripts import beyond the layout's chunks and prefetch links for its
 * interaction islands' code; `importsOf` is the build's chunk graph (builder/astro-output.ts).
 */
export function finishPage(html: string, importsOf: (src: string) => string[]): string {
  return withIslandPrefetches(
    withModulePreloads(html.replace(islandStyle, ''), importsOf, everyPage),
    importsOf,
  );
}

/** The URL paths of a page's module scripts (`<script type="module" src>`). */
function moduleScripts(html: string): string[] {
  return [...html.matchAll(/<script type="module" src="(\/[^"]+\.js)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
}

/**
 * `html` with a modulepreload link, before `</head>`, for every chunk its module scripts
 * import that is not itself one of its scripts. Pages whose scripts import only chunks
 * `everyPage` names (the layout's, which every page loads and none waits on for its main
 * content) are left as they are: rewriting thousands of product pages for them cost the
 * build more time than the preloads save.
 */
export function withModulePreloads(
  html: string,
  importsOf: (src: string) => string[],
  everyPage: (src: string) => boolean = () => false,
): string {
  const scripts = moduleScripts(html);
  const deps = new Set(scripts.flatMap(importsOf));
  for (const script of scripts) deps.delete(script);
  if ([...deps].every(everyPage)) return html;
  const links = [...deps].map((href) => `<link rel="modulepreload" href="${href}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * `html` with a `<link rel="prefetch">` for the code of each
 * `client:interaction={{ prefetch: true }}` island (its component and renderer, with every
 * chunk they import) that the page's own module scripts do not load already. The browser
 * fetches prefetches when it has nothing better to do and runs none of them, so the page's
 * main thread stays free until the shopper reaches for the island, and the first click then
 * waits for React to start, not for the network. `crossorigin` makes the request a module script's own
 * (CORS, same-origin credentials), so the later import finds it in the cache. The links wait
 * in a `<template>` at the end of the body, which the browser does not fetch from, until the
 * island's directive moves them into the head once the page has loaded
 * (src/islands/directives/interaction.ts): in the head they shared a slow connection with the
 * first screen's pictures (a listing's 80 KB of island code and React against a 15 KB
 * picture on Lighthouse's slow 4G).
 */
export function withIslandPrefetches(html: string, importsOf: (src: string) => string[]): string {
  const entries = [...html.matchAll(/<astro-island\b[^>]*>/g)].flatMap(([tag]) =>
    tag.includes(' client="interaction"') && prefetchAsked(tag)
      ? [...tag.matchAll(/ (?:component|renderer)-url="(\/[^"]+\.js)"/g)].flatMap((m) =>
          m[1] ? [m[1]] : [],
        )
      : [],
  );
  if (entries.length === 0) return html;
  const scripts = moduleScripts(html);
  const loaded = new Set([...scripts, ...scripts.flatMap(importsOf)]);
  const wanted = new Set([...entries, ...entries.flatMap(importsOf)].filter((s) => !loaded.has(s)));
  if (wanted.size === 0) return html;
  const links = [...wanted]
    .map((href) => `<link rel="prefetch" href="${href}" crossorigin>`)
    .join('');
  return html.replace('</body>', `<template ${PREFETCH_AFTER_LOAD}>${links}</template></body>`);
}

/** Whether an island tag's directive options (`opts`, entity-escaped JSON) ask for prefetch. */
function prefetchAsked(tag: string): boolean {
  const opts = / opts="([^"]*)"/.exec(tag)?.[1];
  if (!opts) return false;
  const { value } = JSON.parse(unescapeHtml(opts)) as {
    value?: unknown;
  };
  return (
    typeof value === 'object' && value !== null && 'prefetch' in value && value.prefetch === true
  );
}
