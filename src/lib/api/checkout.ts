/**
 * Checkout-provider payments (contract/README.md, "Checkout providers"; Klikk & Hent
 * reservations are in reservation.ts); the client comes last (default client). Failures throw
 * `ApiRequestError` (client.ts): 422 carries field errors, 409 the EANs short of stock in
 * `errors.eanNo`.
 */

import type {
  ApiCheckoutRequest,
  ApiKlarnaOrder,
  ApiPaymentStatus,
  ApiVippsOrder,
} from '../../../contract/index.ts';
import { toPaymentStart, toPaymentStatus } from '../mappers/checkout.ts';
import type { CheckoutProvider, PaymentStart, PaymentStatus } from '../types.ts';
import { defaultClient, unreadableAnswer, type ApiClient } from './client.ts';

/** Field of a 409 answer that lists the EANs short of stock. */
export const SHORT_EANS_FIELD = 'eanNo';

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
  if (!start) throw unreadableAnswer('a payment start');
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
  if (!status) throw unreadableAnswer('a payment status');
  return status;
}
