import type { LoaderContext } from 'astro/loaders';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Brand as BrandConfig } from '../../brands/schema.ts';
import type { StartupData } from '../../lib/api/startup.ts';
import type { CatalogueChanges } from '../../lib/content/catalogue-changes.ts';
import { readListings, type ListingEntry } from '../../lib/content/listings.ts';
import type { ListingPlan } from '../../lib/routes/listing-plan.ts';
import type { Article } from '../../lib/types.ts';

/** Page one of each listing as the API answers it: its total and its articles' ids. */
let answers: Record<string, { total: number; ids: number[] }> = {};
/** The listings asked for, by path. */
let asked: string[] = [];
/** Each article's price, so a change shows on its cards. */
let prices = new Map<number, number>();

const plan = (path: string, parent: string | null, source: ListingPlan['source']) =>
  ({
    path,
    title: path,
    parent,
    trail: [],
    children: [],
    // Each search listing's own group, so the fake API tells them apart.
    scope:
      source.kind === 'search'
        ? { group3: [[...path].reduce((n, c) => n * 31 + c.charCodeAt(0), 0)] }
        : {},
    source,
    knownCount: null,
    priceRange: { min: 0, max: 100 },
    productLines: [],
  }) as ListingPlan;
let plans: ListingPlan[] = [];

const card = (id: number) =>
  ({
    id,
    name: `Vare ${String(id)}`,
    price: prices.get(id) ?? 10000,
    campaigns: [],
    colorGroups: [],
    available: [],
  }) as unknown as Article;
const answer = (path: string) => {
  asked.push(path);
  const { total, ids } = answers[path] ?? { total: 0, ids: [] };
  return { total, articles: ids.map(card) };
};

vi.mock('../../lib/api/startup.ts', () => ({ buildTimeClient: () => ({}) }));
vi.mock('../../lib/routes/listing-plan.ts', async (actual) => ({
  ...(await actual()),
  planListings: () => plans,
}));
vi.mock('../../lib/api/catalogue.ts', () => ({
  CATEGORY_PAGE_SIZE: 20,
  getCategoryArticles: (id: number) => {
    const { total, articles } = answer(
      plans.find((p) => p.source.kind === 'category' && p.source.id === id)?.path ?? '',
    );
    return Promise.resolve({ items: articles, page: { total } });
  },
  searchArticles: ({ filters }: { filters: { group3: number[] } }) =>
    Promise.resolve(
      answer(plans.find((p) => p.scope.group3?.[0] === filters.group3[0])?.path ?? ''),
    ),
}));

const { listingsLoader } = await import('./listings.ts');

/**
 * Astro's data store and meta store of the collection, and the cache folder the listings go
 * to, kept from load to load.
 */
let stored = new Map<string, Record<string, unknown>>();
let meta = new Map<string, string>();
const cacheDirs: string[] = [];
let cacheDir = newCacheDir();

function newCacheDir(): URL {
  const dir = mkdtempSync(join(tmpdir(), 'listings-'));
  cacheDirs.push(dir);
  return pathToFileURL(`${dir}/`);
}

afterAll(() => {
  for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  plans = [
    plan('/klaer', null, { kind: 'category', id: 1 }),
    plan('/klaer/jakker', '/klaer', { kind: 'search' }),
    plan('/jakker', '/klaer/jakker', { kind: 'alias', of: '/klaer/jakker' }),
    plan('/sko', null, { kind: 'category', id: 2 }),
    plan('/sko/joggesko', '/sko', { kind: 'search' }),
    plan('/sko/fjellsko', '/sko', { kind: 'search' }),
  ];
  answers = {
    '/klaer': { total: 3, ids: [1, 2, 3] },
    '/klaer/jakker': { total: 1, ids: [1] },
    '/sko': { total: 2, ids: [4, 5] },
    '/sko/joggesko': { total: 1, ids: [5] },
    '/sko/fjellsko': { total: 0, ids: [] },
  };
  prices = new Map();
  stored = new Map([['/stale', {}]]);
  meta = new Map();
  cacheDir = newCacheDir();
  asked = [];
});

