import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  builtProductPages,
  closeProductDetails,
  eachProductDetail,
  productDetailsDir,
  PRODUCT_DETAIL_FORMAT,
  productDetailsLoaded,
  provideBuildCacheDir,
  readProductDetailsState,
  readBuildDetail,
  readProductDetail,
  resetProductDetails,
  setProductDetailsLoad,
  storedProductDetails,
  updateProductDetails,
  writeProductDetailsState,
  writeProductPages,
  type ProductArticle,
  type ProductEntry,
} from './product-details.ts';

const scratch: string[] = [];
/** A fresh cache folder, as Astro names it: a file URL ending in a slash. */
function cacheDir(): URL {
  const dir = mkdtempSync(join(tmpdir(), 'product-details-'));
  scratch.push(dir);
  return pathToFileURL(`${dir}/`);
}
afterEach(() => {
  closeProductDetails();
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const article = (id: number) =>
  ({
    id,
    name: `Vinterjakke ${String(id)}`,
    price: 99900,
    variants: [{ id: 1, ean: '7000000000011', availability: 2, shops: [{ id: 4, qty: 3 }] }],
  }) as unknown as ProductArticle;

/** Writes `articles`' details into `dir`, as the products loader does. */
const writeDetails = (dir: URL, ...articles: ProductArticle[]) =>
  updateProductDetails(dir, (details) => Promise.resolve(articles.map((a) => details.write(a))));

describe('product details', () => {
  it('give back what was written, field for field', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    const [json] = await writeDetails(dir, article(7));
    expect(JSON.parse(json ?? '')).toEqual(article(7));
    expect(await readProductDetail(dir, 7)).toEqual(article(7));
  });

  it('replace a detail that is there, in one file for them all', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    await writeDetails(dir, article(7), article(8));
    const cheaper = { ...article(7), price: 79900 } as ProductArticle;
    await writeDetails(dir, cheaper);
    expect(await readProductDetail(dir, 7)).toEqual(cheaper);
    expect(await readProductDetail(dir, 8)).toEqual(article(8));
    expect(readdirSync(dir)).toEqual(['details.sqlite']);
  });

  it('keep all of an update or, when it fails, none of it', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    await writeDetails(dir, article(7));
    const cheaper = { ...article(7), price: 79900 } as ProductArticle;
    let late = (): void => undefined;
    await expect(
      updateProductDetails(dir, (details) => {
        details.write(article(8));
        details.write(cheaper);
        details.remove(7);
        late = () => details.write(article(9));
        return Promise.reject(new Error('Could not load article 10'));
      }),
    ).rejects.toThrow('Could not load article 10');
    expect(storedProductDetails(dir)).toEqual(new Set([7]));
    expect(await readProductDetail(dir, 7)).toEqual(article(7));
    // A reading still under way when the update failed writes nothing after it.
    expect(late).toThrow(/written after their update/);
    expect(storedProductDetails(dir)).toEqual(new Set([7]));
  });

  it('lose nothing of the last whole update when the process is killed during the next', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    await writeDetails(dir, article(7));
    closeProductDetails();
    // A writer killed in the middle of its transaction, after SQLite wrote to the file.
    const { spawnSync } = await import('node:child_process');
    const file = new URL('details.sqlite', dir).pathname;
    const killed = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { DatabaseSync } from 'node:sqlite';
         const db = new DatabaseSync(${JSON.stringify(file)});
         db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = 1; BEGIN');
         const put = db.prepare('INSERT OR REPLACE INTO details (id, json) VALUES (?, ?)');
         for (let id = 1; id < 3000; id++) put.run(id, JSON.stringify({ id, text: 'x'.repeat(500) }));
         process.kill(process.pid, 'SIGKILL');`,
      ],
      { encoding: 'utf8' },
    );
    expect(killed.signal).toBe('SIGKILL');
    // It had begun to change the file: its journal is left, which the next opening plays back.
    expect(existsSync(`${file}-journal`)).toBe(true);
    expect(storedProductDetails(dir)).toEqual(new Set([7]));
    expect(await readProductDetail(dir, 7)).toEqual(article(7));
  });

  it("take up a preview's copy of the release's state, whose details are the release's", async () => {
    const [release, preview] = [cacheDir(), cacheDir()];
    for (const dir of [release, preview]) await resetProductDetails(productDetailsDir(dir));
    await writeDetails(productDetailsDir(release), article(7));
    await writeDetails(productDetailsDir(preview), article(8));
    const state = {
      format: PRODUCT_DETAIL_FORMAT,
      cursor: 'db.1.0',
      articles: [7, 8].map((id) => ({
        id,
        name: `Vinterjakke ${String(id)}`,
        digest: 'd',
        listingKey: 'k',
      })),
      unshown: [],
    };
    await writeProductDetailsState(productDetailsDir(preview), state);
    const dir = productDetailsDir(preview);
    expect(await readProductDetailsState(dir, productDetailsDir(release))).toEqual(state);
    // Without the release's folder, article 7's detail is missing: no state to build on.
    expect(await readProductDetailsState(dir)).toBeNull();
  });

  it("give a preview its own detail, and the release's where the preview read none anew", async () => {
    const [release, preview] = [cacheDir(), cacheDir()];
    for (const dir of [release, preview]) await resetProductDetails(productDetailsDir(dir));
    await writeDetails(productDetailsDir(release), article(7), article(8));
    const cheaper = { ...article(7), price: 79900 } as ProductArticle;
    await writeDetails(productDetailsDir(preview), cheaper);
    provideBuildCacheDir(preview, release);
    expect(await readBuildDetail(7)).toEqual(cheaper);
    expect(await readBuildDetail(8)).toEqual(article(8));
    await expect(readBuildDetail(9)).rejects.toThrow(/no detail/);
    // A build that is no preview reads its own folder only.
    provideBuildCacheDir(preview);
    await expect(readBuildDetail(8)).rejects.toThrow(/no detail/);
    expect(storedProductDetails(productDetailsDir(release))).toEqual(new Set([7, 8]));
    expect(storedProductDetails(productDetailsDir(preview))).toEqual(new Set([7]));
  });

  it("list this build's product pages once, and the next build's anew", async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    const page = (id: number): ProductEntry => ({
      article: { id, name: `Vinterjakke ${String(id)}` },
      slug: `vinterjakke-${String(id)}`,
      digest: 'x',
    });
    setProductDetailsLoad(writeProductPages(dir, [page(7)]));
    const first = builtProductPages(dir);
    expect(await first).toEqual([page(7)]);
    await writeProductPages(dir, [page(7), page(8)]);
    expect(builtProductPages(dir)).toBe(first);
    setProductDetailsLoad(Promise.resolve());
    expect(await builtProductPages(dir)).toEqual([page(7), page(8)]);
  });

  it('start empty after a reset, so no detail outlives its article when all are read', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    await writeDetails(dir, article(7));
    writeFileSync(new URL('pages.json', dir), '[]');
    await resetProductDetails(dir);
    expect(readdirSync(dir)).toEqual([]);
    expect(storedProductDetails(dir)).toEqual(new Set());
  });

  it('start again when the database is not one, rather than fail every build after', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    writeFileSync(new URL('details.sqlite', dir), 'nonsense, not SQLite '.repeat(100));
    await writeProductDetailsState(dir, {
      format: PRODUCT_DETAIL_FORMAT,
      cursor: 'db.1.0',
      articles: [],
      unshown: [],
    });
    expect(await readProductDetailsState(dir)).toBeNull();
    await resetProductDetails(dir);
    await writeDetails(dir, article(7));
    expect(await readProductDetail(dir, 7)).toEqual(article(7));
  });

  it('hand a reader outside the build each detail asked for, and name one that is missing', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    await writeDetails(dir, article(7), article(8));
    closeProductDetails();
    const seen: number[] = [];
    eachProductDetail(dir, [8, 7], (detail) => seen.push(detail.id));
    expect(seen).toEqual([8, 7]);
    expect(() => {
      eachProductDetail(dir, [9], () => undefined);
    }).toThrow(/Article 9 has no detail/);
    // Asked for none, it opens no database, even where there is none.
    eachProductDetail(productDetailsDir(cacheDir()), [], () => seen.push(0));
    expect(seen).toEqual([8, 7]);
    // It leaves no connection open, and the database as it was.
    const db = new DatabaseSync(new URL('details.sqlite', dir).pathname, { readOnly: true });
    expect(db.prepare('SELECT count(*) AS n FROM details').get()).toEqual({ n: 2 });
    db.close();
  });

  it('name the article and the file when a detail is missing', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    await expect(readProductDetail(dir, 9)).rejects.toThrow(
      /article 9 has no detail in .*product-details\/details\.sqlite/,
    );
  });

  it("wait for the build's reading of them, and fail with its error", async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    await writeDetails(dir, article(7));
    let fail = (error: Error) => error as unknown as void;
    setProductDetailsLoad(new Promise((_, reject) => (fail = reject)));
    const read = expect(readProductDetail(dir, 7)).rejects.toThrow('Could not load article 8');
    fail(new Error('Could not load article 8 for its product page: 500 Server Error'));
    await read;
    setProductDetailsLoad(Promise.resolve());
    expect(await readProductDetail(dir, 7)).toEqual(article(7));
  });

  it('hold a failed reading that nobody waits for yet without an unhandled rejection', async () => {
    setProductDetailsLoad(Promise.reject(new Error('Could not load article 8')));
    // Vitest fails the run on an unhandled rejection, which Node reports after a turn.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(productDetailsLoaded()).rejects.toThrow('Could not load article 8');
    setProductDetailsLoad(Promise.resolve());
  });
});
