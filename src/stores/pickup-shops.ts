/**
 * The shops that can hand out a Klikk & Hent reservation now. Apart from the checkout store
 * because only the pick-up shop list (PickupShops.tsx) and the submission read it, both
 * loaded on interaction, so the checkout's first load carries none of it.
 */

import { computed } from 'nanostores';
import { shopsHoldingAll } from '../lib/domain/pickup-shops.ts';
import { $cart } from './cart.ts';
import { $liveCheck, checkoutShops } from './checkout.ts';

/** Ids of the shops that hold every line now, once the live check has run. */
export const $pickupShopIds = computed([$liveCheck, $cart], (check, cart) => {
  if (check.state !== 'ready') return [];
  const { shopIds, webShopId } = checkoutShops();
  return shopsHoldingAll(cart.orders, check.live.stock, shopIds, webShopId);
});
