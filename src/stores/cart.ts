/**
 * The cart of SPEC 3 and 4. Each persisted part lives under its own SPEC localStorage key
 * (orders, client, count, total, discount and the two checkout-provider order lists), so
 * other code and other tabs read the same keys; payment data, order info and refused EANs
 * stay in memory. The lines are the truth: `$cart` derives count and total from them, so a
 * change arriving from another tab key by key never shows lines and count that disagree.
 */

import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import {
  addLine,
  cartLineFor,
  clearCart as clearCartState,
  decrementLine as decrementLineState,
  NO_DISCOUNT,
  purchaseLimit,
  recalculate,
  removeLine as removeLineState,
  type CartArticle,
  type CartLine,
  type CartState,
  type CartVariant,
  type Discount,
} from '../lib/domain/cart.ts';
import { addAlert } from './alerts.ts';
import { $cartCount } from './cart-count.ts';
import { isCount, safeJson } from './persist.ts';

export { $cartCount };

/** The shopper's details from the reservation and checkout form (SPEC 3 form fields). */
export interface CartClient {
  name: string;
  phone: string;
  email: string;
  delivery: string;
  address: string;
  city: string;
}

/** An order at the first checkout provider. */
export interface FirstProviderOrder {
  orderId: string;
}

/** An order at the second checkout provider, which takes one order per shop. */
export interface SecondProviderOrder {
  shopId: number;
  orderId: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';

function isCartLine(v: unknown): v is CartLine {
  if (!isRecord(v)) return false;
  const { color, shops } = v;
  return (
    isCount(v['count']) &&
    v['count'] > 0 &&
    ['id', 'articleId', 'variant', 'price', 'pant', 'frightPrice', 'webPurchaseLimit'].every((k) =>
      isNum(v[k]),
    ) &&
    ['ean', 'name', 'gender', 'size', 'image'].every((k) => isStr(v[k])) &&
    isBool(v['canPurchase']) &&
    isBool(v['onlyCC']) &&
    (v['campaignArticleId'] === null || isNum(v['campaignArticleId'])) &&
    isRecord(color) &&
    isNum(color['id']) &&
    isStr(color['name']) &&
    (color['hex'] === null || isStr(color['hex'])) &&
    isStr(color['image']) &&
    Array.isArray(shops) &&
    shops.every((s) => isRecord(s) && isNum(s['id']) && isNum(s['qty']))
  );
}

const isCartLines = (v: unknown): v is CartLine[] => Array.isArray(v) && v.every(isCartLine);

const isDiscount = (v: unknown): v is Discount =>
  isRecord(v) &&
  isBool(v['activated']) &&
  isBool(v['fixed']) &&
  isNum(v['amount']) &&
  isNum(v['originalTotal']);

const clientFields = ['name', 'phone', 'email', 'delivery', 'address', 'city'] as const;
const isClient = (v: unknown): v is CartClient | null =>
  v === null || (isRecord(v) && clientFields.every((k) => isStr(v[k])));

const isFirstOrders = (v: unknown): v is FirstProviderOrder[] =>
  Array.isArray(v) && v.every((o) => isRecord(o) && isStr(o['orderId']));

const isSecondOrders = (v: unknown): v is SecondProviderOrder[] =>
  Array.isArray(v) && v.every((o) => isRecord(o) && isNum(o['shopId']) && isStr(o['orderId']));

/** The cart lines (SPEC key `orders`). */
export const $orders = persistentAtom<CartLine[]>('orders', [], safeJson(isCartLines, []));
/** The shopper's form details (SPEC key `client`); null until given. */
export const $cartClient = persistentAtom<CartClient | null>(
  'client',
  null,
  safeJson(isClient, null),
);
/** What the shopper pays, øre (SPEC key `total`). */
export const $cartTotal = persistentAtom<number>('total', 0, safeJson(isCount, 0));
/** The applied discount (SPEC key `discount`). */
export const $discount = persistentAtom<Discount>(
  'discount',
  NO_DISCOUNT,
  safeJson(isDiscount, NO_DISCOUNT),
);
/** Orders at the first checkout provider (persisted). */
export const $firstProviderOrders = persistentAtom<FirstProviderOrder[]>(
  'firstProviderOrders',
  [],
  safeJson(isFirstOrders, []),
);
/** Orders at the second checkout provider (persisted). */
export const $secondProviderOrders = persistentAtom<SecondProviderOrder[]>(
  'secondProviderOrders',
  [],
  safeJson(isSecondOrders, []),
);
/** Payment status from a checkout provider; SPEC: not persisted. */
export const $txData = atom<CartState['txData']>(null);
/** Order info of the current checkout; in memory only. */
export const $orderInfo = atom<CartState['orderInfo']>(null);
/** EANs the server refused; in memory only. */
export const $cartErrors = atom<readonly string[]>([]);

/** The whole cart state, with count and total recomputed from the lines. */
export const $cart = computed(
  [$orders, $discount, $txData, $orderInfo, $cartErrors],
  (orders, discount, txData, orderInfo, cartErrors): CartState =>
    recalculate({ orders, discount, txData, orderInfo, cartErrors, count: 0, total: 0 }),
);

/**
 * Writes a new state. Lines go first and `count` last: another tab applies the keys in
 * write order, and its badge (which reads only `count`) then never runs ahead of the lines.
 */
function commit(next: CartState): void {
  $orders.set([...next.orders]);
  $discount.set(next.discount);
  $txData.set(next.txData);
  $orderInfo.set(next.orderInfo);
  $cartErrors.set(next.cartErrors);
  $cartTotal.set(next.total);
  $cartCount.set(next.count);
}

/** Corrects `count` and `total` when storage held values that disagree with the lines. */
function healTotals(): void {
  const { count, total } = $cart.get();
  if ($cartCount.get() !== count) $cartCount.set(count);
  if ($cartTotal.get() !== total) $cartTotal.set(total);
}
healTotals();

/** Outcome of {@link addToCart}. */
export type AddResult = 'added' | 'limit' | 'not-purchasable';

/**
 * Adds one of `variant` of `article` with SPEC's rules: a new EAN appends with count 1, an
 * existing one rises only while below the lower of webPurchaseLimit and the first shop's
 * stock. A refusal is told to the shopper as a warning; an article that cannot be bought on
 * the web is refused outright.
 */
export function addToCart(article: CartArticle, variant: CartVariant): AddResult {
  if (!article.canPurchase) {
    addAlert('warning', 'Denne varen kan ikke kjøpes i nettbutikken.');
    return 'not-purchasable';
  }
  const before = $cart.get();
  const line = cartLineFor(article, variant);
  const after = addLine(before, line);
  if (after === before) {
    const existing = before.orders.find((o) => o.ean === line.ean);
    const limit = existing ? purchaseLimit(existing) : 0;
    addAlert(
      'warning',
      `Du har allerede ${limit} av denne varen i handlekurven, som er det meste du kan kjøpe.`,
    );
    return 'limit';
  }
  commit(after);
  return 'added';
}

/** Lowers the line at `index` by one; a line at 1 is removed. */
export function decrementLine(index: number): void {
  commit(decrementLineState($cart.get(), index));
}

/** Removes the line at `index` with its whole count. */
export function removeLine(index: number): void {
  commit(removeLineState($cart.get(), index));
}

/** Empties the cart, payment data, discount and order info (SPEC 4). */
export function clearCart(): void {
  commit(clearCartState($cart.get()));
}
