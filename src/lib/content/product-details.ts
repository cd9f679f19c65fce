import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { ArticleDetail } from '../types.ts';

/**
 * What a product page shows of its article: the detail without `availability`, the live
 * stock that the page fetches after load.
 */
export type ProductArticle = Omit<ArticleDetail, 'availability'>;

/**
 * Where a build keeps its product pages' article details: one JSON file per article in the
 * build's cache folder. The products loader writes each as it arrives and each product page
 * reads its own while it renders, so at most a few are in memory at once. Astro's data store
 * would hold them all three times over: while it is written, while the build bundles it into
 * the server code, and while the pages render (README: where product details wait).
 */
export function productDetailsDir(cacheDir: URL): URL {
  return new URL('product-details/', cacheDir);
}

/** Empties `dir` (a detail left from an earlier build must not outlive its article). */
export async function resetProductDetails(dir: URL): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
}

/** Writes `article`'s detail into `dir`; answers the JSON written, for its digest. */
export async function writeProductDetail(dir: URL, article: ProductArticle): Promise<string> {
  const json = JSON.stringify(article);
  await writeFile(new URL(`${article.id}.json`, dir), json);
  return json;
}

/** The detail of article `id` that {@link writeProductDetail} left in `dir`. */
export async function readProductDetail(dir: URL, id: number): Promise<ProductArticle> {
  const file = new URL(`${id}.json`, dir);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as ProductArticle;
  } catch (error) {
    throw new Error(
      `The product page of article ${id} has no detail at ${file.pathname}: the products loader writes it during the same build.`,
      { cause: error },
    );
  }
}
