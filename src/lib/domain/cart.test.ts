import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartSum, pantSum, type PromoTerms } from '../../../contract/cart-totals.ts';
import {
  clearCart,
  emptyCart,
  isAtLimit,
  isCartValid,
  purchaseLimit,
  recalculate,
  withCountInLimit,
  type CartArticle,
  type CartState,
  type CartVariant,
  type NewCartLine,
  webShopStock,
} from './cart.ts';
import { addLine, cartLineFor, decrementLine, incrementLine, removeLine } from './cart-lines.ts';
import { applyDiscount, applyPromo, promoRefusal, removeDiscount } from './promo-code.ts';
import { cartLine } from '../../test-support/cart.ts';

/** A line as it is added (its count is ignored): limit 5 and stock 3 unless overridden. */
function line(ean: string, overrides: Partial<NewCartLine> = {}): NewCartLine {
  return cartLine(ean, { webPurchaseLimit: 5, shops: [{ id: 55, qty: 3 }], ...overrides });
}

const addAll = (...lines: NewCartLine[]): CartState => lines.reduce(addLine, emptyCart());

describe('purchaseLimit', () => {
  it.each([
    [5, [{ id: 55, qty: 3 }], 3],
    [2, [{ id: 55, qty: 3 }], 2],
    [
      5,
      [
        { id: 55, qty: 0 },
        { id: 1, qty: 9 },
      ],
      0,
    ],
    [5, [], 0],
    [0, [{ id: 55, qty: 3 }], 0],
  ])('limit %i with shops %j is %i', (webPurchaseLimit, shops, expected) => {
    expect(purchaseLimit({ webPurchaseLimit, shops })).toBe(expected);
  });

  // The stock of articles 2000 and 500 in the default seed, as the API lists it now: the
  // web shop (55) first, the stores by id.
  const article2000 = [55, 5, 8, 13, 19, 26].map((id, i) => ({
    id,
    qty: [14, 0, 1, 2, 2, 1][i] ?? 0,
  }));
  const article500 = [55, 2, 9, 11, 28].map((id, i) => ({ id, qty: [0, 7, 1, 11, 4][i] ?? 0 }));

  it('reads the web shop: 14 there allow more than one of article 2000', () => {
    const state = [1, 2].reduce(
      (s) => addLine(s, line('2000', { webPurchaseLimit: 5, shops: article2000 })),
      emptyCart(),
    );
    expect(purchaseLimit({ webPurchaseLimit: 5, shops: article2000 })).toBe(5);
    expect(state.orders[0]?.count).toBe(2);
  });

  it('reads the web shop: none there refuse more of article 500 though stores hold it', () => {
    const first = addLine(emptyCart(), line('500', { webPurchaseLimit: 5, shops: article500 }));
    const after = [1, 2, 3, 4].reduce((s) => addLine(s, line('500', { shops: article500 })), first);
    expect(purchaseLimit({ webPurchaseLimit: 5, shops: article500 })).toBe(0);
    expect(after).toBe(first);
    expect(after.orders[0]?.count).toBe(1);
  });

  it('is never above the web shop stock nor webPurchaseLimit, and never below 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3, max: 20 }),
        fc.array(fc.record({ id: fc.nat(99), qty: fc.integer({ min: -2, max: 30 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        (webPurchaseLimit, shops) => {
          const limit = purchaseLimit({ webPurchaseLimit, shops });
          expect(limit).toBeGreaterThanOrEqual(0);
          expect(limit).toBeLessThanOrEqual(Math.max(0, webPurchaseLimit));
          expect(limit).toBeLessThanOrEqual(webShopStock({ shops }));
          // Only the first shop counts: the others may hold any amount.
          const more = [...shops, { id: 1, qty: 99 }];
          expect(purchaseLimit({ webPurchaseLimit, shops: more })).toBe(limit);
        },
      ),
    );
  });
});

describe('addLine', () => {
  it('appends a new EAN with count 1 and totals it', () => {
    const state = addAll(line('A'), line('B', { price: 10000, pant: 200 }));
    expect(state.orders.map((o) => [o.ean, o.count])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
    expect(state.count).toBe(2);
    expect(state.total).toBe(49900 + 10200);
  });

  it('raises an existing EAN up to the lower of webPurchaseLimit and first-shop stock', () => {
    const a = line('A', { webPurchaseLimit: 5, shops: [{ id: 55, qty: 3 }] });
    const state = addAll(a, a, a, a, a);
    expect(state.orders[0]?.count).toBe(3);
    expect(state.count).toBe(3);
    const b = line('B', { webPurchaseLimit: 2, shops: [{ id: 55, qty: 9 }] });
    expect(addAll(b, b, b).orders[0]?.count).toBe(2);
  });

  it('returns the same state when the limit is reached', () => {
    const a = line('A', { webPurchaseLimit: 1 });
    const state = addAll(a);
    expect(addLine(state, a)).toBe(state);
  });

  it('does not modify the previous state', () => {
    const first = addAll(line('A'));
    const snapshot = structuredClone(first);
    addLine(first, line('A'));
    expect(first).toEqual(snapshot);
  });
});

describe('incrementLine', () => {
  it('raises a line by one until its limit, then returns the same state', () => {
    let state = addAll(line('A', { webPurchaseLimit: 2 }), line('B'));
    state = incrementLine(state, 0);
    expect(state.orders[0]?.count).toBe(2);
    expect(state.count).toBe(3);
    expect(state.total).toBe(3 * 49900);
    expect(state.orders[0] && isAtLimit(state.orders[0])).toBe(true);
    expect(incrementLine(state, 0)).toBe(state);
    expect(incrementLine(state, 7)).toBe(state);
  });
});

describe('withCountInLimit', () => {
  const stored = { ...line('A', { webPurchaseLimit: 4, shops: [{ id: 55, qty: 3 }] }), count: 2 };

  it.each([
    [2, 2],
    [9, 3],
    [0, 1],
    [-4, 1],
    [2.7, 2],
  ])('count %d becomes %d', (count, expected) => {
    expect(withCountInLimit({ ...stored, count }).count).toBe(expected);
  });

  it('keeps the same object when the count fits, and 1 for a line with limit 0', () => {
    expect(withCountInLimit(stored)).toBe(stored);
    expect(withCountInLimit({ ...stored, shops: [], count: 5 }).count).toBe(1);
  });
});

describe('decrementLine and removeLine', () => {
  it('lowers the count by one, and removes a line at count 1', () => {
    let state = addAll(line('A'), line('A'), line('B'));
    state = decrementLine(state, 0);
    expect(state.orders.map((o) => [o.ean, o.count])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
    state = decrementLine(state, 0);
    expect(state.orders.map((o) => o.ean)).toEqual(['B']);
    expect(state.count).toBe(1);
    expect(decrementLine(state, 5)).toBe(state);
  });

  it('removes a line with its whole count', () => {
    const state = removeLine(addAll(line('A'), line('A'), line('B', { price: 100 })), 0);
    expect(state.count).toBe(1);
    expect(state.total).toBe(100);
    expect(removeLine(state, -1)).toBe(state);
  });

  it('clears the discount when the cart becomes empty', () => {
    const state = removeLine(applyDiscount(addAll(line('A')), { fixed: true, amount: 100 }), 0);
    expect(state.discount.activated).toBe(false);
    expect(state.total).toBe(0);
    expect(state.count).toBe(0);
  });
});

describe('applyDiscount', () => {
  const cart = addAll(line('A', { price: 40000, pant: 0 }), line('B', { price: 9000, pant: 1000 }));
  // sum 50000, pant 1000

  it.each([
    [{ fixed: true, amount: 10000 }, 40000],
    [{ fixed: false, amount: 0.2 }, 40000],
    [{ fixed: false, amount: 0.333 }, 33350],
    [{ fixed: true, amount: 60000 }, 1000],
    [{ fixed: false, amount: 1 }, 1000],
    [{ fixed: true, amount: 0 }, 50000],
  ])('%j gives total %i', (terms, total) => {
    const state = applyDiscount(cart, terms);
    expect(state.total).toBe(total);
    expect(state.discount).toEqual({ activated: true, ...terms, originalTotal: 50000 });
  });

  it('applies only once', () => {
    const once = applyDiscount(cart, { fixed: true, amount: 10000 });
    expect(applyDiscount(once, { fixed: true, amount: 10000 })).toBe(once);
    expect(applyDiscount(once, { fixed: false, amount: 0.5 }).total).toBe(40000);
  });

  it('ignores negative or non-finite amounts', () => {
    expect(applyDiscount(cart, { fixed: true, amount: -5 })).toBe(cart);
    expect(applyDiscount(cart, { fixed: false, amount: Number.NaN })).toBe(cart);
  });

  it('keeps applying to later changes, and can be removed', () => {
    let state = applyDiscount(cart, { fixed: false, amount: 0.5 });
    state = addLine(state, line('C', { price: 10000 }));
    expect(state.total).toBe(30000);
    expect(state.discount.originalTotal).toBe(60000);
    expect(removeDiscount(state).total).toBe(60000);
  });

  it('leaves an empty cart at total 0 with the discount deactivated', () => {
    const state = applyDiscount(emptyCart(), { fixed: true, amount: 100 });
    expect(state.total).toBe(0);
    expect(state.discount.activated).toBe(false);
  });
});

describe('promo codes', () => {
  const cart = addAll(line('A', { price: 40000, pant: 500 }));
  const tenPercent: PromoTerms = { type: 'cart', fixed: false, amount: 0.1 };
  const freeShipping: PromoTerms = { type: 'shipping', fixed: false, amount: 1 };

  it('applies a cart code as the discount', () => {
    const state = applyPromo(cart, null, tenPercent);
    expect(state).toMatchObject({ total: 40500 - 4050, discount: { activated: true } });
  });

  it('keeps the goods as they are for a shipping code', () => {
    expect(applyPromo(cart, null, freeShipping)).toBe(cart);
  });

  it('refuses a second code of either type, and any code for an empty cart', () => {
    expect(promoRefusal(cart, null)).toBeNull();
    expect(applyPromo(cart, freeShipping, tenPercent)).toBe('already-applied');
    const discounted = applyDiscount(cart, { fixed: true, amount: 100 });
    expect(applyPromo(discounted, null, freeShipping)).toBe('already-applied');
    expect(applyPromo(emptyCart(), null, tenPercent)).toBe('empty-cart');
    expect(applyPromo(cart, null, { ...tenPercent, amount: -1 })).toBe('unusable');
    expect(applyPromo(cart, null, { ...freeShipping, amount: Number.NaN })).toBe('unusable');
  });
});

describe('clearCart', () => {
  it('empties lines, payment data, discount and order info', () => {
    const full: CartState = {
      ...applyDiscount(addAll(line('A')), { fixed: true, amount: 1 }),
      txData: { status: 'paid' },
      orderInfo: { id: 4 },
      cartErrors: ['A'],
    };
    expect(clearCart(full)).toEqual({ ...emptyCart(), cartErrors: ['A'] });
  });
});

describe('isCartValid', () => {
  it.each([
    [emptyCart(), false],
    [addAll(line('A')), true],
    [{ ...addAll(line('A'), line('B')), cartErrors: ['B'] }, false],
    [{ ...addAll(line('A')), cartErrors: ['Z'] }, true],
  ])('case %#', (state, expected) => {
    expect(isCartValid(state)).toBe(expected);
  });
});

describe('cart invariants over random action sequences', () => {
  const pool = fc.array(
    fc.record({
      ean: fc.constantFrom('A', 'B', 'C', 'D'),
      price: fc.integer({ min: 0, max: 500_000 }),
      pant: fc.integer({ min: 0, max: 300 }),
      webPurchaseLimit: fc.integer({ min: 0, max: 6 }),
      qty: fc.integer({ min: 0, max: 6 }),
    }),
    { minLength: 1, maxLength: 4 },
  );
  const action = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('decrement' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('discount' as const),
      fixed: fc.boolean(),
      amount: fc.oneof(fc.integer({ min: 0, max: 600_000 }), fc.double({ min: 0, max: 1.5 })),
    }),
    fc.record({ kind: fc.constant('undiscount' as const) }),
    fc.record({ kind: fc.constant('clear' as const) }),
  );

  it('keeps limits, count, pant floor and a consistent total', () => {
    fc.assert(
      fc.property(pool, fc.array(action, { maxLength: 40 }), (specs, actions) => {
        let state = emptyCart();
        for (const act of actions) {
          const size = state.orders.length;
          if (act.kind === 'add') {
            const spec = specs[act.pick % specs.length];
            if (!spec) continue;
            state = addLine(state, line(spec.ean, { ...spec, shops: [{ id: 55, qty: spec.qty }] }));
          } else if (act.kind === 'decrement') {
            state = decrementLine(state, size ? act.pick % size : 0);
          } else if (act.kind === 'remove') {
            state = removeLine(state, size ? act.pick % size : 0);
          } else if (act.kind === 'discount') {
            state = applyDiscount(state, act);
          } else if (act.kind === 'undiscount') {
            state = removeDiscount(state);
          } else {
            state = clearCart(state);
          }

          for (const o of state.orders) {
            // A new line enters with 1 whatever the limit (docs/spec.md §4); it is never raised past it.
            expect(o.count).toBeGreaterThanOrEqual(1);
            expect(o.count).toBeLessThanOrEqual(Math.max(1, purchaseLimit(o)));
          }
          expect(new Set(state.orders.map((o) => o.ean)).size).toBe(state.orders.length);
          expect(state.count).toBe(state.orders.reduce((n, o) => n + o.count, 0));
          expect(state.total).toBeGreaterThanOrEqual(pantSum(state.orders));
          expect(state.total).toBeLessThanOrEqual(cartSum(state.orders));
          expect(recalculate(state)).toEqual(state);
          if (state.orders.length === 0) {
            expect(state.total).toBe(0);
            expect(state.discount.activated).toBe(false);
          }
          if (!state.discount.activated) expect(state.total).toBe(cartSum(state.orders));
        }
      }),
    );
  });
});

describe('promo codes over random carts', () => {
  const lines = fc.uniqueArray(
    fc.record({
      ean: fc.string({ minLength: 1, maxLength: 4 }),
      price: fc.integer({ min: 0, max: 500_000 }),
      pant: fc.integer({ min: 0, max: 3000 }),
      count: fc.integer({ min: 1, max: 5 }),
    }),
    { selector: (l) => l.ean, maxLength: 5 },
  );
  const promo: fc.Arbitrary<PromoTerms> = fc.record({
    type: fc.constantFrom('cart' as const, 'shipping' as const),
    fixed: fc.boolean(),
    amount: fc.oneof(
      fc.integer({ min: 0, max: 600_000 }),
      fc.double({ min: 0, max: 2 }),
      fc.constantFrom(-1, Number.NaN),
    ),
  });

  it('never takes the total below the pant, and never applies a second code', () => {
    fc.assert(
      fc.property(lines, fc.array(promo, { minLength: 1, maxLength: 4 }), (specs, codes) => {
        const cart = recalculate({
          ...emptyCart(),
          orders: specs.map(({ count, ...spec }) => ({ ...line(spec.ean, spec), count })),
        });
        const usable = (c: PromoTerms) => Number.isFinite(c.amount) && c.amount >= 0;
        let state = cart;
        let active: PromoTerms | null = null;
        for (const code of codes) {
          const next = applyPromo(state, active, code);
          if (typeof next === 'string') {
            if (cart.orders.length === 0) expect(next).toBe('empty-cart');
            else if (active) expect(next).toBe('already-applied');
            else expect([next, usable(code)]).toEqual(['unusable', false]);
            continue;
          }
          // Only the first usable code of a non-empty cart gets here.
          expect(active).toBeNull();
          state = next;
          active = code;
        }
        expect(state.total).toBeGreaterThanOrEqual(pantSum(state.orders));
        expect(state.total).toBeLessThanOrEqual(cartSum(state.orders));
        if (cart.orders.length === 0) {
          expect(state.total).toBe(0);
          expect(state.discount.activated).toBe(false);
          expect(active).toBeNull();
        } else {
          expect(active).toEqual(codes.find(usable) ?? null);
          expect(state.discount.activated).toBe(active?.type === 'cart');
        }
        // Emptying the cart leaves total 0 and no discount whatever was applied.
        const emptied = state.orders.reduce((s) => removeLine(s, 0), state);
        expect(emptied.total).toBe(0);
        expect(emptied.discount.activated).toBe(false);
      }),
    );
  });
});

describe('cartLineFor', () => {
  const article: CartArticle = {
    id: 7,
    name: 'Vinterjakke',
    gender: 'Barn',
    price: 39900,
    priorPrice: null,
    pant: 200,
    frightPrice: 9900,
    image: '/images/articles/7.svg',
    canPurchase: true,
    webPurchaseLimit: 4,
    onlyCC: false,
    campaigns: [
      { id: 3, price: 44900 },
      { id: 5, price: 39900 },
    ],
  };
  const variant: CartVariant = {
    id: 70,
    ean: '7000000000070',
    size: { name: '110' },
    color: { id: 2, name: 'Rød', hex: '#c00000', image: '/images/variants/70.svg' },
    shops: [{ id: 55, qty: 2 }],
  };

  it('takes price, limits and stock from article and variant', () => {
    const made = cartLineFor(article, variant);
    expect(made).toMatchObject({
      id: 7,
      articleId: 7,
      variant: 70,
      ean: '7000000000070',
      size: '110',
      price: 39900,
      pant: 200,
      image: '/images/variants/70.svg',
      webPurchaseLimit: 4,
      shops: [{ id: 55, qty: 2 }],
      campaignArticleId: 5,
    });
    expect(purchaseLimit(made)).toBe(2);
  });

  it('falls back to the article image and no campaign', () => {
    const made = cartLineFor(
      { ...article, campaigns: [] },
      { ...variant, color: { ...variant.color, image: '' } },
    );
    expect(made.image).toBe('/images/articles/7.svg');
    expect(made.campaignArticleId).toBeNull();
  });
});
