import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkImports } from './astro-output.ts';
import { sourceDigest } from './code-digest.ts';
import { finishPage, withIslandPrefetches, withModulePreloads } from './finish-page.ts';
import { staticImports } from './static-imports.ts';
import { scratchFolder } from './test-support/scratch-folder.ts';

/** The chunk graph of a build whose `/_astro/` holds `chunks` (file name to code). */
function graphOf(chunks: Record<string, string>): (src: string) => string[] {
  const root = scratchFolder('finish-page');
  mkdirSync(join(root, '_astro'));
  for (const [name, code] of Object.entries(chunks))
    writeFileSync(join(root, '_astro', name), code);
  return chunkImports(root);
}

describe('staticImports', () => {
  it('finds import and re-export specifiers of minified chunks, not dynamic imports', () => {
    const code =
      'import{a as e,b as t}from"./layout.A1.js";import"./side.B2.js";export{c}from"./c.C3.js";' +
      'const x=()=>import("./lazy.D4.js");var y="import from ./no.js";';
    expect(staticImports('chunk.js', code)).toEqual([
      './layout.A1.js',
      './side.B2.js',
      './c.C3.js',
    ]);
  });

  it('reads TypeScript with JSX, where a pattern over the text would be fooled', () => {
    const code = [
      "import type { A } from './types.ts';",
      "import { b } from '../b.ts'; // import { c } from './commented.ts';",
      'const t = `import { d } from "./in-a-string.ts"`;',
      "export * from './all.ts';",
      'export const View = (p: A) => <p title="from \'./jsx.ts\'">{b(p)}</p>;',
    ].join('\n');
    expect(staticImports('View.tsx', code)).toEqual(['./types.ts', '../b.ts', './all.ts']);
  });

  it('fails naming the file when it cannot be parsed', () => {
    expect(() => staticImports('broken.ts', 'import { a from "./a.ts"')).toThrow(
      /^Cannot read the imports of broken\.ts: /,
    );
  });
});

describe('chunkImports and withModulePreloads', () => {
  const importsOf = graphOf({
    'entry.js': 'import{a}from"./layout.js";import{b}from"./api.js";a(b);',
    'layout.js': 'import{r}from"./runtime.js";export const a=r;',
    'api.js': 'import{r}from"./runtime.js";const l=()=>import("./lazy.js");export const b=r;',
    'runtime.js': 'export const r=1;',
    'other.js': 'import{a}from"./layout.js";a();',
  });

  it('lists every chunk a script needs, however deep, once', () => {
    expect(importsOf('/_astro/entry.js').sort()).toEqual([
      '/_astro/api.js',
      '/_astro/layout.js',
      '/_astro/runtime.js',
    ]);
    expect(importsOf('/_astro/runtime.js')).toEqual([]);
  });

  it("reads a chunk that the next build changed under the same name, not the last build's reading", () => {
    const root = scratchFolder('finish-page-next');
    mkdirSync(join(root, '_astro'));
    const write = (name: string, code: string) => writeFileSync(join(root, '_astro', name), code);
    write('entry.js', 'import{a}from"./layout.js";a();');
    write('layout.js', 'export const a=1;');
    write('extra.js', 'export const x=1;');
    expect(chunkImports(root)('/_astro/entry.js')).toEqual(['/_astro/layout.js']);
    write('entry.js', 'import{a}from"./layout.js";import{x}from"./extra.js";a(x);');
    expect(chunkImports(root)('/_astro/entry.js').sort()).toEqual([
      '/_astro/extra.js',
      '/_astro/layout.js',
    ]);
  });

  it('adds preload links for the imports of a page, but not for its own scripts', () => {
    const html =
      '<html><head><title>x</title></head><body>' +
      '<script type="module" src="/_astro/layout.js"></script>' +
      '<script type="module" src="/_astro/entry.js"></script></body></html>';
    const out = withModulePreloads(html, importsOf);
    expect(out.match(/modulepreload/g)).toHaveLength(2);
    expect(out).toContain('<link rel="modulepreload" href="/_astro/api.js">');
    expect(out).toContain('<link rel="modulepreload" href="/_astro/runtime.js">');
    expect(out).toMatch(/<title>x<\/title>(<link rel="modulepreload" href="[^"]+">){2}<\/head>/);
    expect(out).not.toContain('href="/_astro/layout.js"');
    expect(out).not.toContain('lazy.js');
  });

  it('leaves a page without module scripts as it is', () => {
    const html = '<html><head></head><body><script>1</script></body></html>';
    expect(withModulePreloads(html, importsOf)).toBe(html);
  });

  it('leaves a page alone when it needs only chunks every page loads', () => {
    const everyPage = (src: string) => /\/(layout|runtime)\.js$/.test(src);
    const layoutOnly =
      '<html><head></head><body><script type="module" src="/_astro/other.js"></script>';
    expect(withModulePreloads(layoutOnly, importsOf, everyPage)).toBe(layoutOnly);
    const search =
      '<html><head></head><body><script type="module" src="/_astro/entry.js"></script>';
    expect(withModulePreloads(search, importsOf, everyPage).match(/modulepreload/g)).toHaveLength(
      3,
    );
  });
});

describe('withIslandPrefetches', () => {
  const importsOf = graphOf({
    'Island.js': 'import{l}from"./listing.js";import{j}from"./jsx.js";l(j);',
    'client.js': 'import{d}from"./react-dom.js";import{j}from"./jsx.js";d(j);',
    'react-dom.js': 'import{j}from"./jsx.js";export const d=j;',
    'jsx.js': 'export const j=1;',
    'listing.js': 'export const l=1;',
    'page.js': 'import{l}from"./listing.js";l();',
  });
  const island = (client: string, value: string) =>
    `<astro-island uid="a" component-url="/_astro/Island.js" component-export="X" ` +
    `renderer-url="/_astro/client.js" props="{}" client="${client}" ` +
    `opts="{&quot;name&quot;:&quot;X&quot;,&quot;value&quot;:${value.replaceAll('"', '&quot;')}}">`;
  const page = (client: string, value = '{"query":true,"prefetch":true}') =>
    '<html><head><title>x</title></head><body>' +
    '<script type="module" src="/_astro/page.js"></script>' +
    `${island(client, value)}</astro-island></body></html>`;

  it("prefetches an interaction island's whole graph, less what the page's scripts load", () => {
    const out = withIslandPrefetches(page('interaction'), importsOf);
    const hrefs = [...out.matchAll(/<link rel="prefetch" href="([^"]+)" crossorigin>/g)].map(
      (m) => m[1],
    );
    expect(hrefs.sort()).toEqual([
      '/_astro/Island.js',
      '/_astro/client.js',
      '/_astro/jsx.js',
      '/_astro/react-dom.js',
    ]);
    // Not in the head, where they would share the connection with the first screen: in a
    // template the island's directive moves there after load.
    expect(out).toContain('<title>x</title></head>');
    expect(out).toMatch(
      /<\/astro-island><template data-prefetch-after-load>(<link rel="prefetch"[^>]+>){4}<\/template><\/body>/,
    );
  });

  it('leaves interaction islands that do not ask for prefetch alone', () => {
    expect(withIslandPrefetches(page('interaction', 'true'), importsOf)).toBe(
      page('interaction', 'true'),
    );
    const noPrefetch = page('interaction', '{"query":true}');
    expect(withIslandPrefetches(noPrefetch, importsOf)).toBe(noPrefetch);
  });

  it('leaves pages whose islands hydrate on idle or visible, or that have none, alone', () => {
    expect(withIslandPrefetches(page('idle'), importsOf)).toBe(page('idle'));
    expect(withIslandPrefetches(page('visible'), importsOf)).toBe(page('visible'));
    const plain = '<html><head></head><body></body></html>';
    expect(withIslandPrefetches(plain, importsOf)).toBe(plain);
  });
});