/** Runs the loader as a build does, with what the products loader told; answers the entries. */
async function load(
  changes: Partial<Omit<CatalogueChanges, 'cards'>> & { cards?: ReadonlySet<number> | null } = {},
): Promise<Map<string, ListingEntry>> {
  asked = [];
  const told: CatalogueChanges = {
    since: changes.since ?? null,
    cursor: changes.cursor ?? null,
    named: changes.named ?? null,
    cards: Promise.resolve(changes.cards ?? null),
  };
  const context = {
    store: {
      has: (id: string) => stored.has(id),
      values: () => [...stored.values()].map((data) => ({ data })),
      clear: () => stored.clear(),
      set: ({ id, data }: { id: string; data: Record<string, unknown> }) => stored.set(id, data),
    },
    meta: {
      get: (key: string) => meta.get(key),
      set: (key: string, value: string) => meta.set(key, value),
      delete: (key: string) => meta.delete(key),
    },
    logger: { info: () => undefined },
    config: { cacheDir },
  };
  const startup = () => Promise.resolve({ categories: [] } as unknown as StartupData);
  const brand = { id: 'toppfart', menu: { categories: [], genders: [] } } as unknown as BrandConfig;
  await listingsLoader(startup, brand, Promise.resolve(told)).load(
    context as unknown as LoaderContext,
  );
  // The collection keeps no entry: the listings are in the cache folder.
  expect(stored.size).toBe(0);
  const built = await readListings(cacheDir);
  expect(built?.id).toBe(meta.get('written'));
  return new Map(built?.listings.map((entry) => [entry.path, entry]));
}

/** What a load that may keep nothing makes of the same answers. */
async function fromNothing(): Promise<Map<string, ListingEntry>> {
  const kept = [stored, meta, cacheDir] as const;
  stored = new Map();
  meta = new Map();
  cacheDir = newCacheDir();
  const entries = await load({ cursor: 'c1' });
  [stored, meta, cacheDir] = kept;
  return entries;
}

describe('listingsLoader', () => {
  it('asks for every listing with articles, a branch whose parent is empty not at all', async () => {
    const entries = await load({ cursor: 'c1' });
    expect(asked.sort()).toEqual([
      '/klaer',
      '/klaer/jakker',
      '/sko',
      '/sko/fjellsko',
      '/sko/joggesko',
    ]);
    expect([...entries.keys()].sort()).toEqual([
      '/jakker',
      '/klaer',
      '/klaer/jakker',
      '/sko',
      '/sko/joggesko',
    ]);
    expect(entries.get('/klaer')?.children).toEqual([]);
    expect((await readListings(cacheDir))?.basis).toBe('c1');
  });

  describe('after a change that keeps every listing', () => {
    beforeEach(async () => {
      await load({ cursor: 'c1' });
      prices.set(5, 7900);
    });

    it('asks again only for the listings showing a changed article, and stores what a full load does', async () => {
      const entries = await load({ since: 'c1', cursor: 'c2', named: 1, cards: new Set([5]) });
      expect(asked.sort()).toEqual(['/sko', '/sko/joggesko']);
      expect(entries.get('/sko')?.articles.find((a) => a.id === 5)?.price).toBe(7900);
      expect(entries).toEqual(await fromNothing());
      expect((await readListings(cacheDir))?.basis).toBe('c2');
    });

    it('asks again for a listing whose page one has articles left out', async () => {
      await load({ cursor: 'c1' });
      answers['/klaer'] = { total: 4, ids: [1, 2, 3] };
      await load({ cursor: 'c1' });
      await load({ since: 'c1', cursor: 'c2', named: 0, cards: new Set() });
      expect(asked).toEqual(['/klaer']);
    });

    it.each([
      ['the products loader cannot tell which cards changed', { cards: null }],
      ['the last answers came before the cursor changes are counted from', { since: 'c0' }],
      ['more articles changed than there are listings', { named: 7 }],
      ['the first build has nothing to count from', { since: null }],
    ])('asks for every listing when %s', async (_, changes) => {
      const entries = await load({
        since: 'c1',
        cursor: 'c2',
        named: 1,
        cards: new Set([5]),
        ...changes,
      });
      expect(asked).toHaveLength(5);
      expect(entries).toEqual(await fromNothing());
    });

    it('asks for every listing when Astro cleared its store, which named the listings written', async () => {
      meta = new Map();
      await load({ since: 'c1', cursor: 'c2', named: 1, cards: new Set([5]) });
      expect(asked).toHaveLength(5);
    });

    it('asks for every listing when the listings file is not the one the store names', async () => {
      meta.set('written', 'another write');
      await load({ since: 'c1', cursor: 'c2', named: 1, cards: new Set([5]) });
      expect(asked).toHaveLength(5);
    });

    it('asks for every listing when the listings file cannot be read', async () => {
      writeFileSync(new URL('listings.json', cacheDir), '{"id":');
      await load({ since: 'c1', cursor: 'c2', named: 1, cards: new Set([5]) });
      expect(asked).toHaveLength(5);
    });

    it('asks for every listing when the plan of listings changed', async () => {
      plans = plans.filter((p) => p.path !== '/sko/fjellsko');
      await load({ since: 'c1', cursor: 'c2', named: 1, cards: new Set([5]) });
      expect(asked).toHaveLength(4);
    });
  });
});
