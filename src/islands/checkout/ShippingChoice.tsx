import { useStore } from '@nanostores/react';
import { onlyForPickup } from '../../lib/domain/checkout.ts';
import { formatPrice } from '../../lib/format/money.ts';
import type { ShippingMethod } from '../../lib/types.ts';
import { $cart } from '../../stores/cart.ts';
import { $selectedShipping, chooseShipping } from '../../stores/checkout.ts';

/** Props of {@link ShippingChoice}. */
export interface ShippingChoiceProps {
  methods: readonly ShippingMethod[];
}

/**
 * The shipping methods (SPEC: delivery by default); lines that may only be picked up
 * (onlyCC) leave only the methods that need a shop, and say why.
 */
export function ShippingChoice({ methods }: ShippingChoiceProps) {
  const selected = useStore($selectedShipping);
  const cart = useStore($cart);
  const pickupOnly = onlyForPickup(cart.orders);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-xl font-bold">Levering</legend>
      {pickupOnly.length > 0 && (
        <p className="text-sm" data-pickup-only>
          {pickupOnly.map((line) => line.name).join(', ')} kan bare hentes i butikk (Klikk &amp;
          Hent).
        </p>
      )}
      {methods.map((m) => {
        const disabled = !m.requiresShop && pickupOnly.length > 0;
        return (
          <label
            key={m.id}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-black/20 p-3 has-checked:border-black has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              name="shipping"
              value={m.id}
              checked={selected === m.id}
              disabled={disabled}
              onChange={() => chooseShipping(m.id)}
              className="mt-1 h-5 w-5"
            />
            <span className="grow">
              <span className="flex justify-between gap-2 font-semibold">
                <span>{m.name}</span>
                <span>{m.price === 0 ? 'Gratis' : formatPrice(m.price)}</span>
              </span>
              <span className="block text-sm">{m.description}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
