import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  builtProductPages,
  productDetailsDir,
  PRODUCT_DETAIL_FORMAT,
  productDetailsLoaded,
  provideBuildCacheDir,
  readProductDetailsState,
  readBuildDetail,
  readProductDetail,
  resetProductDetails,
  setProductDetailsLoad,
  writeProductDetail,
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
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const article = (id: number) =>
  ({
    id,
    name: `Vinterjakke ${String(id)}`,
    price: 99900,
    variants: [{ id: 1, ean: '7000000000011', availability: 2, shops: [{ id: 4, qty: 3 }] }],
  }) as unknown as ProductArticle;

describe('product details', () => {
  it('give back what was written, field for field', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    const json = await writeProductDetail(dir, article(7));
    expect(JSON.parse(json)).toEqual(article(7));
    expect(await readProductDetail(dir, 7)).toEqual(article(7));
  });

  it('replace a detail that is there, leaving no other file', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    await writeProductDetail(dir, article(7));
    const cheaper = { ...article(7), price: 79900 } as ProductArticle;
    await writeProductDetail(dir, cheaper);
    expect(await readProductDetail(dir, 7)).toEqual(cheaper);
    expect(readdirSync(dir)).toEqual(['7.json']);
  });

  it("take up a preview's copy of the release's state, whose details are the release's", async () => {
    const [release, preview] = [cacheDir(), cacheDir()];
    for (const dir of [release, preview]) await resetProductDetails(productDetailsDir(dir));
    await writeProductDetail(productDetailsDir(release), article(7));
    await writeProductDetail(productDetailsDir(preview), article(8));
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
    await writeProductDetail(productDetailsDir(release), article(7));
    await writeProductDetail(productDetailsDir(release), article(8));
    const cheaper = { ...article(7), price: 79900 } as ProductArticle;
    await writeProductDetail(productDetailsDir(preview), cheaper);
    provideBuildCacheDir(preview, release);
    expect(await readBuildDetail(7)).toEqual(cheaper);
    expect(await readBuildDetail(8)).toEqual(article(8));
    await expect(readBuildDetail(9)).rejects.toThrow(/no detail/);
    // A build that is no preview reads its own folder only.
    provideBuildCacheDir(preview);
    await expect(readBuildDetail(8)).rejects.toThrow(/no detail/);
    expect(readdirSync(productDetailsDir(release)).sort()).toEqual(['7.json', '8.json']);
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
    await writeProductDetail(dir, article(7));
    writeFileSync(new URL('8.json', dir), '{}');
    await resetProductDetails(dir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('name the article and the file when a detail is missing', async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    await expect(readProductDetail(dir, 9)).rejects.toThrow(
      /article 9 has no detail at .*product-details\/9\.json/,
    );
  });

  it("wait for the build's reading of them, and fail with its error", async () => {
    const dir = productDetailsDir(cacheDir());
    await resetProductDetails(dir);
    await writeProductDetail(dir, article(7));
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
