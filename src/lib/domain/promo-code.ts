/**
 * Promo codes applied to the cart as pure functions (docs/spec.md §3, 4 and 9): once, and only to a
 * cart with lines. Apart from cart.ts, whose state they change, because only applying or
 * removing a code uses them (stores/promo-code.ts, loaded with the promo code dialog); the
 * goods after a code are cart.ts's total, as every view of the cart shows it.
 */

import {
  isUsableDiscount,
  type DiscountTerms,
  type PromoTerms,
} from '../../../contract/cart-totals.ts';
import { NO_DISCOUNT, recalculate, type CartState } from './cart.ts';

/**
 * Applies a discount once: with one already active, or a negative or non-finite amount,
 * the state is returned unchanged. An empty cart stays at total 0 with no discount.
 */
export function applyDiscount(state: CartState, terms: DiscountTerms): CartState {
  if (state.discount.activated || !isUsableDiscount(terms)) return state;
  return recalculate({
    ...state,
    discount: { activated: true, fixed: terms.fixed, amount: terms.amount, originalTotal: 0 },
  });
}

/** Removes the discount and recomputes the total. */
export function removeDiscount(state: CartState): CartState {
  return recalculate({ ...state, discount: NO_DISCOUNT });
}

/**
 * Why a promo code is refused: one is already in use, there is nothing to discount, or its
 * amount is negative or not a number.
 */
export type PromoRefusal = 'already-applied' | 'empty-cart' | 'unusable';

/**
 * Whether a promo code may be applied now. The spec: a discount applies once, so while a code
 * (of either type) or a discount is active another is refused; an empty cart has nothing to
 * discount and would drop the code at once. Null when a code may be applied.
 */
export function promoRefusal(state: CartState, active: PromoTerms | null): PromoRefusal | null {
  if (active || state.discount.activated) return 'already-applied';
  if (state.orders.length === 0) return 'empty-cart';
  return null;
}

/**
 * Applies a promo code once ({@link promoRefusal}); one with an amount that is negative or
 * not a number is refused rather than kept as a code that gives nothing. A cart code becomes the discount of
 * {@link applyDiscount}; a shipping code leaves the goods as they are (its effect is
 * checkout.ts's `checkoutTotals`), but still counts as the one code in use.
 */
export function applyPromo(
  state: CartState,
  active: PromoTerms | null,
  promo: PromoTerms,
): CartState | PromoRefusal {
  const refusal = promoRefusal(state, active);
  if (refusal) return refusal;
  if (!isUsableDiscount(promo)) return 'unusable';
  return promo.type === 'shipping' ? state : applyDiscount(state, promo);
}
