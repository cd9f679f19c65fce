import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { sortByDistance } from '../../lib/domain/distance.ts';
import { shopsWithStock, type PickerVariant } from '../../lib/domain/variants.ts';
import type { ShopSummary } from '../../lib/types.ts';
import { $position, $shopDistances, updateShopDistances } from '../../stores/position.ts';
import { PositionForm } from '../shops/PositionForm.tsx';
import { ShopLines } from '../shops/ShopLines.tsx';
import type { LiveStock } from '../../stores/product-stock.ts';

/** What the stock list shows of a shop. */
export type StockShop = ShopSummary;

/** Props of {@link ShopStock}. */
export interface ShopStockProps {
  shops: readonly StockShop[];
  /** The chosen variant with live stock where loaded; null until size and colour are chosen. */
  variant: PickerVariant | null;
  live: LiveStock;
}

/**
 * Which shops hold the chosen variant now, nearest first once the shopper's position is
 * known (postal code, else 'Bruk min posisjon'), with today's opening hours.
 */
export function ShopStock({ shops, variant, live }: ShopStockProps) {
  const position = useStore($position);
  const distances = useStore($shopDistances);
  const ids = useId();

  useEffect(() => {
    if (position) void updateShopDistances(shops);
  }, [position, shops]);

  const byId = new Map(shops.map((s) => [s.id, s]));
  const now = new Date();
  const rows = variant
    ? shopsWithStock(variant).flatMap((row) => {
        const shop = byId.get(row.shopId);
        return shop ? [{ ...shop, qty: row.qty }] : [];
      })
    : [];
  const sorted = sortByDistance(rows, distances);

  return (
    <section aria-labelledby={`${ids}-h`} className="border-t border-black/10 pt-4">
      <h2 id={`${ids}-h`} className="mb-2 text-lg font-bold">
        Lagerstatus i butikkene
      </h2>
      <PositionForm />
      <div
        aria-live="polite"
        aria-busy={variant !== null && live.state === 'loading'}
        className="mt-2 min-h-24"
      >
        {!variant ? (
          <p>Velg farge og størrelse for å se hvilke butikker som har varen.</p>
        ) : live.state === 'loading' ? (
          <p>Henter lagerstatus …</p>
        ) : (
          <>
            {live.state === 'error' && (
              <p className="mb-2 text-red-800">
                Kunne ikke hente oppdatert lagerstatus. Lageret under kan være utdatert.
              </p>
            )}
            {sorted.length === 0 ? (
              <p>Ingen butikker har denne varianten på lager akkurat nå</p>
            ) : (
              <ul className="grid gap-2" data-stock-list>
                {sorted.map((shop) => (
                  <li
                    key={shop.id}
                    className="grid gap-0.5 rounded-md border border-black/10 p-3"
                    data-shop-id={shop.id}
                  >
                    <ShopLines shop={shop} distance={shop.distance} now={now} />
                    <span className="block text-sm">På lager: {shop.qty} stk.</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
