import type { PersistentEvents, PersistentListener } from '@nanostores/persistent';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartArticle, CartVariant } from '../lib/domain/cart.ts';

/** localStorage stand-in plus the storage-event channel another tab would use. */
let storage: Record<string, string> = {};
let listeners: PersistentListener[] = [];
const events: PersistentEvents = {
  addEventListener: (_key, callback) => listeners.push(callback),
  removeEventListener: (_key, callback) => {
    listeners = listeners.filter((l) => l !== callback);
  },
};

/** What another tab writing `key` looks like to this one. */
function otherTabWrites(key: string, value: string): void {
  storage[key] = value;
  for (const listener of [...listeners]) listener({ key, newValue: value });
}

/** A fresh copy of the store modules over the current storage (as a page load reads it). */
async function load() {
  vi.resetModules();
  const { setPersistentEngine } = await import('@nanostores/persistent');
  setPersistentEngine(storage, events);
  const cart = await import('./cart.ts');
  const alerts = await import('./alerts.ts');
  return { ...cart, ...alerts };
}

const article = (overrides: Partial<CartArticle> = {}): CartArticle => ({
  id: 1,
  name: 'Vinterjakke',
  gender: 'Barn',
  price: 49900,
  pant: 0,
  frightPrice: 9900,
  image: '/images/articles/1.svg',
  canPurchase: true,
  webPurchaseLimit: 3,
  onlyCC: false,
  campaigns: [],
  ...overrides,
});

const variant = (ean: string, qty = 5, id = 10): CartVariant => ({
  id,
  ean,
  size: { name: '110' },
  color: { id: 1, name: 'Rød', hex: '#c00000', image: '/images/variants/10.svg' },
  shops: [{ id: 55, qty }],
});

beforeEach(() => {
  storage = {};
  listeners = [];
});
afterEach(() => vi.restoreAllMocks());

