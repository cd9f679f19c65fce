/**
 * Which shops can hand out every line of a Klikk & Hent reservation, as a pure function.
 * Apart from checkout.ts because only the pick-up shop list and the submission ask
 * (stores/pickup-shops.ts), both loaded on interaction.
 */

import type { CartLine, ShopStock } from './cart.ts';
import { qtyIn } from './checkout.ts';

/**
 * The shops that hold every line in the wanted count, the web shop left out (it has no
 * counter). Lines whose stock is unknown count as held nowhere.
 */
export function shopsHoldingAll(
  lines: readonly Pick<CartLine, 'ean' | 'count'>[],
  stock: ReadonlyMap<string, readonly ShopStock[]>,
  shopIds: readonly number[],
  webShopId: number,
): number[] {
  if (lines.length === 0) return [];
  return shopIds.filter(
    (id) =>
      id !== webShopId && lines.every((line) => qtyIn(stock.get(line.ean) ?? [], id) >= line.count),
  );
}
