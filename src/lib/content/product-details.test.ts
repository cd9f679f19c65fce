import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  productDetailsDir,
  readProductDetail,
  resetProductDetails,
  writeProductDetail,
  type ProductArticle,
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
});
