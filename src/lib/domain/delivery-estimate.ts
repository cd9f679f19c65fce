/**
 * When a delivery arrives, from the shipping method's working days (angrerettloven § 8
 * wants the delivery time stated before the order is placed). Said as working days rather
 * than dates: dates would need calendar code on the checkout's first load, whose JS budget
 * is full, and public holidays would make them wrong.
 */

import type { ShippingMethod } from '../types.ts';

/**
 * The expected arrival: `Ventet levert om 2–4 virkedager`, `… om 1 virkedag`, `… samme
 * virkedag`. Null when the method promises no time.
 */
export function deliveryEstimate(days: ShippingMethod['deliveryDays']): string | null {
  if (!days) return null;
  const { min, max } = days;
  if (max === 0) return 'Ventet levert samme virkedag';
  return `Ventet levert om ${min === max ? '' : `${String(min)}–`}${String(max)} ${max === 1 ? 'virkedag' : 'virkedager'}`;
}
