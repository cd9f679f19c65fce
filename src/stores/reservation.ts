/**
 * Klikk & Hent: the cart's lines reserved for pick-up in a shop, the checkout's way when the
 * shopper picks a shop instead of delivery. Part of the submission's code
 * (checkout-submit.ts), loaded on the first submission.
 */

import type { ApiReservationRequest } from '../../contract/index.ts';
import { createReservation } from '../lib/api/reservation.ts';
import { clearCart } from './cart.ts';
import { keepReservation } from './checkout-result.ts';

/**
 * Reserves the lines of `request` for pick-up, then shows the reservation: kept for the
 * confirmation page in this tab, the cart cleared (the goods wait in the shop), and the
 * shopper sent to the confirmation. `idempotencyKey` makes a retry of the same submission
 * answer the first reservation instead of reserving twice.
 */
export async function reserveForPickup(
  request: ApiReservationRequest,
  idempotencyKey: string,
): Promise<void> {
  const reservation = await createReservation(request, idempotencyKey);
  keepReservation(reservation);
  clearCart();
  location.assign(`/checkout/kvittering?reservasjon=${String(reservation.id)}`);
}
