/**
 * Reservations and checkout-provider payments (contract/README.md, "Reservations" and
 * "Checkout providers"); the client comes last (default client). Failures throw
 * {@link ApiRequestError}: 422 carries field errors, 409 the EANs short of stock in
 * `errors.eanNo`.
 */

import type {
  ApiCheckoutRequest,
  ApiKlarnaOrder,
  ApiPaymentStatus,
  ApiReservation,
  ApiReservationRequest,
  ApiVippsOrder,
} from '../../../contract/index.ts';
import { toPaymentStart, toPaymentStatus, toReservation } from '../mappers/checkout.ts';
import type { CheckoutProvider, PaymentStart, PaymentStatus, Reservation } from '../types.ts';
import { ApiRequestError, defaultClient, type ApiClient } from './client.ts';

/** Field of a 409 answer that lists the EANs short of stock. */
export const SHORT_EANS_FIELD = 'eanNo';

function unreadable(what: string): ApiRequestError {
  return new ApiRequestError(502, `The API answered ${what} the shop cannot read.`);
}

/**
 * Reserves the lines for pick-up (Klikk & Hent). `idempotencyKey` makes a retry of the same
 * submission answer the first reservation instead of reserving twice.
 */
export async function createReservation(
  request: ApiReservationRequest,
  idempotencyKey: string,
  client: ApiClient = defaultClient(),
): Promise<Reservation> {
  const wire = await client.request<ApiReservation>('reservations', {
    method: 'POST',
    body: { ...request },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const reservation = toReservation(wire);
  if (!reservation) throw unreadable('a reservation');
  return reservation;
}

/** Starts a payment at `provider`: the server reserves and prices the lines first. */
export async function startPayment(
  provider: CheckoutProvider,
  request: ApiCheckoutRequest,
  idempotencyKey: string,
  client: ApiClient = defaultClient(),
): Promise<PaymentStart> {
  const wire = await client.request<ApiKlarnaOrder | ApiVippsOrder>(`checkout/${provider}/orders`, {
    method: 'POST',
    body: { ...request },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const start = toPaymentStart(provider, wire);
  if (!start) throw unreadable('a payment start');
  return start;
}

/** Where a payment stands; reading it lets the server complete a paid order. */
export async function getPaymentStatus(
  provider: CheckoutProvider,
  orderId: string,
  client: ApiClient = defaultClient(),
): Promise<PaymentStatus> {
  const wire = await client.get<ApiPaymentStatus>(
    `checkout/${provider}/orders/${encodeURIComponent(orderId)}`,
  );
  const status = toPaymentStatus(wire);
  if (!status) throw unreadable('a payment status');
  return status;
}
