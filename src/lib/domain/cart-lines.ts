/**
 * The shopper's changes to the cart's lines as pure functions (docs/spec.md §4): a variant added, a
 * line raised, lowered or removed, each within the line's purchase limit. Apart from cart.ts
 * because only the product page's buy box and the cart modal change lines
 * (stores/cart-lines.ts), while the checkout, which only reads the cart, loads cart.ts on
 * arrival.
 */

import {
  isAtLimit,
  recalculate,
  type CartArticle,
  type CartState,
  type CartVariant,
  type NewCartLine,
} from './cart.ts';

/**
 * The line to add for `variant` of `article`. The price is the article's final price; the
 * campaign item that gives that price (the first one at it) is sent as
 * `CampaignArticleID`. The variant's colour image stands in for the article image when set.
 */
export function cartLineFor(article: CartArticle, variant: CartVariant): NewCartLine {
  const campaign = article.campaigns.find((c) => c.price === article.price);
  return {
    id: article.id,
    articleId: article.id,
    variant: variant.id,
    ean: variant.ean,
    name: article.name,
    gender: article.gender,
    size: variant.size.name,
    color: { ...variant.color },
    price: article.price,
    priorPrice: article.priorPrice,
    pant: article.pant,
    frightPrice: article.frightPrice,
    image: variant.color.image || article.image,
    canPurchase: article.canPurchase,
    webPurchaseLimit: article.webPurchaseLimit,
    onlyCC: article.onlyCC,
    shops: variant.shops.map((s) => ({ id: s.id, qty: s.qty })),
    campaignArticleId: campaign?.id ?? null,
  };
}

/**
 * Adds one of a line. A new EAN is appended with count 1. An EAN already in the cart is
 * raised by one only while its count is below cart.ts's `purchaseLimit`; otherwise the state is
 * returned unchanged (same object).
 */
export function addLine(state: CartState, line: NewCartLine): CartState {
  const index = state.orders.findIndex((o) => o.ean === line.ean);
  const existing = state.orders[index];
  if (!existing) return recalculate({ ...state, orders: [...state.orders, { ...line, count: 1 }] });
  if (isAtLimit(existing)) return state;
  return recalculate({
    ...state,
    orders: state.orders.with(index, { ...existing, count: existing.count + 1 }),
  });
}

/**
 * Raises the line at `index` by one under the rule of {@link addLine}: unchanged (same
 * object) at its limit or for an unknown index.
 */
export function incrementLine(state: CartState, index: number): CartState {
  const line = state.orders[index];
  return line ? addLine(state, line) : state;
}

/**
 * Lowers the count of the line at `index` by one. A line at count 1 is removed (a line
 * never holds 0), which clears the discount when the cart becomes empty. Unknown index:
 * unchanged.
 */
export function decrementLine(state: CartState, index: number): CartState {
  const line = state.orders[index];
  if (!line) return state;
  if (line.count <= 1) return removeLine(state, index);
  return recalculate({
    ...state,
    orders: state.orders.with(index, { ...line, count: line.count - 1 }),
  });
}

/** Removes the line at `index` with its whole count. Unknown index: unchanged. */
export function removeLine(state: CartState, index: number): CartState {
  if (!state.orders[index]) return state;
  return recalculate({ ...state, orders: state.orders.toSpliced(index, 1) });
}
