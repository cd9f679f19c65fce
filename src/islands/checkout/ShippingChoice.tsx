import { useStore } from '@nanostores/react';
import { onlyForPickup } from '../../lib/domain/checkout.ts';
import { formatPrice } from '../../lib/format/money.ts';
import type { ShippingMethod } from '../../lib/types.ts';
import { $cart } from '../../stores/cart.ts';
import { $selectedShipping, chooseShipping } from '../../stores/checkout.ts';
import { ChoiceCard } from './ChoiceCard.tsx';

/** Props of {@link ShippingChoice}. */
export interface ShippingChoiceProps {
  methods: readonly ShippingMethod[];
}

/**
 * The shipping methods (the spec: delivery by default); lines that may only be picked up
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
      {methods.map((m) => (
        <ChoiceCard
          key={m.id}
          name="shipping"
          value={m.id}
          checked={selected === m.id}
          disabled={!m.requiresShop && pickupOnly.length > 0}
          onChoose={() => chooseShipping(m.id)}
          title={m.name}
          aside={m.price === 0 ? 'Gratis' : formatPrice(m.price)}
          description={m.description}
        />
      ))}
    </fieldset>
  );
}