describe('finishPage', () => {
  const importsOf = graphOf({
    'layout.Ab1.js': 'import{r}from"./rolldown-runtime.Cd2.js";export const a=r;',
    'rolldown-runtime.Cd2.js': 'export const r=1;',
    'search.Ef3.js': 'import{a}from"./layout.Ab1.js";import{l}from"./listing.Gh4.js";',
    'listing.Gh4.js': 'export const l=1;',
  });
  const style = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
  const page = (script: string) =>
    `<html><head><title>x</title></head><body>${style}<main>Hei</main>` +
    `<script type="module" src="/_astro/${script}"></script></body></html>`;

  it("drops Astro's island style from the body and preloads what goes beyond the layout", () => {
    expect(finishPage(page('search.Ef3.js'), importsOf)).toBe(
      '<html><head><title>x</title>' +
        '<link rel="modulepreload" href="/_astro/layout.Ab1.js">' +
        '<link rel="modulepreload" href="/_astro/rolldown-runtime.Cd2.js">' +
        '<link rel="modulepreload" href="/_astro/listing.Gh4.js"></head>' +
        '<body><main>Hei</main><script type="module" src="/_astro/search.Ef3.js"></script>' +
        '</body></html>',
    );
  });

  it('adds no links to a page whose scripts need only the layout and the runtime', () => {
    expect(finishPage(page('layout.Ab1.js'), importsOf)).toBe(
      page('layout.Ab1.js').replace(style, ''),
    );
  });
});

describe('sourceDigest', () => {
  const dir = scratchFolder('digest');
  mkdirSync(join(dir, 'lib'));
  const write = (name: string, code: string) => writeFileSync(join(dir, name), code);
  write('entry.ts', "import { a } from 'astro:x';\nimport type { B } from './lib/b.ts';\n");
  write('lib/b.ts', "export { c } from '../c.ts';\nexport type B = 1;\n");
  write('c.ts', 'export const c = 1;\n');
  write('other.ts', 'export const o = 1;\n');
  const entry = join(dir, 'entry.ts');

  it('changes when a file the entry imports, however deep, changes, and only then', () => {
    const before = sourceDigest(entry);
    write('other.ts', 'export const o = 2;\n');
    expect(sourceDigest(entry)).toBe(before);
    write('c.ts', 'export const c = 2;\n');
    expect(sourceDigest(entry)).not.toBe(before);
  });

  it('follows an import a file it read before gains (a warm build process digests again)', () => {
    sourceDigest(entry);
    write('c.ts', "export { o } from './other.ts';\nexport const c = 3;\n");
    const before = sourceDigest(entry);
    write('other.ts', 'export const o = 3;\n');
    expect(sourceDigest(entry)).not.toBe(before);
  });
});
