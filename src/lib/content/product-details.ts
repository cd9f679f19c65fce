import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { buildSlot } from '../build-channel.ts';
import type { Nameable } from '../domain/slug.ts';
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

/** A build's product details: its own folder, and a preview's base ({@link provideBuildCacheDir}). */
interface BuildDetails {
  dir: URL;
  base: URL | null;
}

// In the build's channel (../build-channel.ts): set by the build's config
// (builder/storefront-build.ts) and by its second renderer (builder/parallel-render-worker.ts).
const buildDetails = buildSlot<BuildDetails | null>('details', null);

/**
 * Registers the cache folder of the build in progress, whose details its pages read, and for
 * a preview the release's (`base`): a preview reads anew only the details that differ at its
 * moment, and the release's stand for the others, so it copies none of them first
 * (builder/previews/preview-build.ts).
 */
export function provideBuildCacheDir(cacheDir: URL, base: URL | null = null): void {
  buildDetails.value = {
    dir: productDetailsDir(cacheDir),
    base: base === null ? null : productDetailsDir(base),
  };
}

/**
 * The details of the build in progress, from the build's channel, not from
 * `astro:config/server`: that is built into the server bundle, which a preview shares with the
 * release whose bundles it reuses (builder/astro-child.ts), and a preview's pages read the
 * preview's details.
 */
function currentDetails(): BuildDetails {
  if (buildDetails.value === null) {
    throw new Error('No cache folder registered for this build (provideBuildCacheDir).');
  }
  return buildDetails.value;
}

/** The details folder of the build in progress, where its products loader writes. */
export function buildDetailsDir(): URL {
  return currentDetails().dir;
}

/** A preview's base details folder (the release's), or null: none, or no build registered. */
export function buildDetailsBase(): URL | null {
  return buildDetails.value?.base ?? null;
}

/** The detail of article `id` in the build in progress ({@link readProductDetail}). */
export function readBuildDetail(id: number): Promise<ProductArticle> {
  const { dir, base } = currentDetails();
  return readProductDetail(dir, id, base);
}

/**
 * Empties `dir` before a load that reads every detail, so that no detail an earlier build left
 * outlives its article.
 */
export async function resetProductDetails(dir: URL): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
}

/**
 * A product page of this build: what its route and links need. The build's list of them waits
 * beside the details ({@link writeProductPages}), not in Astro's data store: Astro serialises
 * its whole store after every pause in a content sync, and at 50,000 articles their 50,000
 * entries made each of those writes 2.5 s, four of them in every campaign rebuild.
 */
export interface ProductEntry {
  article: Nameable;
  slug: string;
  /** Digest of the stored detail, so the page's cache key sees every change to it. */
  digest: string;
}

const pagesFile = (dir: URL) => new URL('pages.json', dir);

// In the build's channel: the loader runs in the dev runner's copy of this module, the pages
// in the server bundle's and the integration (builder/storefront-build.ts) in Node's.
const pendingLoad = buildSlot<Promise<void> | null>('productDetailsLoad', null);
// This build's list of product pages, read once: in the channel, not in the bundle's module,
// which a warm build process keeps after the build (builder/astro-child.ts) with all it holds.
const builtPages = buildSlot<Promise<ProductEntry[]> | null>('productPages', null);

/**
 * Hands the build the products loader's reading of the details, which goes on after the loader
 * has returned (src/content/loaders/products.ts says why); {@link productDetailsLoaded} waits
 * for it. Its failure is reported there, not as an unhandled rejection meanwhile.
 */
export function setProductDetailsLoad(load: Promise<void>): void {
  load.catch(() => undefined);
  pendingLoad.value = load;
  builtPages.value = null;
}

/**
 * Settles when this build's reading of the details has ended (at once when there is none);
 * rejects with its error. Every reader of the list or a detail waits for it, and the build's
 * integration does before the build may end, so a failed reading fails the build even where
 * no page read the list.
 */
export async function productDetailsLoaded(): Promise<void> {
  await pendingLoad.value;
}

/**
 * Writes the list of this build's product pages into `dir`, whole or not at all: a killed
 * build leaves the list before it or none, never half of one.
 */
export async function writeProductPages(dir: URL, entries: readonly ProductEntry[]): Promise<void> {
  await replaceFile(pagesFile(dir), JSON.stringify(entries));
}

/**
 * The product pages the products loader listed in `dir` during this build, read once per
 * build however many pages and lists ask; fails saying so when it left none.
 */
export function builtProductPages(dir: URL): Promise<ProductEntry[]> {
  builtPages.value ??= readProductPages(dir);
  return builtPages.value;
}

/**
 * The product pages the products loader listed in `dir` during this build; fails saying so
 * when it left none.
 */
export async function readProductPages(dir: URL): Promise<ProductEntry[]> {
  await productDetailsLoaded();
  const file = pagesFile(dir);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as ProductEntry[];
  } catch (error) {
    throw new Error(
      `No list of product pages at ${file.pathname}: the products loader writes it during the same build.`,
      { cause: error },
    );
  }
}

