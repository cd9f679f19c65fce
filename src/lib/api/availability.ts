/**
 * `GET articles/availability/{id}`, apart from the other catalogue calls (catalogue.ts): the
 * product page loads it at once, and a module of its own keeps the listing and search code
 * out of that page's JS.
 */

import type { ApiAvailability } from '../../../contract/index.ts';
import { toAvailability } from '../mappers/availability.ts';
import type { Availability } from '../types.ts';
import { defaultClient, type ApiClient } from './client.ts';

/** Live stock of an article's variants. */
export async function getAvailability(
  id: number,
  client: ApiClient = defaultClient(),
): Promise<Availability | null> {
  return toAvailability(await client.get<ApiAvailability>(`articles/availability/${id}`));
}
