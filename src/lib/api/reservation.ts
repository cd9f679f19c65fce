/**
 * Klikk & Hent reservations (contract/README.md, "Reservations"): the lines reserved for
 * pick-up in a shop. Failures throw `ApiRequestError` (client.ts): 422 carries field errors,
 * 409 the EANs short of stock in `errors.eanNo`.
 */

import type { ApiReservation, ApiReservationRequest } from '../../../contract/index.ts';
import { toReservation } from '../mappers/checkout.ts';
import type { Reservation } from '../types.ts';
import { defaultClient, unreadableAnswer, type ApiClient } from './client.ts';

/**
 * Reserves the lines for pick-up. `idempotencyKey` makes a retry of the same submission
 * answer the first reservation instead of reserving twice.
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
  if (!reservation) throw unreadableAnswer('a reservation');
  return reservation;
}
