/**
 * The shopper's changes to the cart's lines (docs/spec.md §4): adding a variant on the product page,
 * and one more, one fewer or none of a line in the cart modal. They change the cart store's
 * state (cart.ts) but stand apart from it, so the checkout, which only reads the cart, does
 * not load them on arrival.
 */

import type { CartArticle, CartVariant } from '../lib/domain/cart.ts';
import {
  addLine,
  cartLineFor,
  decrementLine as decrementLineState,
  incrementLine as incrementLineState,
  removeLine as removeLineState,
} from '../lib/domain/cart-lines.ts';
import { addAlert } from './alerts.ts';
import { $cart, updateCart } from './cart.ts';

/** Outcome of {@link addToCart}. */
export type AddResult = 'added' | 'limit' | 'not-purchasable';

/**
 * Adds one of `variant` of `article` with the spec's rules: a new EAN appends with count 1, an
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
    // The count, not the limit: a line the web shop holds none of has a limit of 0 but one
    // unit in the cart, kept for pick-up in a shop.
    const count = before.orders.find((o) => o.ean === line.ean)?.count ?? 0;
    addAlert(
      'warning',
      `Du har allerede ${count} av denne varen i handlekurven, som er det meste du kan kjøpe.`,
    );
    return 'limit';
  }
  updateCart(() => after);
  return 'added';
}

/**
 * Raises the line at `index` by one while it is below its purchase limit (the lower of
 * webPurchaseLimit and the first shop's stock); at the limit nothing changes.
 */
export function incrementLine(index: number): void {
  updateCart((state) => incrementLineState(state, index));
}

/** Lowers the line at `index` by one; a line at 1 is removed. */
export function decrementLine(index: number): void {
  updateCart((state) => decrementLineState(state, index));
}

/** Removes the line at `index` with its whole count. */
export function removeLine(index: number): void {
  updateCart((state) => removeLineState(state, index));
}
