/**
 * Cart lines and promo codes for unit tests of what stores or shows the cart, so each test names only the
 * fields it is about.
 */

import type { CartLine } from '../lib/domain/cart.ts';
import type { PromoCode } from '../lib/types.ts';

/** A stored cart line: one 499 kr jacket, limit 3, five in the first shop, unless overridden. */
export function cartLine(ean: string, overrides: Partial<CartLine> = {}): CartLine {
  return {
    count: 1,
    id: 1,
    articleId: 1,
    variant: 10,
    ean,
    name: 'Vinterjakke',
    gender: 'Barn',
    size: '110',
    color: { id: 1, name: 'Rød', hex: '#c00000', image: '/images/variants/10.svg' },
    price: 49900,
    priorPrice: null,
    pant: 0,
    frightPrice: 9900,
    image: '/images/variants/10.svg',
    canPurchase: true,
    webPurchaseLimit: 3,
    onlyCC: false,
    shops: [{ id: 55, qty: 5 }],
    campaignArticleId: null,
    ...overrides,
  };
}

/** A promo code: VINTER10, 10 % off the goods, valid for years, unless overridden. */
export function promoCode(overrides: Partial<PromoCode> = {}): PromoCode {
  return {
    id: 1,
    name: 'VINTER10',
    validFrom: '2025-01-01',
    validTo: '2099-12-31',
    fixed: false,
    amount: 0.1,
    type: 'cart',
    ...overrides,
  };
}
