import type { PersistentEvents, PersistentListener } from '@nanostores/persistent';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartArticle, CartVariant } from '../lib/domain/cart.ts';
import type { PromoCode } from '../lib/types.ts';
import { cartLine, promoCode } from '../test-support/cart.ts';

// The promo-code call is stubbed; each test says what the server answers.
const checkPromoCode = vi.hoisted(() => vi.fn<(code: string) => Promise<PromoCode | null>>());
vi.mock('../lib/api/promo-codes.ts', () => ({ checkPromoCode }));

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
  const lines = await import('./cart-lines.ts');
  const payments = await import('./provider-payments.ts');
  const promo = await import('./promo-code.ts');
  const alerts = await import('./alerts.ts');
  const { ApiRequestError } = await import('../lib/api/client.ts');
  return { ...cart, ...lines, ...payments, ...promo, ...alerts, ApiRequestError };
}

const article = (overrides: Partial<CartArticle> = {}): CartArticle => ({
  id: 1,
  name: 'Vinterjakke',
  gender: 'Barn',
  price: 49900,
  priorPrice: null,
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

const LOST_NOTICE = 'En eller flere varer i handlekurven kunne ikke leses og ble fjernet.';

beforeEach(() => {
  storage = {};
  listeners = [];
  checkPromoCode.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('$cart', () => {
  it('appends a new line with count 1 and persists every the spec key', async () => {
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

  it('keeps one of a size the web shop lacks, for pick-up, and says how many are in the cart', async () => {
    const s = await load();
    const lacking: CartVariant = {
      ...variant('B'),
      shops: [
        { id: 55, qty: 0 },
        { id: 2, qty: 7 },
      ],
    };
    expect(s.addToCart(article({ webPurchaseLimit: 5 }), lacking)).toBe('added');
    for (let i = 0; i < 4; i++) {
      expect(s.addToCart(article({ webPurchaseLimit: 5 }), lacking)).toBe('limit');
    }
    expect(s.$cartCount.get()).toBe(1);
    expect(s.$alerts.get().at(-1)?.message).toContain('allerede 1 av denne varen');
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

  it('raises a line from the cart up to its limit only', async () => {
    const s = await load();
    s.addToCart(article({ webPurchaseLimit: 2 }), variant('A'));
    s.incrementLine(0);
    expect(s.$cart.get().orders[0]?.count).toBe(2);
    expect(storage['count']).toBe('2');
    s.incrementLine(0);
    s.incrementLine(4);
    expect(s.$cart.get().count).toBe(2);
  });

  it('recovers from corrupt storage, tells the shopper once, and corrects the count', async () => {
    storage['orders'] = '{not json';
    storage['discount'] = '"oops"';
    storage['client'] = '[1,2]';
    storage['count'] = '7';
    storage['firstProviderOrders'] = '{}';
    const s = await load();
    expect(s.$cart.get().orders).toEqual([]);
    expect(s.$cartClient.get()).toBeNull();
    expect(s.$klarnaPayments.get()).toEqual([]);
    expect(s.$cartCount.get()).toBe(0);
    expect(storage['count']).toBe('0');
    expect(storage['orders']).toBe('[]');
    expect(s.$alerts.get().map((a) => [a.type, a.message])).toEqual([['warning', LOST_NOTICE]]);
    expect(s.addToCart(article(), variant('A'))).toBe('added');
    // The repaired storage reads cleanly on the next page load: no second notice.
    expect((await load()).$alerts.get()).toEqual([]);
  });

  it('drops only the stored line that cannot be read and keeps the others', async () => {
    storage['orders'] = JSON.stringify([
      cartLine('A'),
      { ean: 'B', count: 'many' },
      { ...cartLine('C'), color: 'blå' },
      cartLine('D', { count: 2 }),
    ]);
    const s = await load();
    expect(s.$cart.get().orders.map((o) => [o.ean, o.count])).toEqual([
      ['A', 1],
      ['D', 2],
    ]);
    expect(s.$cartCount.get()).toBe(3);
    expect(JSON.parse(storage['orders'] ?? '[]')).toHaveLength(2);
    expect(s.$alerts.get().filter((a) => a.message === LOST_NOTICE)).toHaveLength(1);
  });

  it('lowers a stored count to the purchase limit, at least 1, without a notice', async () => {
    storage['orders'] = JSON.stringify([
      cartLine('A', { count: 40, webPurchaseLimit: 3 }),
      cartLine('B', { count: 4, shops: [{ id: 55, qty: 2 }] }),
      cartLine('C', { count: 0 }),
    ]);
    const s = await load();
    expect(s.$cart.get().orders.map((o) => o.count)).toEqual([3, 2, 1]);
    expect(JSON.parse(storage['orders'] ?? '[]')).toEqual(s.$cart.get().orders);
    expect(storage['count']).toBe('6');
    expect(s.$alerts.get()).toEqual([]);
  });

  it("reads another tab's unreadable line without the rest, and tells once", async () => {
    storage['orders'] = JSON.stringify([cartLine('A')]);
    const s = await load();
    const unbind = s.$cart.listen(() => undefined);
    otherTabWrites('orders', JSON.stringify([cartLine('A'), { ean: 'B' }]));
    expect(s.$cart.get().orders.map((o) => o.ean)).toEqual(['A']);
    otherTabWrites('orders', '{broken');
    expect(s.$cart.get().orders).toEqual([]);
    expect(s.$alerts.get().filter((a) => a.message === LOST_NOTICE)).toHaveLength(1);
    // This tab does not write back what another tab wrote: the tabs would answer each other.
    expect(storage['orders']).toBe('{broken');
    unbind();
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
          // The spec: a new line enters at 1 even at limit 0; it never rises above the limit.
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

describe('promo codes', () => {
  it('applies a cart code once: discount, total and the persisted active code', async () => {
    const s = await load();
    s.addToCart(article({ price: 50000 }), variant('A'));
    checkPromoCode.mockResolvedValue(promoCode());
    expect(await s.applyPromoCode(' vinter10 ')).toEqual({ ok: true });
    expect(checkPromoCode).toHaveBeenCalledWith('vinter10');
    expect(s.$cart.get()).toMatchObject({ total: 45000, discount: { activated: true } });
    expect(storage['total']).toBe('45000');
    expect(JSON.parse(storage['activePromocode'] ?? 'null')).toMatchObject({ name: 'VINTER10' });

    checkPromoCode.mockResolvedValue(promoCode({ name: 'ANNEN', fixed: true, amount: 100 }));
    expect(await s.applyPromoCode('ANNEN')).toEqual({
      ok: false,
      message: 'Du har allerede brukt en rabattkode.',
    });
    expect(checkPromoCode).toHaveBeenCalledTimes(1);
    expect(s.$cart.get().total).toBe(45000);
  });

  it('keeps a shipping code as the active code without discounting the goods', async () => {
    const s = await load();
    s.addToCart(article({ price: 50000 }), variant('A'));
    checkPromoCode.mockResolvedValue(promoCode({ name: 'FRIFRAKT', type: 'shipping', amount: 1 }));
    expect(await s.applyPromoCode('FRIFRAKT')).toEqual({ ok: true });
    expect(s.$activePromocode.get()?.name).toBe('FRIFRAKT');
    expect(s.$cart.get()).toMatchObject({ total: 50000, discount: { activated: false } });
    expect((await s.applyPromoCode('VINTER10')).ok).toBe(false);
  });

  it("answers the server's Norwegian message, or a plain one, when a code is refused", async () => {
    const s = await load();
    s.addToCart(article(), variant('A'));
    checkPromoCode.mockResolvedValue(null);
    expect(await s.applyPromoCode('FINNESIKKE')).toEqual({
      ok: false,
      message: 'Rabattkoden finnes ikke.',
    });
    checkPromoCode.mockRejectedValue(new s.ApiRequestError(422, 'Rabattkoden er utløpt.'));
    expect(await s.applyPromoCode('GAMMEL')).toEqual({
      ok: false,
      message: 'Rabattkoden er utløpt.',
    });
    checkPromoCode.mockRejectedValue(new s.ApiRequestError(500, 'Server Error'));
    expect(await s.applyPromoCode('VINTER10')).toEqual({
      ok: false,
      message: 'Vi kunne ikke sjekke rabattkoden nå. Prøv igjen om litt.',
    });
    expect(s.$activePromocode.get()).toBeNull();
    expect(s.$cart.get().discount.activated).toBe(false);
  });

  it('refuses an empty code and an empty cart without asking the server', async () => {
    const s = await load();
    expect((await s.applyPromoCode('VINTER10')).ok).toBe(false);
    s.addToCart(article(), variant('A'));
    expect(await s.applyPromoCode('   ')).toEqual({
      ok: false,
      message: 'Skriv inn en rabattkode.',
    });
    expect(checkPromoCode).not.toHaveBeenCalled();
  });

  it('decides on the cart as it is when the server answers', async () => {
    const s = await load();
    s.addToCart(article(), variant('A'));
    checkPromoCode.mockResolvedValue(promoCode());
    const pending = s.applyPromoCode('VINTER10');
    s.removeLine(0);
    expect((await pending).ok).toBe(false);
    expect(s.$activePromocode.get()).toBeNull();
  });

  it('removes the code and its discount', async () => {
    const s = await load();
    s.addToCart(article({ price: 50000 }), variant('A'));
    checkPromoCode.mockResolvedValue(promoCode());
    await s.applyPromoCode('VINTER10');
    s.removePromoCode();
    expect(s.$activePromocode.get()).toBeNull();
    expect(s.$cart.get()).toMatchObject({ total: 50000, discount: { activated: false } });
    expect(storage['activePromocode']).toBe('null');
  });

  it('drops code and discount when the cart is emptied or cleared', async () => {
    const s = await load();
    checkPromoCode.mockResolvedValue(promoCode());
    s.addToCart(article(), variant('A'));
    await s.applyPromoCode('VINTER10');
    s.decrementLine(0);
    expect(s.$activePromocode.get()).toBeNull();
    expect(s.$cart.get()).toMatchObject({ total: 0, discount: { activated: false } });

    s.addToCart(article(), variant('A'));
    await s.applyPromoCode('VINTER10');
    s.clearCart();
    expect(s.$activePromocode.get()).toBeNull();
    expect(s.$cart.get().discount.activated).toBe(false);
  });

  it('forgets a stored code that has no cart, or no discount, to belong to', async () => {
    storage['activePromocode'] = JSON.stringify(promoCode());
    expect((await load()).$activePromocode.get()).toBeNull();
    storage['activePromocode'] = JSON.stringify(promoCode());
    storage['orders'] = JSON.stringify([cartLine('A')]);
    expect((await load()).$activePromocode.get()).toBeNull();
    storage['activePromocode'] = JSON.stringify(promoCode({ type: 'shipping' }));
    expect((await load()).$activePromocode.get()?.type).toBe('shipping');
    storage['activePromocode'] = '{"name":1}';
    expect((await load()).$activePromocode.get()).toBeNull();
  });

  it('follows a code applied in another tab', async () => {
    const s = await load();
    const unbind = s.$activePromocode.listen(() => undefined);
    otherTabWrites('activePromocode', JSON.stringify(promoCode({ name: 'FRIFRAKT' })));
    expect(s.$activePromocode.get()?.name).toBe('FRIFRAKT');
    unbind();
  });
});

describe('checkout helpers and the modal state', () => {
  it('commits a state made by updateCart with totals recomputed', async () => {
    const s = await load();
    s.addToCart(article({ price: 1000 }), variant('A'));
    s.updateCart((state) => ({
      ...state,
      orders: state.orders.map((o) => ({ ...o, count: 3, price: 2000 })),
    }));
    expect(s.$cart.get()).toMatchObject({ count: 3, total: 6000 });
    expect(storage['count']).toBe('3');
    expect(storage['total']).toBe('6000');
  });

  it('marks refused EANs in memory only', async () => {
    const s = await load();
    s.addToCart(article(), variant('A'));
    s.setCartErrors(['A']);
    expect(s.$cart.get().cartErrors).toEqual(['A']);
    expect(Object.values(storage).join()).not.toContain('cartErrors');
  });

  it('opens and closes the cart', async () => {
    const s = await load();
    expect(s.$cartOpen.get()).toBe(false);
    s.openCart();
    expect(s.$cartOpen.get()).toBe(true);
    s.closeCart();
    expect(s.$cartOpen.get()).toBe(false);
  });
});
