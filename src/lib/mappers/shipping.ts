/** Mapper for shipping methods. */

import type { ApiShippingMethod } from '../../../contract/index.ts';
import { isNumber, isRecord } from '../../../contract/guards.ts';
import type { ShippingMethod } from '../types.ts';
import { flag, hasFields, missingData, money, text } from './common.ts';

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
