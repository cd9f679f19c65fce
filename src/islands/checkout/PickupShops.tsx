import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { sortByDistance } from '../../lib/domain/distance.ts';
import type { ShopSummary } from '../../lib/types.ts';
import {
  $checkoutErrors,
  $checkoutForm,
  $liveCheck,
  choosePickupShop,
} from '../../stores/checkout.ts';
import { $pickupShopIds } from '../../stores/pickup-shops.ts';
import { $position, $shopDistances, updateShopDistances } from '../../stores/position.ts';
import { PositionForm } from '../shops/PositionForm.tsx';
import { ShopLines } from '../shops/ShopLines.tsx';

/** Props of {@link PickupShops}. */
export interface PickupShopsProps {
  shops: readonly ShopSummary[];
}

/**
 * Klikk & Hent: the shops that hold every line now, nearest first once the shopper's
 * position is known (postal code or browser position), each with today's opening hours.
 */
export function PickupShops({ shops }: PickupShopsProps) {
  const check = useStore($liveCheck);
  const holding = useStore($pickupShopIds);
  const form = useStore($checkoutForm);
  const errors = useStore($checkoutErrors);
  const position = useStore($position);
  const distances = useStore($shopDistances);
  const ids = useId();

  useEffect(() => {
    if (position) void updateShopDistances(shops);
  }, [position, shops]);

  const now = new Date();
  const held = new Set(holding);
  const sorted = sortByDistance(
    shops.filter((s) => held.has(s.id)),
    distances,
  );
  const error = errors.shopId;

  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? `${ids}-err` : undefined}
      data-pickup-shops
    >
      <legend className="mb-2 text-xl font-bold">Velg butikk (Klikk &amp; Hent)</legend>
      <PositionForm nested />
      {error && (
        <p id={`${ids}-err`} className="font-semibold text-red-800" data-field-error="shopId">
          {error}
        </p>
      )}
      <div aria-live="polite" aria-busy={check.state === 'loading'} className="min-h-24">
        {check.state === 'loading' || check.state === 'idle' ? (
          <p>Henter lagerstatus i butikkene …</p>
        ) : check.state === 'error' ? (
          <p className="text-red-800">
            Kunne ikke hente lagerstatus i butikkene. Prøv igjen om litt.
          </p>
        ) : sorted.length === 0 ? (
          <p>Ingen butikker har alle varene på lager. Fjern varer eller velg levering.</p>
        ) : (
          <ul className="grid gap-2">
            {sorted.map((shop) => (
              <li key={shop.id}>
                <label
                  className="flex cursor-pointer items-start gap-3 rounded-md border border-black/20 p-3 has-checked:border-2 has-checked:border-black"
                  data-shop-id={shop.id}
                >
                  <input
                    type="radio"
                    name="shop"
                    value={shop.id}
                    checked={form.shopId === shop.id}
                    onChange={() => choosePickupShop(shop.id)}
                    className="mt-1 h-5 w-5"
                  />
                  <span className="grid grow gap-0.5">
                    <ShopLines shop={shop} distance={shop.distance} now={now} />
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
