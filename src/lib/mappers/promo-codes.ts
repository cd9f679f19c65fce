/** Mapper for promo codes. */

import type { ApiPromoCode } from '../../../contract/index.ts';
import type { PromoCode } from '../types.ts';
import { flag, hasFields, missingData, text } from './common.ts';

/**
 * Maps a promo code; needs Id, Name and Amount. `amount` stays as sent: øre when `fixed`,
 * else a fraction (0.2 = 20 %). A Type other than `shipping` counts as `cart`.
 */
export function toPromoCode(wire: ApiPromoCode): PromoCode | null {
  if (!hasFields(wire, ['Id', 'Amount'], ['Name'])) return missingData('promo code', wire);
  return {
    id: wire.Id,
    name: wire.Name,
    validFrom: text(wire.ValidFrom),
    validTo: text(wire.ValidTo),
    fixed: flag(wire.Fixed),
    amount: wire.Amount,
    type: wire.Type === 'shipping' ? 'shipping' : 'cart',
  };
}
