/** Shop and postal-code calls of docs/spec.md §7; the client comes last (default client). */

import type { ApiPostalCode, ApiShop } from '../../../contract/index.ts';
import { mapList } from '../mappers/common.ts';
import { toPostalCode, toShop } from '../mappers/shops.ts';
import type { PostalCode, Shop } from '../types.ts';
import { ApiRequestError, defaultClient, type ApiClient } from './client.ts';

/** Every shop of the chain. */
export async function getShops(client: ApiClient = defaultClient()): Promise<Shop[]> {
  return mapList(await client.get<ApiShop[]>('shops'), toShop);
}

/** Every postal code with its coordinates. */
export async function getPostalCodes(client: ApiClient = defaultClient()): Promise<PostalCode[]> {
  return mapList(await client.get<ApiPostalCode[]>('postalcodes'), toPostalCode);
}

/** One postal code; null when the server does not know it (404). */
export async function getPostalCode(
  code: string,
  client: ApiClient = defaultClient(),
): Promise<PostalCode | null> {
  try {
    return toPostalCode(await client.get<ApiPostalCode>(`postalcodes/${encodeURIComponent(code)}`));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
