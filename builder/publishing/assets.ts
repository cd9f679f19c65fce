import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile } from 'tailwindcss';

/**
 * The page's style sheet and script, made once per builder process on first use: the shop's
 * own Tailwind entry (src/styles/global.css with the brand tokens of tailwind.config.ts) built
 * for the classes the page's markup and script use, and the script's TypeScript with its
 * types stripped (it imports nothing, so no bundler is needed).
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const globalCss = join(root, 'src/styles/global.css');
const tailwindDir = join(root, 'node_modules/tailwindcss');
/** Where the page's classes are written: its views, one per panel, and the field measurement's. */
const viewsDir = join(root, 'builder/publishing/views');
const vitalsFile = join(root, 'builder/publishing/field-vitals.ts');
/** The page's browser code. */
export const clientFile = join(root, 'src/publishing/live-builds.ts');

/** A made asset: its text and the versioned path it is served at. */
export interface Asset {
  body: string;
  path: string;
  type: string;
}

const version = (text: string): string =>
  createHash('sha256').update(text).digest('hex').slice(0, 12);

async function stylesheet(): Promise<string> {
  const compiler = await compile(await readFile(globalCss, 'utf8'), {
    base: dirname(globalCss),
    from: globalCss,
    loadStylesheet: async (id, base) => {
      const path =
        id === 'tailwindcss'
          ? join(tailwindDir, 'index.css')
          : id.startsWith('tailwindcss/')
            ? join(tailwindDir, id.slice('tailwindcss/'.length))
            : resolve(base, id);
      return { path, base: dirname(path), content: await readFile(path, 'utf8') };
    },
    loadModule: async (id, base) => {
      const path = resolve(base, id);
      const module = (await import(pathToFileURL(path).href)) as { default: object };
      return { path, base: dirname(path), module: module.default };
    },
  });
  // Tailwind keeps what names a utility and drops the rest, as its own scanner's output.
  const views = (await readdir(viewsDir))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(viewsDir, name));
  const sources = await Promise.all(
    [...views, vitalsFile, clientFile].map((f) => readFile(f, 'utf8')),
  );
  const candidates = new Set(sources.join('\n').split(/[\s'"`<>=${}(),;]+/u));
  return compiler.build([...candidates]);
}

let made: Promise<{ css: Asset; script: Asset }> | null = null;

/** The style sheet and the script, made on the first call. */
export function publishingAssets(): Promise<{ css: Asset; script: Asset }> {
  made ??= (async () => {
    const [css, code] = await Promise.all([stylesheet(), readFile(clientFile, 'utf8')]);
    const script = stripTypeScriptTypes(code);
    return {
      css: { body: css, path: `/publisering/stil/${version(css)}.css`, type: 'text/css' },
      script: {
        body: script,
        path: `/publisering/skript/${version(script)}.js`,
        type: 'text/javascript',
      },
    };
  })();
  return made;
}
