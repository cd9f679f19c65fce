/**
 * The return page of the checkout: where the payment the shopper came back from stands, or
 * the Klikk & Hent reservation just made. Apart from checkout.ts so that the return page
 * loads none of the form's code.
 */

import { atom } from 'nanostores';
import { ApiRequestError } from '../lib/api/client.ts';
import type { PaymentStatus, Reservation } from '../lib/types.ts';
import { clearCart } from './cart.ts';

const RESERVATION_KEY = 'reservation';

/** Keeps a confirmed reservation for the confirmation page, in this tab only. */
export function keepReservation(reservation: Reservation): void {
  try {
    sessionStorage.setItem(RESERVATION_KEY, JSON.stringify(reservation));
  } catch {
    // Private mode without storage: the confirmation page then shows the number only.
  }
}

/** The reservation confirmed in this tab with `id`, or null. */
export function keptReservation(id: number): Reservation | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(RESERVATION_KEY) ?? 'null');
    return typeof value === 'object' && value !== null && (value as Reservation).id === id
      ? (value as Reservation)
      : null;
  } catch {
    return null;
  }
}

/** The outcome the return page shows. */
export type PaymentResult =
  | { state: 'loading' }
  | { state: 'payment'; payment: PaymentStatus }
  | { state: 'reservation'; id: number; reservation: Reservation | null }
  | { state: 'unknown' }
  | { state: 'error' };

/** The outcome of the payment or reservation the shopper returned from. */
export const $paymentResult = atom<PaymentResult>({ state: 'loading' });

/**
 * Reads where the payment in the return URL stands (`?provider=&order=`, or `?reservasjon=`
 * after Klikk & Hent). The server asks the provider, so the answer holds even when the
 * provider's push is late. The cart is cleared only for a paid payment; a cancelled, failed
 * or refunded (approved too late, goods gone) one keeps it.
 */
export async function loadPaymentResult(search: string): Promise<void> {
  const query = new URLSearchParams(search);
  const reservationId = Number(query.get('reservasjon'));
  if (Number.isSafeInteger(reservationId) && reservationId > 0) {
    $paymentResult.set({
      state: 'reservation',
      id: reservationId,
      reservation: keptReservation(reservationId),
    });
    return;
  }
  const provider = query.get('provider');
  const orderId = query.get('order');
  if ((provider !== 'first' && provider !== 'second') || !orderId) {
    $paymentResult.set({ state: 'unknown' });
    return;
  }
  $paymentResult.set({ state: 'loading' });
  try {
    const { getPaymentStatus } = await import('../lib/api/checkout.ts');
    const payment = await getPaymentStatus(provider, orderId);
    if (payment.status === 'paid') clearCart();
    $paymentResult.set({ state: 'payment', payment });
  } catch (error) {
    $paymentResult.set(
      error instanceof ApiRequestError && error.status === 404
        ? { state: 'unknown' }
        : { state: 'error' },
    );
  }
}
