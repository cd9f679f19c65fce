/**
 * The promo code of docs/spec.md §4: checked with the server and applied to the cart once, or
 * removed. It changes the cart store's state (cart.ts) but stands apart from it, as only the
 * promo code dialog uses it: the checkout loads it when the shopper asks for a promo code,
 * other pages with the cart modal, so neither loads it before the shopper does anything.
 */

import { ApiRequestError } from '../lib/api/client.ts';
import { checkPromoCode } from '../lib/api/promo-codes.ts';
import {
  applyPromo,
  promoRefusal,
  removeDiscount,
  type PromoRefusal,
} from '../lib/domain/promo-code.ts';
import type { PromoCode } from '../lib/types.ts';
import { $activePromocode, $cart, updateCart } from './cart.ts';

/** Outcome of {@link applyPromoCode}: the Norwegian message to show when refused. */
export type PromoResult = { ok: true } | { ok: false; message: string };

const promoRefusals: Readonly<Record<PromoRefusal, string>> = {
  'already-applied': 'Du har allerede brukt en rabattkode.',
  'empty-cart': 'Legg varer i handlekurven før du bruker en rabattkode.',
  unusable: 'Denne rabattkoden kan ikke brukes.',
};

const refused = (message: string): PromoResult => ({ ok: false, message });

/**
 * Checks `code` with the server and applies it once (docs/spec.md §4): a cart code becomes the
 * discount, a shipping code is kept as the active code for the checkout's shipping price.
 * Refused while a code is in use or the cart is empty; an unknown, expired or not yet valid
 * code answers the server's Norwegian message.
 */
export async function applyPromoCode(code: string): Promise<PromoResult> {
  const name = code.trim();
  if (!name) return refused('Skriv inn en rabattkode.');
  const early = promoRefusal($cart.get(), $activePromocode.get());
  if (early) return refused(promoRefusals[early]);
  let promo: PromoCode | null;
  try {
    promo = await checkPromoCode(name);
  } catch (error) {
    // 422 carries the reason in Norwegian (expired, not yet valid); other failures do not.
    return refused(
      error instanceof ApiRequestError && error.status === 422 && error.message
        ? error.message
        : 'Vi kunne ikke sjekke rabattkoden nå. Prøv igjen om litt.',
    );
  }
  if (!promo) return refused('Rabattkoden finnes ikke.');
  // The cart or another tab may have changed while the server answered: decide on it now.
  const next = applyPromo($cart.get(), $activePromocode.get(), promo);
  if (typeof next === 'string') return refused(promoRefusals[next]);
  updateCart(() => next);
  $activePromocode.set(promo);
  return { ok: true };
}

/** Removes the promo code in use and its discount, and recomputes the total. */
export function removePromoCode(): void {
  updateCart(removeDiscount);
  $activePromocode.set(null);
}
