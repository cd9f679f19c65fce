import { useStore } from '@nanostores/react';
import { useEffect, useRef, type FormEvent } from 'react';
import type { CheckoutProvider, ShippingMethod, ShopSummary } from '../../lib/types.ts';
import { $cart } from '../../stores/cart.ts';
import {
  $checkoutForm,
  $provider,
  $shippingMethod,
  $submit,
  chooseProvider,
  setupCheckout,
  startLiveChecks,
  submitCheckout,
} from '../../stores/checkout.ts';
import { AddressFields, ContactFields } from './CheckoutFields.tsx';
import { ChoiceCard } from './ChoiceCard.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { ShippingChoice } from './ShippingChoice.tsx';
import { useModule } from '../shared/use-module.ts';

// Klikk & Hent's shop list (with the position lookup and opening hours) loads only when the
// shopper chooses it, so a delivery checkout carries none of it.
const loadPickupShops = () => import('./PickupShops.tsx');

/** Props of {@link CheckoutIsland}: what the build knows of shops and shipping. */
export interface CheckoutIslandProps {
  shops: readonly ShopSummary[];
  webShopId: number;
  methods: readonly ShippingMethod[];
}

const PROVIDERS: ReadonlyArray<{ id: CheckoutProvider; name: string; description: string }> = [
  {
    id: 'first',
    name: 'Kort eller faktura',
    description: 'Betal med kort, faktura eller delbetaling.',
  },
  {
    id: 'second',
    name: 'Betal med mobilen',
    description: 'Godkjenn betalingen i appen på mobilen.',
  },
];

/**
 * The checkout: the cart summary, the shopper's details, shipping (delivery or Klikk &
 * Hent in a shop that holds every line) and the payment provider. The cart is checked
 * against live stock on arrival and whenever the tab is shown again.
 */
export default function CheckoutIsland({ shops, webShopId, methods }: CheckoutIslandProps) {
  const cart = useStore($cart);
  const form = useStore($checkoutForm);
  const method = useStore($shippingMethod);
  const provider = useStore($provider);
  const submit = useStore($submit);
  const summaryRef = useRef<HTMLDivElement>(null);
  const pickupModule = useModule(loadPickupShops, form.fulfilment === 'pickup');

  useEffect(() => {
    setupCheckout({ shopIds: shops.map((s) => s.id), webShopId, methods: [...methods] });
    return startLiveChecks();
  }, [shops, webShopId, methods]);

  // A failed submission moves focus to its summary, so keyboard and screen-reader users
  // hear what to fix.
  useEffect(() => {
    if (submit.state === 'error') summaryRef.current?.focus();
  }, [submit]);

  if (cart.orders.length === 0) {
    return (
      <div data-checkout-empty>
        <p>Handlekurven din er tom.</p>
        <p className="mt-2">
          <a href="/" className="text-brand underline underline-offset-2">
            Fortsett å handle
          </a>
        </p>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitCheckout(new URL('/checkout/kvittering', location.href).href);
  };
  const pickup = form.fulfilment === 'pickup';

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:items-start">
      <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Bestilling">
        {submit.state === 'error' && (
          <div
            ref={summaryRef}
            tabIndex={-1}
            role="alert"
            className="rounded-md border-2 border-red-800 p-3"
            data-submit-error
          >
            <p className="font-semibold text-red-800">{submit.message}</p>
            {submit.details.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {submit.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <ContactFields />
        <ShippingChoice methods={methods} />
        {!pickup ? (
          <AddressFields />
        ) : pickupModule ? (
          <pickupModule.PickupShops shops={shops} />
        ) : (
          <p aria-busy="true" className="min-h-48">
            Henter butikkene …
          </p>
        )}
        {!pickup && (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-xl font-bold">Betaling</legend>
            {PROVIDERS.map((p) => (
              <ChoiceCard
                key={p.id}
                name="provider"
                value={p.id}
                checked={provider === p.id}
                onChoose={() => chooseProvider(p.id)}
                title={p.name}
                description={p.description}
              />
            ))}
          </fieldset>
        )}
        <button
          type="submit"
          disabled={submit.state === 'submitting'}
          className="bg-brand text-brand-ink h-12 rounded-md px-6 text-lg font-bold disabled:opacity-60"
          data-checkout-submit
        >
          {submit.state === 'submitting'
            ? 'Sender …'
            : pickup
              ? 'Reserver varene'
              : 'Gå til betaling'}
        </button>
        {method && (
          <p className="text-sm">
            {pickup
              ? 'Du betaler når du henter varene i butikken.'
              : 'Du sendes videre til betaling. Handlekurven tømmes først når betalingen er godkjent.'}
          </p>
        )}
      </form>
      <CheckoutSummary />
    </div>
  );
}
