import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PromoTerms } from '../../../contract/cart-totals.ts';
import { cartLine } from '../../test-support/cart.ts';
import { emptyCart, recalculate, type CartLine } from './cart.ts';
import { checkCart, checkoutTotals, onlyForPickup, type LiveArticle } from './checkout.ts';
import { applyPromo } from './promo-code.ts';

const WEB = 55;

// A 999 kr jacket, limit 5, five in shop 1.
const line = (over: Partial<CartLine> = {}): CartLine =>
  cartLine('7000000000011', {
    name: 'Skalljakke',
    size: 'M',
    price: 99900,
    webPurchaseLimit: 5,
    shops: [{ id: 1, qty: 5 }],
    ...over,
  });

const live = (over: Partial<LiveArticle> = {}): LiveArticle => ({
  price: 99900,
  priorPrice: null,
  pant: 0,
  canPurchase: true,
  webPurchaseLimit: 5,
  onlyCC: false,
  campaigns: [],
  ...over,
});

describe('checkCart', () => {
  const stockOf = (qtyWeb: number, qtyShop: number) =>
    new Map([
      [
        '7000000000011',
        [
          { id: 1, qty: qtyShop },
          { id: WEB, qty: qtyWeb },
        ],
      ],
    ]);

  it('keeps a line that is still in stock at the same price', () => {
    const result = checkCart(
      [line({ count: 2 })],
      { articles: new Map([[1, live()]]), stock: stockOf(5, 5) },
      'delivery',
      WEB,
    );
    expect(result.errors).toEqual([]);
    expect(result.notices).toEqual([]);
    expect(result.lines[0]?.count).toBe(2);
  });

  it('lowers a count above the new limit and says so', () => {
    const result = checkCart(
      [line({ count: 4 })],
      { articles: new Map([[1, live()]]), stock: stockOf(2, 5) },
      'delivery',
      WEB,
    );
    expect(result.lines[0]?.count).toBe(2);
    expect(result.notices[0]).toContain('satt ned fra 4 til 2');
  });

  it('marks a line no shop holds, and one the web shop lacks for delivery', () => {
    const gone = checkCart(
      [line()],
      { articles: new Map([[1, live()]]), stock: stockOf(0, 0) },
      'delivery',
      WEB,
    );
    expect(gone.errors).toEqual(['7000000000011']);
    expect(gone.notices[0]).toContain('ikke lenger på lager');
    const notForDelivery = checkCart(
      [line()],
      { articles: new Map([[1, live()]]), stock: stockOf(0, 3) },
      'delivery',
      WEB,
    );
    expect(notForDelivery.errors).toEqual(['7000000000011']);
    const pickup = checkCart(
      [line()],
      { articles: new Map([[1, live()]]), stock: stockOf(0, 3) },
      'pickup',
      WEB,
    );
    expect(pickup.errors).toEqual([]);
  });

  it('takes over a changed price and tells the shopper', () => {
    const result = checkCart(
      [line()],
      {
        articles: new Map([[1, live({ price: 79900, campaigns: [{ id: 9, price: 79900 }] })]]),
        stock: stockOf(5, 5),
      },
      'delivery',
      WEB,
    );
    expect(result.lines[0]).toMatchObject({ price: 79900, campaignArticleId: 9 });
    expect(result.notices[0]).toMatch(
      /Prisen på Skalljakke er endret fra 999,00\s?kr til 799,00\s?kr/u,
    );
  });

  it('marks an article no longer sold online', () => {
    const result = checkCart(
      [line()],
      { articles: new Map([[1, null]]), stock: stockOf(5, 5) },
      'delivery',
      WEB,
    );
    expect(result.errors).toEqual(['7000000000011']);
  });

  it('never raises a count and never leaves one above what the shops hold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom('delivery' as const, 'pickup' as const),
        (count, web, shop, fulfilment) => {
          const result = checkCart(
            [line({ count, webPurchaseLimit: 10 })],
            { articles: new Map([[1, live({ webPurchaseLimit: 10 })]]), stock: stockOf(web, shop) },
            fulfilment,
            WEB,
          );
          const next = result.lines[0];
          if (!next) return false;
          const held = fulfilment === 'delivery' ? Math.min(web, shop) : Math.max(web, shop);
          return next.count <= count && (result.errors.length > 0 || next.count <= held);
        },
      ),
    );
  });
});

describe('onlyForPickup', () => {
  it('finds the click-and-collect-only lines', () => {
    expect(onlyForPickup([line(), line({ onlyCC: true, ean: 'x' })]).map((l) => l.ean)).toEqual([
      'x',
    ]);
  });
});

describe('checkoutTotals', () => {
  const cart = recalculate({ ...emptyCart(), orders: [line({ price: 40000, pant: 500 })] });
  const tenPercent: PromoTerms = { type: 'cart', fixed: false, amount: 0.1 };
  const freeShipping: PromoTerms = { type: 'shipping', fixed: false, amount: 1 };

  it('shows the goods, the discount a cart code took, the shipping and the total', () => {
    const discounted = applyPromo(cart, null, tenPercent);
    if (typeof discounted === 'string') throw new Error(discounted);
    expect(checkoutTotals(discounted, 9900, tenPercent)).toEqual({
      subtotal: 40500,
      discount: 4050,
      shipping: 9900,
      total: 36450 + 9900,
    });
  });

  it('takes a shipping code off the shipping, and counts no shipping before a method', () => {
    expect(checkoutTotals(cart, 9900, freeShipping)).toEqual({
      subtotal: 40500,
      discount: 0,
      shipping: 0,
      total: 40500,
    });
    expect(checkoutTotals(cart, null, null)).toEqual({
      subtotal: 40500,
      discount: 0,
      shipping: 0,
      total: 40500,
    });
  });
});
