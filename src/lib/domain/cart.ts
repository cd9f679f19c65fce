/**
 * Cart and discount rules of docs/spec.md §4 as pure functions over an immutable cart state. Every
 * change returns a new state with `count` and `total` recomputed. Money in øre. The sums, the
 * discount and the shipping after a code are contract/cart-totals.ts's, which the server
 * charges by too. The shopper's own changes to the lines are cart-lines.ts's, applying and
 * removing a promo code's discount promo-code.ts's.
 */

import {
  afterDiscount,
  cartSum,
  pantSum,
  type DiscountTerms,
} from '../../../contract/cart-totals.ts';

/** Stock of a variant in one shop. */
export interface ShopStock {
  id: number;
  qty: number;
}

/** A cart line (docs/spec.md §3). */
export interface CartLine {
  count: number;
  /** The article id (the chain's API names it twice: `id` and `articleId`). */
  id: number;
  articleId: number;
  /** The variant id. */
  variant: number;
  ean: string;
  name: string;
  gender: string;
  size: string;
  color: { id: number; name: string; hex: string | null; image: string };
  /** Unit price, øre. */
  price: number;
  /** The førpris of `price`, øre (Article.priorPrice); null when none is documented. */
  priorPrice: number | null;
  /** Unit deposit, øre. */
  pant: number;
  /** Shipping per line, øre (default 9900). */
  frightPrice: number;
  image: string;
  canPurchase: boolean;
  webPurchaseLimit: number;
  onlyCC: boolean;
  /** The variant's stock per shop, the web shop first (contract); its stock caps the count. */
  shops: readonly ShopStock[];
  /** The campaign item the price comes from, sent as `CampaignArticleID`; null if none. */
  campaignArticleId: number | null;
}

/** A line as it is added: everything but the count. */
export type NewCartLine = Omit<CartLine, 'count'>;

/** The discount of docs/spec.md §3: `amount` is øre when `fixed`, else a fraction of the sum. */
export interface Discount extends DiscountTerms {
  activated: boolean;
  /** The sum before the discount, øre. */
  originalTotal: number;
}

/** The parts of the cart state of docs/spec.md §3 that the cart rules read and write. */
export interface CartState {
  orders: readonly CartLine[];
  /** Number of items: the sum of the line counts. */
  count: number;
  /** What the shopper pays for the goods, øre: sum of (price + pant) × count, discounted. */
  total: number;
  discount: Discount;
  /** Payment status from a checkout provider; not persisted. */
  txData: Readonly<Record<string, unknown>> | null;
  orderInfo: Readonly<Record<string, unknown>> | null;
  /** EANs the server refused (out of stock); such lines make the cart invalid. */
  cartErrors: readonly string[];
}

/** A discount that is not applied. */
export const NO_DISCOUNT: Discount = Object.freeze({
  activated: false,
  fixed: false,
  amount: 0,
  originalTotal: 0,
});

/** An empty cart. */
export function emptyCart(): CartState {
  return {
    orders: [],
    count: 0,
    total: 0,
    discount: NO_DISCOUNT,
    txData: null,
    orderInfo: null,
    cartErrors: [],
  };
}

/**
 * What the web shop holds of a variant, which delivered goods come from: the first shop's
 * stock, since the API lists the web shop first in every variant's shops (contract/README.md).
 */
export function webShopStock(variant: { shops: readonly ShopStock[] }): number {
  return Math.max(0, variant.shops[0]?.qty ?? 0);
}

/** The most of a line one may buy: the lower of webPurchaseLimit and the first shop's stock. */
export function purchaseLimit(line: Pick<CartLine, 'webPurchaseLimit' | 'shops'>): number {
  return Math.max(0, Math.min(line.webPurchaseLimit, webShopStock(line)));
}

/** Whether the line's count has reached {@link purchaseLimit}, so it may not rise further. */
export function isAtLimit(line: Pick<CartLine, 'count' | 'webPurchaseLimit' | 'shops'>): boolean {
  return line.count >= purchaseLimit(line);
}

/**
 * The line with its count brought within {@link purchaseLimit}, at least 1: a stored line may
 * have been written by older code or by hand. The same object when the count already fits.
 */
export function withCountInLimit(line: CartLine): CartLine {
  const count = Math.max(1, Math.min(Math.floor(line.count), purchaseLimit(line)));
  return count === line.count ? line : { ...line, count };
}

/**
 * Recomputes count, total and discount from the lines. An empty cart has total 0 and no
 * discount; an active discount is re-applied to the new sum, never below the pant sum.
 */
export function recalculate(state: CartState): CartState {
  const count = state.orders.reduce((n, line) => n + line.count, 0);
  if (state.orders.length === 0) return { ...state, count: 0, total: 0, discount: NO_DISCOUNT };
  const sum = cartSum(state.orders);
  const { discount } = state;
  if (!discount.activated) return { ...state, count, total: sum };
  const total = afterDiscount(sum, discount, pantSum(state.orders));
  return { ...state, count, total, discount: { ...discount, originalTotal: sum } };
}

/** Empties the cart, payment data, discount and order info; refused EANs are kept. */
export function clearCart(state: CartState): CartState {
  return { ...emptyCart(), cartErrors: state.cartErrors };
}

/** A cart can be ordered when it has lines and none of their EANs is in cartErrors. */
export function isCartValid(state: CartState): boolean {
  const refused = new Set(state.cartErrors);
  return state.orders.length > 0 && !state.orders.some((line) => refused.has(line.ean));
}

/** What a cart line needs from an article (list or detail shape). */
export interface CartArticle {
  id: number;
  name: string;
  gender: string;
  /** Final price, øre, campaign included. */
  price: number;
  priorPrice: number | null;
  pant: number;
  frightPrice: number;
  image: string;
  canPurchase: boolean;
  webPurchaseLimit: number;
  onlyCC: boolean;
  campaigns: ReadonlyArray<{ id: number; price: number }>;
}

/** What a cart line needs from the chosen variant. */
export interface CartVariant {
  id: number;
  ean: string;
  size: { name: string };
  color: { id: number; name: string; hex: string | null; image: string };
  shops: readonly ShopStock[];
}
