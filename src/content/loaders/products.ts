import type { Loader, LoaderContext } from 'astro/loaders';
import { ARTICLE_DETAILS_MAX } from '../../../contract/catalogue.ts';
import {
  getArticle,
  getArticleChanges,
  getArticleDetails,
  searchArticleIds,
} from '../../lib/api/catalogue.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import {
  forgetProductDetailsState,
  PRODUCT_DETAIL_FORMAT,
  productDetailsLoaded,
  productDetailsDir,
  buildDetailsBase,
  readProductDetailsState,
  resetProductDetails,
  setProductDetailsLoad,
  updateProductDetails,
  writeProductDetailsState,
  writeProductPages,
  type ProductEntry,
} from '../../lib/content/product-details.ts';
import {
  cardChanges,
  listingKey,
  UNKNOWN_CHANGES,
  type CatalogueChanges,
} from '../../lib/content/catalogue-changes.ts';
import { uniqueSlugs } from '../../lib/domain/slug.ts';
import { mapWithLimit } from '../../lib/map-with-limit.ts';
import type { ArticleDetail } from '../../lib/types.ts';

/**
 * One-article detail requests in flight at once, where the API lacks the batch call: enough to
 * keep the API busy, few enough to be polite.
 */
export const PRODUCT_FETCH_CONCURRENCY = 12;

/** Calls of a hundred details in flight at once: the API's work, not the wire, is the wait. */
export const DETAIL_BATCH_CONCURRENCY = 3;

/**
 * Every visible article of the brand's assortment, for the pre-rendered product pages: ids
 * from `POST articles/searchids` (the client is scoped to the brand), then their details a
 * hundred a call (`GET articles/details`, or `articles/{id}` for each where the API lacks it),
 * a few calls at once, each detail written to disk as it arrives. Articles that fail to map
 * or are not visible are left out; a failed request fails the build, naming the articles.
 *
 * A rebuild reads again only what changed: where the API offers the change feed
 * (`GET articles/changes`), the details of the last build stay on disk with its cursor, and
 * only the articles the feed names, and those new to the assortment, are read. When the feed
 * answers "all", is not offered, or the last build left no whole state (or one of details in
 * another format: PRODUCT_DETAIL_FORMAT), every detail is read.
 *
 * The list of product pages goes beside the details (`writeProductPages`), and the data store
 * gets no entry: see `ProductEntry` for why. So Astro need not wait for the reading either:
 * the loader hands it to the build (`setProductDetailsLoad`) and returns, Astro bundles the
 * site (Vite's two builds, 2 to 3 s) while the details arrive, and whatever reads the list or
 * a detail waits for the reading's end, failing with its error.
 *
 * The reading tells `report` what changed since the last build, once the feed has answered,
 * for the listings loader (lib/content/catalogue-changes.ts); a reading that fails reports
 * that nothing is known.
 */
export function productsLoader(
  client: () => ApiClient,
  report: (changes: CatalogueChanges) => void,
): Loader {
  return {
    name: 'products',
    load: (context) => {
      // One reading at a time: `astro dev` loads again when the content config changes, and
      // the last reading may still be writing into the same folder.
      const last = productDetailsLoaded().catch(() => undefined);
      setProductDetailsLoad(last.then(() => loadProducts(client(), context, report)));
      return Promise.resolve();
    },
  };
}

async function loadProducts(
  api: ApiClient,
  context: LoaderContext,
  report: (changes: CatalogueChanges) => void,
): Promise<void> {
  const cards = Promise.withResolvers<ReadonlySet<number> | null>();
  const read = readDetails(
    api,
    context,
    (changes) => report({ ...changes, cards: cards.promise }),
    cards.resolve,
  );
  // Whatever fails, the listings loader asks for every listing: told so here when the feed
  // had not answered yet, by the cards when it had.
  read.catch(() => {
    report(UNKNOWN_CHANGES);
    cards.resolve(null);
  });
  await read;
}

/**
 * Reads what changed into the details' folder. Tells `report` what the feed named as soon as
 * it has answered, and `settle` the ids whose cards alone changed once the details are read
 * (lib/content/catalogue-changes.ts).
 */
