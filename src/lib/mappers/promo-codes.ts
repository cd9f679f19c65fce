/** Mappers for shipping methods and promo codes. */

import type { ApiPromoCode, ApiShippingMethod } from '../../../contract/index.ts';
import type { PromoCode, ShippingMethod } from '../types.ts';
import { flag, hasFields, isNumber, isRecord, missingData, money } from './common.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Maps a shipping method; needs id, name and price (øre, rounded). */
export function toShippingMethod(wire: ApiShippingMethod): ShippingMethod | null {
  if (!hasFields(wire, ['price'], ['id', 'name'])) return missingData('shipping method', wire);
  return {
    id: wire.id,
    name: wire.name,
    description: text(wire.description),
    price: money(wire.price),
    isDefault: flag(wire.isDefault),
    requiresShop: flag(wire.requiresShop),
    deliveryDays: deliveryDays(wire.deliveryDays),
  };
}

/** Working days as sent, when both are whole, not negative and in order; else null. */
function deliveryDays(wire: unknown): ShippingMethod['deliveryDays'] {
  if (!isRecord(wire) || !isNumber(wire.min) || !isNumber(wire.max)) return null;
  const { min, max } = wire;
  return Number.isInteger(min) && Number.isInteger(max) && min >= 0 && max >= min
    ? { min, max }
    : null;
}

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