describe('$cart', () => {
  it('appends a new line with count 1 and persists every SPEC key', async () => {
    const s = await load();
    expect(s.addToCart(article(), variant('A'))).toBe('added');
    expect(s.$cart.get().orders.map((o) => [o.ean, o.count])).toEqual([['A', 1]]);
    expect(storage['count']).toBe('1');
    expect(storage['total']).toBe('49900');
    expect(JSON.parse(storage['orders'] ?? '[]')).toHaveLength(1);
    expect(JSON.parse(storage['discount'] ?? 'null')).toMatchObject({ activated: false });
  });

  it('raises an existing line only below the limit and warns in Norwegian when refused', async () => {
    const s = await load();
    const a = article({ webPurchaseLimit: 2 });
    s.addToCart(a, variant('A', 9));
    s.addToCart(a, variant('A', 9));
    expect(s.addToCart(a, variant('A', 9))).toBe('limit');
    expect(s.$cart.get().orders[0]?.count).toBe(2);
    expect(s.$cartCount.get()).toBe(2);
    const warning = s.$alerts.get().at(-1);
    expect(warning?.type).toBe('warning');
    expect(warning?.message).toContain('allerede 2 av denne varen');
  });

  it('caps by the first shop stock too', async () => {
    const s = await load();
    s.addToCart(article({ webPurchaseLimit: 10 }), variant('A', 1));
    expect(s.addToCart(article({ webPurchaseLimit: 10 }), variant('A', 1))).toBe('limit');
    expect(s.$cartCount.get()).toBe(1);
  });

  it('refuses articles that cannot be bought on the web', async () => {
    const s = await load();
    expect(s.addToCart(article({ canPurchase: false }), variant('A'))).toBe('not-purchasable');
    expect(s.$cart.get().orders).toHaveLength(0);
    expect(s.$alerts.get().at(-1)?.type).toBe('warning');
  });

  it('decrements, removes and clears with totals recomputed', async () => {
    const s = await load();
    s.addToCart(article(), variant('A'));
    s.addToCart(article(), variant('A'));
    s.addToCart(article({ price: 10000 }), variant('B', 5, 11));
    s.decrementLine(0);
    expect(s.$cart.get().orders.map((o) => o.count)).toEqual([1, 1]);
    expect(storage['total']).toBe(String(49900 + 10000));
    s.removeLine(1);
    expect(s.$cartCount.get()).toBe(1);
    s.clearCart();
    expect(s.$cart.get().orders).toEqual([]);
    expect(storage['count']).toBe('0');
    expect(storage['total']).toBe('0');
  });

  it('recovers from corrupt storage and corrects a count that disagrees with the lines', async () => {
    storage['orders'] = '{not json';
    storage['discount'] = '"oops"';
    storage['client'] = '[1,2]';
    storage['count'] = '7';
    storage['firstProviderOrders'] = '{}';
    const s = await load();
    expect(s.$cart.get().orders).toEqual([]);
    expect(s.$cartClient.get()).toBeNull();
    expect(s.$firstProviderOrders.get()).toEqual([]);
    expect(s.$cartCount.get()).toBe(0);
    expect(storage['count']).toBe('0');
    expect(s.addToCart(article(), variant('A'))).toBe('added');
  });

  it('drops stored lines that are not cart lines', async () => {
    storage['orders'] = JSON.stringify([{ ean: 'A', count: 'many' }]);
    const s = await load();
    expect(s.$cart.get().orders).toEqual([]);
  });

  it('follows another tab: lines and count stay consistent', async () => {
    const s = await load();
    const seen: Array<[number, number]> = [];
    const unbind = s.$cart.subscribe((c) =>
      seen.push([c.count, c.orders.reduce((n, o) => n + o.count, 0)]),
    );
    const unbindCount = s.$cartCount.listen(() => undefined);
    s.addToCart(article(), variant('A'));
    const lines = JSON.parse(storage['orders'] ?? '[]') as Array<{ count: number }>;
    const raised = JSON.stringify([{ ...lines[0], count: 3 }]);
    otherTabWrites('orders', raised);
    otherTabWrites('count', '3');
    expect(s.$cart.get().count).toBe(3);
    expect(s.$cartCount.get()).toBe(3);
    expect(seen.every(([count, sum]) => count === sum)).toBe(true);
    unbind();
    unbindCount();
  });
});

describe('$cart over random action sequences', () => {
  const action = fc.oneof(
    fc.record({
      kind: fc.constant('add' as const),
      ean: fc.constantFrom('A', 'B', 'C'),
      limit: fc.integer({ min: 0, max: 4 }),
      qty: fc.integer({ min: 0, max: 4 }),
    }),
    fc.record({ kind: fc.constant('decrement' as const), index: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ kind: fc.constant('remove' as const), index: fc.integer({ min: 0, max: 3 }) }),
  );

  it('keeps every line within its limit, count as the sum, and storage round-tripping', async () => {
    const s = await load();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 40 }), async (actions) => {
        s.clearCart();
        for (const a of actions) {
          if (a.kind === 'add') {
            s.addToCart(article({ webPurchaseLimit: a.limit }), variant(a.ean, a.qty));
          } else if (a.kind === 'decrement') {
            s.decrementLine(a.index);
          } else {
            s.removeLine(a.index);
          }
        }
        const state = s.$cart.get();
        for (const line of state.orders) {
          // SPEC: a new line enters at 1 even at limit 0; it never rises above the limit.
          expect(line.count).toBeLessThanOrEqual(
            Math.max(1, Math.min(line.webPurchaseLimit, line.shops[0]?.qty ?? 0)),
          );
        }
        expect(state.count).toBe(state.orders.reduce((n, o) => n + o.count, 0));
        expect(s.$cartCount.get()).toBe(state.count);
        expect(JSON.parse(storage['orders'] ?? '[]')).toEqual(state.orders);
        // A page load reading this storage sees the same cart.
        const reloaded = await load();
        expect(reloaded.$cart.get().orders).toEqual(state.orders);
        expect(reloaded.$cartCount.get()).toBe(state.count);
      }),
      { numRuns: 60 },
    );
  });
});
