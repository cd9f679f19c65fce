import { formatDistance } from '../../lib/format/distance.ts';
import type { ShopSummary } from '../../lib/types.ts';
import { ShopHours } from './ShopHours.tsx';

/** Props of {@link ShopLines}. */
export interface ShopLinesProps {
  shop: ShopSummary;
  /** Distance from the shopper in km, once known. */
  distance: number | null;
  now: Date;
}

/**
 * A shop in a list: name (with the distance once the shopper's position is known), address
 * and today's opening hours. Phrasing content only, so it may sit inside a label.
 */
export function ShopLines({ shop, distance, now }: ShopLinesProps) {
  return (
    <>
      <span className="flex flex-wrap justify-between gap-2 font-semibold">
        <span data-shop-name>{shop.name}</span>
        {distance !== null && <span data-distance>{formatDistance(distance)}</span>}
      </span>
      <span className="block text-sm">
        {shop.address}, {shop.postNo} {shop.postPlace}
      </span>
      <ShopHours openingHours={shop.openingHours} now={now} />
    </>
  );
}