/** Writes `article`'s detail into `dir`; answers the JSON written, for its digest. */
export async function writeProductDetail(dir: URL, article: ProductArticle): Promise<string> {
  const json = JSON.stringify(article);
  // Where it goes, in place of any earlier one: no other folder shares the file (a preview
  // reads the live build's details where they are and writes its own into its own folder), and
  // a killed build's half-written one is never read, as the state that names the details is
  // taken away before the first is written and written after the last. One file operation,
  // not a new file and a rename, on a disk where each costs up to a millisecond.
  await writeFile(new URL(`${article.id}.json`, dir), json);
  return json;
}

/**
 * Writes `content` to `file` as a new file renamed over the old, so that `file` is always
 * whole: the old content or the new, never half of one after a kill.
 */
async function replaceFile(file: URL, content: string): Promise<void> {
  const partial = new URL(`${file.href}.partial`);
  await writeFile(partial, content);
  await rename(partial, file);
}

/**
 * The detail of article `id` that {@link writeProductDetail} left in `dir`, or, when it left
 * none there, in `base` (a preview's release, whose detail of the article is still current).
 */
export async function readProductDetail(
  dir: URL,
  id: number,
  base: URL | null = null,
): Promise<ProductArticle> {
  await productDetailsLoaded();
  const file = new URL(`${id}.json`, dir);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as ProductArticle;
  } catch (error) {
    if (base !== null && (error as NodeJS.ErrnoException).code === 'ENOENT') {
      return readProductDetail(base, id);
    }
    throw new Error(
      `The product page of article ${id} has no detail at ${file.pathname}: the products loader writes it during the same build.`,
      { cause: error },
    );
  }
}

/**
 * The shape of the stored details. Raise it whenever the mappers change what a detail holds
 * (a field added, renamed or mapped otherwise): a state of another format is not taken up, so
 * the next build reads every detail again instead of keeping ones its pages cannot show.
 * 2: `pictures` per colour. 3: `priorPrice` (the førpris). 4: each article's `listingKey`,
 * and `unshown`.
 */
export const PRODUCT_DETAIL_FORMAT = 4;

/** What a build's products loader knew, for the next build's (README: where product details wait). */
export interface ProductDetailsState {
  /** {@link PRODUCT_DETAIL_FORMAT} of the details it describes. */
  format: number;
  /** The API's change-feed cursor taken before this build read any detail. */
  cursor: string;
  /**
   * Every product page's article, with the digest of its stored detail and its listing key
   * (lib/content/catalogue-changes.ts), which tells the next build whether a change may move
   * it in a listing.
   */
  articles: Array<{ id: number; name: string; digest: string; listingKey: string }>;
  /**
   * The assortment's articles without a product page (a detail that does not map): their
   * search hits may still sit in listings, where no listing key follows them.
   */
  unshown: number[];
}

const stateFile = (dir: URL) => new URL('state.json', dir);

/** The file of the details' state in the cache folder `cacheDir` (a preview copies it). */
export function productDetailsStateFile(cacheDir: URL): URL {
  return stateFile(productDetailsDir(cacheDir));
}

/**
 * The state an earlier build left with its details, or null when there is none whole: no
 * state, an unreadable one, one of another {@link PRODUCT_DETAIL_FORMAT}, or a detail it names
 * missing from `dir` and from `base` (a preview's: the release's details folder, whose state
 * the preview's is a copy of, {@link provideBuildCacheDir}).
 */
export async function readProductDetailsState(
  dir: URL,
  base: URL | null = null,
): Promise<ProductDetailsState | null> {
  try {
    const state = JSON.parse(await readFile(stateFile(dir), 'utf8')) as ProductDetailsState;
    const files = new Set([...(await readdir(dir)), ...(base === null ? [] : await readdir(base))]);
    return state.format === PRODUCT_DETAIL_FORMAT &&
      typeof state.cursor === 'string' &&
      Array.isArray(state.articles) &&
      Array.isArray(state.unshown) &&
      state.articles.every((a) => files.has(`${a.id}.json`))
      ? state
      : null;
  } catch {
    return null;
  }
}

/**
 * Forgets the state, before a load changes any detail: a load that fails half-way must not
 * leave a state that no longer matches the details.
 */
export async function forgetProductDetailsState(dir: URL): Promise<void> {
  await rm(stateFile(dir), { force: true });
}

/** Keeps `state` beside the details it describes, once they are all written. */
export async function writeProductDetailsState(
  dir: URL,
  state: ProductDetailsState,
): Promise<void> {
  await replaceFile(stateFile(dir), JSON.stringify(state));
}

/** Removes the detail of article `id` from `dir` (the article has no product page now). */
export async function removeProductDetail(dir: URL, id: number): Promise<void> {
  await rm(new URL(`${id}.json`, dir), { force: true });
}