async function readDetails(
  api: ApiClient,
  { logger, config, generateDigest }: LoaderContext,
  report: (changes: Omit<CatalogueChanges, 'cards'>) => void,
  settle: (cards: ReadonlySet<number> | null) => void,
): Promise<void> {
  const started = performance.now();
  const dir = productDetailsDir(config.cacheDir);
  // A preview's state names the release's details, which its pages read where they are.
  const previous = await readProductDetailsState(dir, buildDetailsBase());
  await forgetProductDetailsState(dir);
  // Asked before any detail is read, so a change made meanwhile is named again next time. The
  // assortment beside it: an article it gains meanwhile is read next time as new to it.
  const [changes, { ids }] = await Promise.all([
    getArticleChanges(previous?.cursor, api),
    searchArticleIds({ query: '' }, api),
  ]);
  const changed = new Set(changes?.articleIds ?? []);
  const kept =
    previous && changes?.articleIds ? new Map(previous.articles.map((a) => [a.id, a])) : null;
  report({
    since: kept ? (previous?.cursor ?? null) : null,
    cursor: changes?.cursor ?? null,
    named: kept ? changed.size : null,
  });
  if (!kept) await resetProductDetails(dir);
  const toRead = kept ? ids.filter((id) => changed.has(id) || !kept.has(id)) : ids;
  const keys = (list: Iterable<{ id: number; listingKey: string }>) =>
    new Map([...list].map((a) => [a.id, a.listingKey]));
  const { read, articles, after } = await updateProductDetails(dir, async (details) => {
    const read = await readArticleDetails(api, toRead, (id, detail) => {
      if (detail === null || !detail.visible) return [id, null] as const;
      // The page fetches live stock after load; the built copy of it would only add weight.
      const { availability, ...article } = detail;
      void availability;
      const json = details.write(article);
      return [
        id,
        { id, name: article.name, digest: generateDigest(json), listingKey: listingKey(article) },
      ] as const;
    });
    const fresh = new Map(read);
    const articles = ids.flatMap((id) => {
      const article = fresh.has(id) ? fresh.get(id) : kept?.get(id);
      return article ? [article] : [];
    });
    const after = keys(articles);
    if (kept) for (const id of kept.keys()) if (!after.has(id)) details.remove(id);
    return { read, articles, after };
  });
  const unshown = ids.filter((id) => !after.has(id));
  settle(
    kept
      ? cardChanges(
          keys(kept.values()),
          after,
          changed,
          new Set([...(previous?.unshown ?? []), ...unshown]),
        )
      : null,
  );
  if (changes) {
    await writeProductDetailsState(dir, {
      format: PRODUCT_DETAIL_FORMAT,
      cursor: changes.cursor,
      articles,
      unshown,
    });
  }
  // Names are unique in the chain's data; a clash is warned of and settled by id.
  const slugs = uniqueSlugs(articles, 'article');
  await writeProductPages(
    dir,
    articles.map(({ id, name, digest }): ProductEntry => ({
      article: { id, name },
      slug: slugs.get(id) ?? String(id),
      digest,
    })),
  );
  logger.info(
    `${articles.length} product pages' data in ${((performance.now() - started) / 1000).toFixed(1)} s (${toRead.length} details read, ${articles.length - read.filter(([, a]) => a !== null).length} kept from the last build)`,
  );
}

/**
 * Reads the details of `ids`, handing each to `take` as its call answers (null: the article
 * does not map): `ARTICLE_DETAILS_MAX` a call (`GET articles/details`), or, where the API does
 * not offer that call (a 4xx to the first), one call per article (`GET articles/{id}`). A
 * failed call, or an article its answer leaves out, fails the reading, naming the articles.
 */
async function readArticleDetails<R>(
  api: ApiClient,
  ids: readonly number[],
  take: (id: number, detail: ArticleDetail | null) => R,
): Promise<R[]> {
  // Nothing to read asks nothing: a call of no ids is a 422, which would read as "not offered".
  if (ids.length === 0) return [];
  const [first = [], ...rest] = inBatches(ids, ARTICLE_DETAILS_MAX);
  const firstAnswer = await reading(first, () => getArticleDetails(first, api));
  if (firstAnswer === null) {
    return mapWithLimit(ids, PRODUCT_FETCH_CONCURRENCY, async (id) =>
      take(id, await reading([id], () => getArticle(id, api))),
    );
  }
  const taken = (batch: readonly number[], answer: Map<number, ArticleDetail | null>) =>
    batch.map((id) => {
      const detail = answer.get(id);
      if (detail === undefined) {
        throw new Error(
          `Could not load article ${String(id)} for its product page: the API's answer left it out`,
        );
      }
      return take(id, detail);
    });
  const firstTaken = taken(first, firstAnswer);
  const later = await mapWithLimit(rest, DETAIL_BATCH_CONCURRENCY, async (batch) => {
    const answer = await reading(batch, () => getArticleDetails(batch, api));
    if (answer === null) {
      throw new Error(
        `Could not load articles ${batch.join(', ')} for their product pages: the API no longer answers articles/details`,
      );
    }
    return taken(batch, answer);
  });
  return [...firstTaken, ...later.flat()];
}

/** `ids` in runs of at most `size`. */
function inBatches(ids: readonly number[], size: number): number[][] {
  return Array.from({ length: Math.ceil(ids.length / size) }, (_, i) =>
    ids.slice(i * size, (i + 1) * size),
  );
}

/** The answer of `call`, which reads the details of `ids`; its failure names them. */
async function reading<T>(ids: readonly number[], call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const which =
      ids.length === 1
        ? `article ${String(ids[0])} for its product page`
        : `articles ${ids.join(', ')} for their product pages`;
    throw new Error(`Could not load ${which}: ${reason}`, { cause: error });
  }
}
