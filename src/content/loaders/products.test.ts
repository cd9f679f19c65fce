import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api/client.ts';
import type { CatalogueChanges } from '../../lib/content/catalogue-changes.ts';
import type { ArticleDetail } from '../../lib/types.ts';

/** The details the API answers, by id; null where the article does not map. */
let details = new Map<number, ArticleDetail | null>();
let failing: number | null = null;
/** The change feed: null when the API does not offer it; else what it names since any cursor. */
let feed: { articleIds: number[] | null } | null = null;
/** The cursors the loader asked the feed with, and the ids whose detail it read. */
let asked: Array<string | undefined> = [];
let reads: number[] = [];
/** How many `articles/details` calls the API answers before it answers as one without them. */
let batchCalls = Infinity;
/** The ids of each `articles/details` call, and an id their answers leave out. */
let batches: number[][] = [];
let leftOut: number | null = null;
/** While set, every detail read waits for it. */
let gate: Promise<void> | null = null;
/** What each load reported to the listings loader. */
let reported: CatalogueChanges[] = [];

vi.mock('../../lib/api/catalogue.ts', () => ({
  getArticleChanges: (cursor: string | undefined) => {
    asked.push(cursor);
    return Promise.resolve(
      feed && { cursor: `c${String(asked.length)}`, articleIds: cursor ? feed.articleIds : null },
    );
  },
  searchArticleIds: () => Promise.resolve({ total: details.size, ids: [...details.keys()] }),
  getArticleDetails: async (ids: number[]) => {
    if (batches.length >= batchCalls) return null;
    batches.push([...ids]);
    reads.push(...ids);
    await gate;
    if (failing !== null && ids.includes(failing)) throw new Error('500 Server Error');
    const known = ids.filter((id) => details.has(id) && id !== leftOut);
    return new Map(known.map((id) => [id, structuredClone(details.get(id) ?? null)]));
  },
  getArticle: async (id: number) => {
    reads.push(id);
    await gate;
    if (id === failing) throw new Error('500 Server Error');
    return structuredClone(details.get(id) ?? null);
  },
}));

const { productsLoader } = await import('./products.ts');
const {
  closeProductDetails,
  eachProductDetail,
  PRODUCT_DETAIL_FORMAT,
  productDetailsDir,
  readProductPages,
  storedProductDetails,
  updateProductDetails,
} = await import('../../lib/content/product-details.ts');

const detail = (id: number, name: string, changes: Partial<ArticleDetail> = {}) =>
  ({
    id,
    name,
    price: 99900,
    visible: true,
    variants: [{ id: id * 10, ean: '7000000000011', availability: 2, shops: [{ id: 4, qty: 3 }] }],
    availability: { articleId: id, variants: [] },
    ...changes,
  }) as unknown as ArticleDetail;

let root = '';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'products-loader-'));
  failing = null;
  batchCalls = Infinity;
  batches = [];
  leftOut = null;
  gate = null;
  feed = null;
  asked = [];
  reads = [];
  reported = [];
});
afterEach(() => {
  closeProductDetails();
  rmSync(root, { recursive: true, force: true });
});

/**
 * Runs the loader as a build would; answers the product pages it listed, by id. Astro's data
 * store must stay empty (lib/content/product-details.ts says why).
 */
async function load(): Promise<Map<string, unknown>> {
  const stored = new Map<string, unknown>();
  await startLoad(stored);
  expect(stored.size).toBe(0);
  const pages = await listedPages();
  return new Map(pages.map((page) => [String(page.article.id), page]));
}

/**
 * Calls the loader with the context a build gives it, its data store `stored`; settles when
 * the loader returns, which is before its reading of the details ends.
 */
async function startLoad(stored = new Map<string, unknown>()): Promise<void> {
  const context = {
    store: {
      clear: () => stored.clear(),
      set: ({ id, data }: { id: string; data: unknown }) => stored.set(id, data),
    },
    logger: { info: () => undefined },
    config: { cacheDir: pathToFileURL(`${root}/`) },
    generateDigest: (data: string) => createHash('sha256').update(data).digest('hex'),
  };
  await productsLoader(
    () => ({}) as ApiClient,
    (changes) => reported.push(changes),
  ).load(context as unknown as LoaderContext);
}

