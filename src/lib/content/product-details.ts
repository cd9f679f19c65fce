import { existsSync, mkdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { buildSlot } from '../build-channel.ts';
import type { Nameable } from '../domain/slug.ts';
import type { ArticleDetail } from '../types.ts';
import { readJsonFile, replaceJsonFile } from './written-files.ts';

/**
 * What a product page shows of its article: the detail without `availability`, the live
 * stock that the page fetches after load.
 */
export type ProductArticle = Omit<ArticleDetail, 'availability'>;

/**
 * Where a build keeps its product pages' article details: in the build's cache folder, the
 * JSON of each article in one SQLite database there ({@link updateProductDetails}). The
 * products loader writes each as it arrives and each product page reads its own while it
 * renders, so at most a few are in memory at once. Astro's data store would hold them all
 * three times over: while it is written, while the build bundles it into the server code, and
 * while the pages render (docs/architecture.md: where product details wait).
 */
export function productDetailsDir(cacheDir: URL): URL {
  return new URL('product-details/', cacheDir);
}

/**
 * A build's cache folder, and its product details: its own folder, and a preview's base
 * ({@link provideBuildCacheDir}).
 */
interface BuildDetails {
  cacheDir: URL;
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
  // A build that failed left its databases open; this one opens what it reads anew.
  closeProductDetails();
  buildDetails.value = {
    cacheDir,
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

/** The cache folder of the build in progress, where its loaders keep what pages read. */
export function buildCacheDir(): URL {
  return currentDetails().cacheDir;
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
  closeDatabase(dir);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
}

/**
 * The details' database in a folder: one file, not one per article. On this kind of disk a new
 * file costs 0.6 to 0.8 ms of the kernel's time (ext4 without a journal passes over every
 * inode freed in the last minutes, and each release frees thousands), so 5,000 details as files
 * took 3 to 4 s of a full build's 20, on the core that bundled the site meanwhile.
 */
const databaseFile = (dir: URL) => new URL('details.sqlite', dir);

/** The statement that finds an article's detail ({@link detailFound}). */
const DETAIL_QUERY = 'SELECT json FROM details WHERE id = ?';

/** The detail of article `id` that `get`, a {@link DETAIL_QUERY}, finds; undefined if none. */
function detailFound(get: StatementSync, id: number): ProductArticle | undefined {
  const row = get.get(id);
  return row === undefined ? undefined : (JSON.parse(row['json'] as string) as ProductArticle);
}

/** An open details database with its statements, prepared once. */
interface DetailsDatabase {
  db: DatabaseSync;
  get: StatementSync;
  put: StatementSync;
  remove: StatementSync;
  ids: StatementSync;
}

// In the build's channel, so that the loader (the dev runner's copy of this module), the pages
// (the bundle's) and the integration that closes them at the build's end (Node's) share them.
// A worker thread has its own, which end with it.
const databases = buildSlot<Map<string, DetailsDatabase>>('detailsDatabases', new Map());

/**
 * The open details database of `dir`; null when there is none and `create` is false. A kill
 * loses nothing written and half-written nothing: SQLite takes an unfinished transaction back
 * when the database is next opened. `synchronous = OFF`: the database is a cache that the
 * details' state vouches for, so it need not survive a crash of the machine, only of the build.
 */
function database(dir: URL, create: boolean): DetailsDatabase | null {
  const file = fileURLToPath(databaseFile(dir));
  const open = databases.value.get(file);
  if (open !== undefined) return open;
  if (!create && !existsSync(file)) return null;
  mkdirSync(dir, { recursive: true });
  const db = new DatabaseSync(file, { timeout: 10_000 });
  try {
    // The index holds only the ids, so listing them reads it, not every detail's pages: 5 ms
    // instead of 0.15 s at 50,000 articles, in every build's check of its state.
    db.exec(`PRAGMA synchronous = OFF;
      CREATE TABLE IF NOT EXISTS details (id INTEGER PRIMARY KEY, json TEXT NOT NULL) STRICT;
      CREATE INDEX IF NOT EXISTS details_ids ON details (id);`);
  } catch (error) {
    db.close();
    throw error;
  }
  const opened: DetailsDatabase = {
    db,
    get: db.prepare(DETAIL_QUERY),
    put: db.prepare('INSERT OR REPLACE INTO details (id, json) VALUES (?, ?)'),
    remove: db.prepare('DELETE FROM details WHERE id = ?'),
    ids: db.prepare('SELECT json_group_array(id) AS ids FROM details'),
  };
  databases.value.set(file, opened);
  return opened;
}

function closeDatabase(dir: URL): void {
  const file = fileURLToPath(databaseFile(dir));
  databases.value.get(file)?.db.close();
  databases.value.delete(file);
}

/**
 * Closes the details databases this thread opened: at the end of a build (its integration,
 * builder/storefront-build.ts) and at the start of the next, so that no folder a build removes
 * (a preview's cache) stays open in a warm build process.
 */
export function closeProductDetails(): void {
  for (const { db } of databases.value.values()) db.close();
  databases.value.clear();
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
  await replaceJsonFile(pagesFile(dir), entries);
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
    return (await readJsonFile(file)) as ProductEntry[];
  } catch (error) {
    throw new Error(
      `No list of product pages at ${file.pathname}: the products loader writes it during the same build.`,
      { cause: error },
    );
  }
}

/** Writes into a details folder, within {@link updateProductDetails}. */
export interface ProductDetailsWriter {
  /** Writes `article`'s detail in place of any earlier one; answers its JSON, for its digest. */
  write(article: ProductArticle): string;
  /** Removes the detail of article `id` (the article has no product page now). */
  remove(id: number): void;
}

/**
 * Runs `update` on the details in `dir` as one transaction: all its writes are kept, or none
 * when it fails or the build is killed meanwhile. No other folder shares the database: a
 * preview reads the live build's details where they are and writes its own into its own folder.
 */
export async function updateProductDetails<T>(
  dir: URL,
  update: (details: ProductDetailsWriter) => Promise<T>,
): Promise<T> {
  const details = database(dir, true) as DetailsDatabase;
  let open = true;
  // A task that `update` started and did not wait for (a failed reading's others) writes
  // nothing more once the transaction has ended, and learns so.
  const during = <A extends unknown[], R>(write: (...args: A) => R) => {
    return (...args: A): R => {
      if (!open) throw new Error(`The details in ${dir.pathname} were written after their update.`);
      return write(...args);
    };
  };
  details.db.exec('BEGIN');
  try {
    const done = await update({
      write: during((article: ProductArticle) => {
        const json = JSON.stringify(article);
        details.put.run(article.id, json);
        return json;
      }),
      remove: during((id: number) => {
        details.remove.run(id);
      }),
    });
    details.db.exec('COMMIT');
    return done;
  } catch (error) {
    details.db.exec('ROLLBACK');
    throw error;
  } finally {
    open = false;
  }
}

/**
 * The detail of article `id` that the products loader left in `dir`, or, when it left none
 * there, in `base` (a preview's release, whose detail of the article is still current).
 */
export async function readProductDetail(
  dir: URL,
  id: number,
  base: URL | null = null,
): Promise<ProductArticle> {
  await productDetailsLoaded();
  return storedDetail(dir, id, base);
}

function storedDetail(dir: URL, id: number, base: URL | null): ProductArticle {
  const stored = database(dir, false);
  const detail = stored === null ? undefined : detailFound(stored.get, id);
  if (detail !== undefined) return detail;
  if (base !== null) return storedDetail(base, id, null);
  throw new Error(
    `The product page of article ${String(id)} has no detail in ${fileURLToPath(databaseFile(dir))}: the products loader writes it during the same build.`,
  );
}

/**
 * Calls `each` with the detail of every article of `ids` that the products loader left in
 * `dir`, for a reader outside the build (builder/price-records.ts), which opens the database
 * for this reading only, and not at all for no ids.
 */
export function eachProductDetail(
  dir: URL,
  ids: readonly number[],
  each: (detail: ProductArticle) => void,
): void {
  if (ids.length === 0) return;
  const db = new DatabaseSync(fileURLToPath(databaseFile(dir)), {
    readOnly: true,
    timeout: 10_000,
  });
  try {
    const get = db.prepare(DETAIL_QUERY);
    for (const id of ids) {
      const detail = detailFound(get, id);
      if (detail === undefined) {
        throw new Error(
          `Article ${String(id)} has no detail in ${fileURLToPath(databaseFile(dir))}.`,
        );
      }
      each(detail);
    }
  } finally {
    db.close();
  }
}

/** The articles whose details are in `dir`. */
export function storedProductDetails(dir: URL): Set<number> {
  const ids = database(dir, false)?.ids.get()?.['ids'];
  // One JSON array, not a row object per id: a fifth of the time at 50,000 (4.5 ms, not 22).
  return new Set(typeof ids === 'string' ? (JSON.parse(ids) as number[]) : []);
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
    const state = (await readJsonFile(stateFile(dir))) as ProductDetailsState;
    const stored = storedProductDetails(dir);
    const inBase = base === null ? new Set<number>() : storedProductDetails(base);
    return state.format === PRODUCT_DETAIL_FORMAT &&
      typeof state.cursor === 'string' &&
      Array.isArray(state.articles) &&
      Array.isArray(state.unshown) &&
      state.articles.every((a) => stored.has(a.id) || inBase.has(a.id))
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
  await replaceJsonFile(stateFile(dir), state);
}
