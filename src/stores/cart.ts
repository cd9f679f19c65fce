/**
 * The cart of docs/spec.md §3 and 4. Each persisted part lives under its own the spec localStorage key
 * (orders, client, count, total, discount, activePromocode; the Klarna and Vipps payment
 * lists are provider-payments.ts's), so other code and other tabs read the same keys;
 * payment data, order info and refused EANs stay in memory. The lines are the truth: `$cart` derives count and total from them, so a
 * change arriving from another tab key by key never shows lines and count that disagree.
 */

import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { isBoolean, isNumber, isRecord, isString } from '../../contract/guards.ts';
import {
  clearCart as clearCartState,
  NO_DISCOUNT,
  recalculate,
  withCountInLimit,
  type CartLine,
  type CartState,
  type Discount,
} from '../lib/domain/cart.ts';
import type { PromoCode } from '../lib/types.ts';
import { addAlert } from './alerts.ts';
import { $cartCount, $cartOpen, closeCart, openCart } from './cart-count.ts';
import { safeJsonList } from './persist-list.ts';
import { isCount, safeJson } from './persist.ts';

export { $cartCount, $cartOpen, closeCart, openCart };

/**
 * The shopper's details from the reservation and checkout form (docs/spec.md §3 form fields, with the
 * postal code the reservation request sends).
 */
export interface CartClient {
  name: string;
  phone: string;
  email: string;
  delivery: string;
  address: string;
  postalCode: string;
  city: string;
}

/** A stored line as it must look to be read; its count is brought within limits after. */
function isStoredLine(v: unknown): v is CartLine {
  if (!isRecord(v)) return false;
  const { color, shops } = v;
  return (
    isNumber(v['count']) &&
    ['id', 'articleId', 'variant', 'price', 'pant', 'frightPrice', 'webPurchaseLimit'].every((k) =>
      isNumber(v[k]),
    ) &&
    ['ean', 'name', 'gender', 'size', 'image'].every((k) => isString(v[k])) &&
    isBoolean(v['canPurchase']) &&
    isBoolean(v['onlyCC']) &&
    (v['campaignArticleId'] === null || isNumber(v['campaignArticleId'])) &&
    isRecord(color) &&
    isNumber(color['id']) &&
    isString(color['name']) &&
    (color['hex'] === null || isString(color['hex'])) &&
    isString(color['image']) &&
    Array.isArray(shops) &&
    shops.every((s) => isRecord(s) && isNumber(s['id']) && isNumber(s['qty']))
  );
}

/**
 * A stored line, its count clamped to 1..limit; null when it cannot be read. A line stored
 * without a førpris (before lines kept one) gets none: it shows no reduction.
 */
const readStoredLine = (v: unknown): CartLine | null => {
  if (!isStoredLine(v)) return null;
  const priorPrice: unknown = v.priorPrice;
  return withCountInLimit(
    priorPrice === null || isNumber(priorPrice) ? v : { ...v, priorPrice: null },
  );
};

const isDiscount = (v: unknown): v is Discount =>
  isRecord(v) &&
  isBoolean(v['activated']) &&
  isBoolean(v['fixed']) &&
  isNumber(v['amount']) &&
  isNumber(v['originalTotal']);

const clientFields = [
  'name',
  'phone',
  'email',
  'delivery',
  'address',
  'postalCode',
  'city',
] as const;
const isClient = (v: unknown): v is CartClient | null =>
  v === null || (isRecord(v) && clientFields.every((k) => isString(v[k])));

const isPromoCode = (v: unknown): v is PromoCode | null =>
  v === null ||
  (isRecord(v) &&
    isNumber(v['id']) &&
    ['name', 'validFrom', 'validTo'].every((k) => isString(v[k])) &&
    isBoolean(v['fixed']) &&
    isNumber(v['amount']) &&
    (v['type'] === 'cart' || v['type'] === 'shipping'));

/** Set when the stored lines were corrected while this module loaded; see below. */
let linesRepairedOnLoad = false;
let toldLinesLost = false;

