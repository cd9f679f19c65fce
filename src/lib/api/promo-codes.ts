/** Shipping and promo-code calls of SPEC 7; the client comes last (default client). */

import type { ApiPromoCode, ApiShippingMethod } from '../../../contract/index.ts';
import { toPromoCode, toShippingMethod } from '../mappers/commerce.ts';
import { mapList } from '../mappers/common.ts';
import type { PromoCode, ShippingMethod } from '../types.ts';
import { ApiRequestError, defaultClient, type ApiClient } from './client.ts';

/** Every shipping method. */
export async function getShippingMethods(
  client: ApiClient = defaultClient(),
): Promise<ShippingMethod[]> {
  return mapList(await client.get<ApiShippingMethod[]>('shipping_methods'), toShippingMethod);
}

/** Every promo code that is currently offered. */
export async function getPromoCodes(client: ApiClient = defaultClient()): Promise<PromoCode[]> {
  return mapList(await client.get<ApiPromoCode[]>('promocodes'), toPromoCode);
}

/**
 * Checks a code the shopper typed. Null when no such valid code exists (404); other
 * failures throw {@link ApiRequestError}.
 */
export async function checkPromoCode(
  code: string,
  client: ApiClient = defaultClient(),
): Promise<PromoCode | null> {
  try {
    return toPromoCode(
      await client.get<ApiPromoCode>(`promocodes/check/${encodeURIComponent(code.trim())}`),
    );
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
