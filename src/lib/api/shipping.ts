/** The shipping methods of docs/spec.md §7; the client comes last (default client). */

import type { ApiShippingMethod } from '../../../contract/index.ts';
import { mapList } from '../mappers/common.ts';
import { toShippingMethod } from '../mappers/shipping.ts';
import type { ShippingMethod } from '../types.ts';
import { defaultClient, type ApiClient } from './client.ts';

/** Every shipping method. */
export async function getShippingMethods(
  client: ApiClient = defaultClient(),
): Promise<ShippingMethod[]> {
  return mapList(await client.get<ApiShippingMethod[]>('shipping_methods'), toShippingMethod);
}