// A line that cannot be read is dropped alone; the shopper hears of it once per page.
function onLinesRepaired(lost: boolean): void {
  linesRepairedOnLoad = true;
  if (!lost || toldLinesLost) return;
  toldLinesLost = true;
  addAlert('warning', 'En eller flere varer i handlekurven kunne ikke leses og ble fjernet.');
}

/**
 * The cart lines (the spec key `orders`). Stored lines are read one by one: one that cannot be
 * read is dropped without the rest, and a count above the line's purchase limit is lowered.
 */
export const $cartLines = persistentAtom<CartLine[]>(
  'orders',
  [],
  safeJsonList(readStoredLine, onLinesRepaired),
);
/** The shopper's form details (the spec key `client`); null until given. */
export const $cartClient = persistentAtom<CartClient | null>(
  'client',
  null,
  safeJson(isClient, null),
);
/** What the shopper pays, øre (the spec key `total`). */
export const $cartTotal = persistentAtom<number>('total', 0, safeJson(isCount, 0));
/** The applied discount (the spec key `discount`). */
export const $discount = persistentAtom<Discount>(
  'discount',
  NO_DISCOUNT,
  safeJson(isDiscount, NO_DISCOUNT),
);
/** The promo code in use (the spec key `activePromocode`); null when none. */
export const $activePromocode = persistentAtom<PromoCode | null>(
  'activePromocode',
  null,
  safeJson(isPromoCode, null),
);
/** Payment status from a checkout provider; the spec: not persisted. */
export const $txData = atom<CartState['txData']>(null);
/** Order info of the current checkout; in memory only. */
export const $orderInfo = atom<CartState['orderInfo']>(null);
/** EANs the server refused; in memory only. */
export const $cartErrors = atom<readonly string[]>([]);

/** The whole cart state, with count and total recomputed from the lines. */
export const $cart = computed(
  [$cartLines, $discount, $txData, $orderInfo, $cartErrors],
  (orders, discount, txData, orderInfo, cartErrors): CartState =>
    recalculate({ orders, discount, txData, orderInfo, cartErrors, count: 0, total: 0 }),
);

/**
 * Writes a new state. Lines go first and `count` last: another tab applies the keys in
 * write order, and its badge (which reads only `count`) then never runs ahead of the lines.
 * A cart that becomes empty drops the promo code with the discount.
 */
function commit(next: CartState): void {
  $cartLines.set([...next.orders]);
  if (next.orders.length === 0 && $activePromocode.get()) $activePromocode.set(null);
  $discount.set(next.discount);
  $txData.set(next.txData);
  $orderInfo.set(next.orderInfo);
  $cartErrors.set(next.cartErrors);
  $cartTotal.set(next.total);
  $cartCount.set(next.count);
}

/**
 * Writes back what loading corrected: lines read with some dropped or lowered (so the
 * shopper is told only once), `count` and `total` that disagree with the lines, and a promo
 * code that no longer has a cart, or a cart discount, to belong to.
 */
function healStorage(): void {
  if (linesRepairedOnLoad) $cartLines.set([...$cartLines.get()]);
  const { orders, count, total, discount } = $cart.get();
  if ($cartCount.get() !== count) $cartCount.set(count);
  if ($cartTotal.get() !== total) $cartTotal.set(total);
  const promo = $activePromocode.get();
  if (promo && (orders.length === 0 || (promo.type === 'cart' && !discount.activated))) {
    $activePromocode.set(null);
  }
}
healStorage();

/** Empties the cart, payment data, discount, order info and promo code (docs/spec.md §4). */
export function clearCart(): void {
  commit(clearCartState($cart.get()));
}

/**
 * Commits the state `fn` makes of the current one, with count and total recomputed from its
 * lines, for rules the cart actions here do not cover (the line edits', the checkout's, the
 * promo code's).
 */
export function updateCart(fn: (state: CartState) => CartState): void {
  commit(recalculate(fn($cart.get())));
}

/** Marks the lines with these EANs as refused by the server (out of stock); in memory only. */
export function setCartErrors(eans: readonly string[]): void {
  $cartErrors.set([...eans]);
}
