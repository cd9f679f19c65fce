import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The collections the keys read, as the test sets them before each import. */
let collections: Record<string, unknown[]> = {};

vi.mock('astro:content', () => ({
  getCollection: (name: string) =>
    Promise.resolve((collections[name] ?? []).map((data) => ({ id: 'x', data }))),
  getEntry: (name: string) =>
    Promise.resolve(collections[name]?.[0] ? { id: 'x', data: collections[name][0] } : undefined),
}));
// The product pages are listed in the build's cache folder, not in a collection.
vi.mock('./product-details.ts', () => ({
  buildDetailsDir: () => new URL('file:///build-cache/product-details/'),
  builtProductPages: () => Promise.resolve(collections['products'] ?? []),
}));

const base = () => ({
  tenant: [{ id: 'toppfart', email: 'kundeservice@toppfart.no' }],
  genders: [{ id: 1, name: 'Herre' }],
  categories: [{ id: 1, name: 'Klær', count: 12 }] as Array<Record<string, unknown>>,
  shops: [{ id: 2, name: 'Toppfart Bergen' }],
  colorGroups: [{ id: 3, name: 'Blå' }],
  brands: [{ id: 4, name: 'Bergtind' }],
  products: [{ article: { id: 7, name: 'Vinterjakke' }, slug: 'vinterjakke' }],
});

/** The module afresh: it computes each shared key once per build, as a build imports it once. */
async function keysWith(change?: (c: ReturnType<typeof base>) => void) {
  vi.resetModules();
  const data = base();
  change?.(data);
  collections = data;
  return import('./cache-keys.ts');
}

describe('cache keys', () => {
  beforeEach(() => {
    collections = {};
  });

  const article = { id: 7, name: 'Vinterjakke', price: 199900, variants: [{ qty: 3 }] };

  it('are equal for equal data, however often computed', async () => {
    const { cacheKey, productSharedKey } = await keysWith();
    const shared = await productSharedKey();
    expect(cacheKey(shared, article)).toBe(cacheKey(shared, structuredClone(article)));
    const again = await keysWith();
    expect(await again.productSharedKey()).toBe(shared);
  });

  it('change with the page’s own price, stock or campaign', async () => {
    const { cacheKey } = await keysWith();
    const key = cacheKey('shared', article);
    expect(cacheKey('shared', { ...article, price: 149900 })).not.toBe(key);
    expect(cacheKey('shared', { ...article, variants: [{ qty: 2 }] })).not.toBe(key);
    expect(cacheKey('shared', { ...article, campaigns: [{ id: 1 }] })).not.toBe(key);
    expect(cacheKey('ab', 'c')).not.toBe(cacheKey('a', 'bc'));
  });

  it('change for every product page and listing when the menu or tenant changes', async () => {
    const before = await keysWith();
    const [product, listing] = [await before.productSharedKey(), await before.listingSharedKey()];
    for (const change of [
      (c: ReturnType<typeof base>) => (c.categories = [{ id: 1, name: 'Klær og sko' }]),
      (c: ReturnType<typeof base>) => (c.genders = [...c.genders, { id: 2, name: 'Dame' }]),
      (c: ReturnType<typeof base>) => (c.tenant = [{ id: 'toppfart', email: 'hei@toppfart.no' }]),
    ]) {
      const after = await keysWith(change);
      expect(await after.productSharedKey()).not.toBe(product);
      expect(await after.listingSharedKey()).not.toBe(listing);
    }
  });

  it('stay when only a category’s article count or price range moves', async () => {
    const before = await keysWith();
    const [product, listing] = [await before.productSharedKey(), await before.listingSharedKey()];
    const after = await keysWith((c) => (c.categories = [{ id: 1, name: 'Klær', count: 99 }]));
    expect(await after.productSharedKey()).toBe(product);
    expect(await after.listingSharedKey()).toBe(listing);
  });

  it('change listings only when a filter list or a product path changes', async () => {
    const before = await keysWith();
    const [product, listing] = [await before.productSharedKey(), await before.listingSharedKey()];
    const brands = await keysWith((c) => (c.brands = [{ id: 4, name: 'Bergtind Pro' }]));
    expect(await brands.listingSharedKey()).not.toBe(listing);
    expect(await brands.productSharedKey()).toBe(product);
    const clash = await keysWith((c) => {
      c.products = [
        ...c.products,
        { article: { id: 8, name: 'Vinterjakke' }, slug: 'vinterjakke--8' },
      ];
    });
    expect(await clash.listingSharedKey()).not.toBe(listing);
  });

  it("give each product page its entry's key, made anew only for the entries that changed", async () => {
    const { cacheKey, productKeys } = await keysWith();
    const { buildSlot } = await import('../build-channel.ts');
    const lue = { article: { id: 7, name: 'Lue' }, slug: 'lue', digest: 'a' };
    const sko = { article: { id: 8, name: 'Sko' }, slug: 'sko', digest: 'b' };
    const keyed = (shared: string, entries: Array<typeof lue>) =>
      productKeys(shared, entries).map(({ entry, key }) => [entry.slug, key]);
    expect(keyed('delt', [lue, sko])).toEqual([
      ['lue', cacheKey('delt', lue)],
      ['sko', cacheKey('delt', sko)],
    ]);
    // Another digest, another name, another shared part: each its own key, as if made afresh.
    const newer = { ...sko, digest: 'c' };
    const renamed = { ...lue, article: { id: 7, name: 'Lue Pro' } };
    expect(keyed('delt', [renamed, newer])).toEqual([
      ['lue', cacheKey('delt', renamed)],
      ['sko', cacheKey('delt', newer)],
    ]);
    expect(keyed('annen', [renamed, newer])).toEqual([
      ['lue', cacheKey('annen', renamed)],
      ['sko', cacheKey('annen', newer)],
    ]);
    // Only this build's entries are kept for the next.
    const kept = buildSlot('productKeys', { keys: new Map() }).value.keys;
    expect(kept.size).toBe(2);
  });
});
