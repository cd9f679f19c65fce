import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatDistance } from '../../lib/domain/distance.ts';
import { isOpenAt, parseOpeningHours, todayLabel } from '../../lib/domain/opening-hours.ts';
import { sortBy } from '../../lib/domain/sort.ts';
import { shopsWithStock, type PickerVariant } from '../../lib/domain/variants.ts';
import type { Coordinates } from '../../lib/types.ts';
import {
  $position,
  $positionStatus,
  $shopDistances,
  positionFromBrowser,
  positionFromPostalCode,
  updateShopDistances,
} from '../../stores/position.ts';
import type { LiveStock } from '../../stores/product-stock.ts';

/** What the stock list shows of a shop. */
export interface StockShop {
  id: number;
  name: string;
  address: string;
  postNo: string;
  postPlace: string;
  openingHours: string;
  coords: Coordinates | null;
}

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
  const status = useStore($positionStatus);
  const distances = useStore($shopDistances);
  const [code, setCode] = useState('');
  const ids = useId();

  useEffect(() => {
    if (position) void updateShopDistances(shops);
  }, [position, shops]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void positionFromPostalCode(code);
  };

  const byId = new Map(shops.map((s) => [s.id, s]));
  const now = new Date();
  const rows = variant
    ? shopsWithStock(variant).flatMap((row) => {
        const shop = byId.get(row.shopId);
        return shop ? [{ ...shop, qty: row.qty, distance: distances[shop.id] ?? null }] : [];
      })
    : [];
  const sorted = position ? sortBy(rows, 'distance') : sortBy(rows, 'name');
  const error = status.state === 'error' ? status.message : null;

  return (
    <section aria-labelledby={`${ids}-h`} className="border-t border-black/10 pt-4">
      <h2 id={`${ids}-h`} className="mb-2 text-lg font-bold">
        Lagerstatus i butikkene
      </h2>
      <form onSubmit={submit} className="mb-3 flex flex-wrap items-end gap-2" noValidate>
        <div className="grid gap-1">
          <label htmlFor={`${ids}-pc`} className="text-sm font-semibold">
            Postnummer
          </label>
          <input
            id={`${ids}-pc`}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? `${ids}-err` : undefined}
            className="h-11 w-28 rounded-md border border-black/40 px-3"
          />
        </div>
        <button
          type="submit"
          className="bg-brand text-brand-ink h-11 rounded-md px-4 font-semibold"
        >
          Finn nærmeste
        </button>
        <button
          type="button"
          onClick={() => void positionFromBrowser()}
          className="h-11 rounded-md border border-black/40 px-4 font-semibold"
        >
          Bruk min posisjon
        </button>
      </form>
      <div aria-live="polite" className="min-h-6 text-sm">
        {error && (
          <p id={`${ids}-err`} className="font-semibold text-red-800">
            {error}
          </p>
        )}
        {status.state === 'loading' && <p>Finner posisjonen din …</p>}
        {position && status.state === 'idle' && <p>Sortert etter avstand fra {position.label}.</p>}
      </div>
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
                {sorted.map((shop) => {
                  const hours = parseOpeningHours(shop.openingHours);
                  const open = hours !== null && isOpenAt(hours, now);
                  return (
                    <li
                      key={shop.id}
                      className="grid gap-0.5 rounded-md border border-black/10 p-3"
                      data-shop-id={shop.id}
                    >
                      <p className="flex flex-wrap justify-between gap-2 font-semibold">
                        <span>{shop.name}</span>
                        {shop.distance !== null && (
                          <span data-distance>{formatDistance(shop.distance)}</span>
                        )}
                      </p>
                      <p className="text-sm">
                        {shop.address}, {shop.postNo} {shop.postPlace}
                      </p>
                      <p className="text-sm">
                        {todayLabel(hours, now)}
                        {hours && (
                          <span className={open ? 'text-green-800' : ''}>
                            {' · '}
                            {open ? 'Åpent nå' : 'Stengt nå'}
                          </span>
                        )}
                      </p>
                      <p className="text-sm">På lager: {shop.qty} stk.</p>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
