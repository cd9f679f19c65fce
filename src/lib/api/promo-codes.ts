/** The promo-code check of docs/spec.md §7; the client comes last (default client). */

import type { ApiPromoCode } from '../../../contract/index.ts';
import { toPromoCode } from '../mappers/promo-codes.ts';
import type { PromoCode } from '../types.ts';
import { ApiRequestError, defaultClient, type ApiClient } from './client.ts';

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