/** The product pages the last reading listed, once it has ended. */
const listedPages = () => readProductPages(productDetailsDir(pathToFileURL(`${root}/`)));

/** Makes every detail read wait until the function it answers is called. */
function holdReads(): () => void {
  let open = () => undefined as void;
  gate = new Promise((resolve) => (open = resolve));
  return () => open();
}
const detailsDir = () => productDetailsDir(pathToFileURL(`${root}/`));
/** Whether the details hold article `id`'s. */
const isStored = (id: number) => storedProductDetails(detailsDir()).has(id);
/** The detail of article `id` the details hold. */
function storedDetail(id: number): unknown {
  let found: unknown = null;
  eachProductDetail(detailsDir(), [id], (stored) => (found = stored));
  return found;
}

describe('productsLoader', () => {
  it("lists the product pages' route data and keeps each visible article's detail on disk", async () => {
    details = new Map([
      [1, detail(1, 'Vinterjakke')],
      [2, detail(2, 'Vinterlue')],
      [3, detail(3, 'Skjult lue', { visible: false })],
      [4, null],
    ]);
    await updateProductDetails(detailsDir(), (stored) =>
      Promise.resolve(stored.write(detail(5, 'Gammel lue'))),
    );
    const stored = await load();
    expect([...stored.keys()]).toEqual(['1', '2']);
    expect(stored.get('1')).toEqual({
      article: { id: 1, name: 'Vinterjakke' },
      slug: 'vinterjakke',
      digest: expect.any(String),
    });
    expect(stored.get('2')).toMatchObject({ slug: 'vinterlue' });
    const { availability, ...shown } = detail(1, 'Vinterjakke');
    void availability;
    expect(storedDetail(1)).toEqual(shown);
    expect([3, 4, 5].map(isStored)).toEqual([false, false, false]);
  });

  it('gives an entry a new digest when anything its page shows changes, and only then', async () => {
    details = new Map([[1, detail(1, 'Vinterjakke')]]);
    const digest = async () => ((await load()).get('1') as { digest: string }).digest;
    const before = await digest();
    expect(await digest()).toBe(before);
    const variant = detail(1, 'Vinterjakke').variants[0];
    for (const changes of [
      { price: 79900 },
      { variants: [{ ...variant, shops: [{ id: 4, qty: 2 }] }] },
      { campaigns: [{ id: 1, price: 49900 }] },
      { group2: 'Dunjakker' },
    ] as Array<Partial<ArticleDetail>>) {
      details = new Map([[1, detail(1, 'Vinterjakke', changes)]]);
      expect(await digest(), JSON.stringify(changes)).not.toBe(before);
    }
  });

  it('returns before the details are read, and the list waits for them', async () => {
    details = new Map([[1, detail(1, 'Vinterjakke')]]);
    const open = holdReads();
    await startLoad();
    let listed = false;
    const list = listedPages().then((pages) => {
      listed = true;
      return pages;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listed).toBe(false);
    expect(isStored(1)).toBe(false);
    open();
    expect((await list).map((page) => page.slug)).toEqual(['vinterjakke']);
    expect(isStored(1)).toBe(true);
  });

  it('starts a reading only once the last one has ended', async () => {
    details = new Map([[1, detail(1, 'Vinterjakke')]]);
    const open = holdReads();
    await startLoad();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toEqual([1]);
    // As `astro dev` loads again while the first reading still waits for the API.
    await startLoad();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toEqual([1]);
    open();
    await listedPages();
    expect(reads).toEqual([1, 1]);
  });

  it('fails the build naming the article whose detail could not be loaded', async () => {
    details = new Map([[1, detail(1, 'Vinterjakke')]]);
    failing = 1;
    await expect(load()).rejects.toThrow(
      'Could not load article 1 for its product page: 500 Server Error',
    );
  });

  it('reads the details a hundred a call, and lists every visible article', async () => {
    details = new Map(
      Array.from({ length: 250 }, (_, i) => [i + 1, detail(i + 1, `Lue ${String(i + 1)}`)]),
    );
    details.set(7, detail(7, 'Skjult lue', { visible: false }));
    const pages = await load();
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(reads.sort((a, b) => a - b)).toEqual([...details.keys()]);
    expect(pages.size).toBe(249);
    expect(pages.has('7')).toBe(false);
    expect(isStored(250)).toBe(true);
  });

  it('reads each detail on its own where the API does not offer the batch call', async () => {
    details = new Map([
      [1, detail(1, 'Vinterjakke')],
      [2, detail(2, 'Vinterlue')],
      [3, detail(3, 'Skjult lue', { visible: false })],
      [4, null],
    ]);
    batchCalls = 0;
    const pages = await load();
    expect(batches).toEqual([]);
    expect(reads.sort()).toEqual([1, 2, 3, 4]);
    expect([...pages.keys()]).toEqual(['1', '2']);
    expect(isStored(2)).toBe(true);
  });

  it('asks for no details when the feed names none', async () => {
    feed = { articleIds: [] };
    details = new Map([[1, detail(1, 'Vinterjakke')]]);
    await load();
    batches = [];
    reads = [];
    const pages = await load();
    expect(batches).toEqual([]);
    expect(reads).toEqual([]);
    expect([...pages.keys()]).toEqual(['1']);
  });

  it('fails the build naming an article the batch answer leaves out', async () => {
    details = new Map([
      [1, detail(1, 'Vinterjakke')],
      [2, detail(2, 'Vinterlue')],
    ]);
    leftOut = 2;
    await expect(load()).rejects.toThrow(
      "Could not load article 2 for its product page: the API's answer left it out",
    );
  });

  it('fails the build when the batch call stops being answered after the first', async () => {
    details = new Map(
      Array.from({ length: 150 }, (_, i) => [i + 1, detail(i + 1, `Lue ${String(i + 1)}`)]),
    );
    batchCalls = 1;
    await expect(load()).rejects.toThrow('the API no longer answers articles/details');
    expect(reads).toHaveLength(100);
  });

  describe('with the change feed', () => {
    const digests = (stored: Map<string, unknown>) =>
      Object.fromEntries([...stored].map(([id, e]) => [id, (e as { digest: string }).digest]));

    it('reads again only the changed articles and those new to the assortment', async () => {
      feed = { articleIds: [] };
      details = new Map([
        [1, detail(1, 'Vinterjakke')],
        [2, detail(2, 'Vinterlue')],
        [3, detail(3, 'Votter')],
      ]);
      const first = digests(await load());
      expect(reads).toEqual([1, 2, 3]);

      reads = [];
      feed = { articleIds: [2, 99] };
      details.set(2, detail(2, 'Vinterlue', { price: 19900 }));
      details.set(4, detail(4, 'Skaut'));
      details.delete(3);
      const second = await load();
      expect(asked).toEqual([undefined, 'c1']);
      expect(reads.sort()).toEqual([2, 4]);
      expect([...second.keys()]).toEqual(['1', '2', '4']);
      expect(digests(second)['1']).toBe(first['1']);
      expect(digests(second)['2']).not.toBe(first['2']);
      expect(storedDetail(2)).toMatchObject({ price: 19900 });
      expect(isStored(3)).toBe(false);
    });

    it('tells the listings loader which articles changed only their cards, or that any listing may have moved', async () => {
      feed = { articleIds: [] };
      details = new Map([
        [1, detail(1, 'Vinterjakke', { articleGroup3ID: 7 })],
        [2, detail(2, 'Vinterlue', { articleGroup3ID: 8 })],
      ]);
      await load();
      const told = async () => {
        const changes = reported.at(-1);
        return { ...changes, cards: await changes?.cards };
      };
      // The first load has nothing to count changes from.
      expect(await told()).toEqual({ since: null, cursor: 'c1', named: null, cards: null });

      feed = { articleIds: [2] };
      details.set(2, detail(2, 'Vinterlue', { articleGroup3ID: 8, price: 19900 }));
      await load();
      expect(await told()).toEqual({ since: 'c1', cursor: 'c2', named: 1, cards: new Set([2]) });

      for (const moved of [
        { articleGroup3ID: 9 },
        { name: 'Vinterlue, rød' },
        { genderId: 3 },
        { visible: false },
      ] as Array<Partial<ArticleDetail>>) {
        details.set(2, detail(2, 'Vinterlue', { articleGroup3ID: 8, ...moved }));
        await load();
        expect((await told()).cards, JSON.stringify(moved)).toBeNull();
        details.set(2, detail(2, 'Vinterlue', { articleGroup3ID: 8 }));
        await load();
      }

      // An article new to the assortment, though the feed names none.
      feed = { articleIds: [] };
      details.set(3, detail(3, 'Votter'));
      await load();
      expect((await told()).cards).toBeNull();
    });

    it('tells the listings loader that any listing may have moved when a changed article has no product page', async () => {
      feed = { articleIds: [] };
      // Article 4 is in the assortment, but its detail does not map: its search hit may still
      // be in listings, and no listing key follows it.
      details = new Map([
        [1, detail(1, 'Vinterjakke')],
        [4, null],
      ]);
      await load();
      feed = { articleIds: [1] };
      await load();
      expect(await reported.at(-1)?.cards).toEqual(new Set([1]));
      feed = { articleIds: [1, 4] };
      await load();
      expect(await reported.at(-1)?.cards).toBeNull();
    });

    it('tells the listings loader that nothing is known when the reading fails', async () => {
      feed = { articleIds: [] };
      details = new Map([[1, detail(1, 'Vinterjakke')]]);
      await load();
      feed = { articleIds: [1] };
      failing = 1;
      const before = reported.length;
      await expect(load()).rejects.toThrow('Could not load article 1');
      // What the feed named was told first; the cards then settle as unknown.
      expect(reported[before]).toMatchObject({ since: 'c1', named: 1 });
      expect(await reported[before]?.cards).toBeNull();
    });

    it('reads every detail when the feed answers "all" or a detail of the last build is gone', async () => {
      feed = { articleIds: [] };
      details = new Map([
        [1, detail(1, 'Vinterjakke')],
        [2, detail(2, 'Vinterlue')],
      ]);
      await load();
      reads = [];
      feed = { articleIds: null };
      await load();
      expect(reads.sort()).toEqual([1, 2]);

      reads = [];
      feed = { articleIds: [] };
      const db = new DatabaseSync(new URL('details.sqlite', detailsDir()).pathname);
      db.exec('DELETE FROM details WHERE id = 1');
      db.close();
      await load();
      expect(reads.sort()).toEqual([1, 2]);
      expect(isStored(1)).toBe(true);
    });

    it('reads every detail when the last build stored them in another format', async () => {
      feed = { articleIds: [] };
      details = new Map([
        [1, detail(1, 'Vinterjakke')],
        [2, detail(2, 'Vinterlue')],
      ]);
      await load();
      const stateFile = join(root, 'product-details', 'state.json');
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { format: number };
      expect(state.format).toBe(PRODUCT_DETAIL_FORMAT);
      writeFileSync(stateFile, JSON.stringify({ ...state, format: PRODUCT_DETAIL_FORMAT - 1 }));
      reads = [];
      await load();
      expect(reads.sort()).toEqual([1, 2]);
    });

    it('after a failed load, reads every detail again', async () => {
      feed = { articleIds: [] };
      details = new Map([
        [1, detail(1, 'Vinterjakke')],
        [2, detail(2, 'Vinterlue')],
      ]);
      await load();
      feed = { articleIds: [1, 2] };
      failing = 2;
      await expect(load()).rejects.toThrow(
        'Could not load articles 1, 2 for their product pages: 500 Server Error',
      );
      failing = null;
      reads = [];
      feed = { articleIds: [] };
      await load();
      expect(reads.sort()).toEqual([1, 2]);
    });
  });
});
