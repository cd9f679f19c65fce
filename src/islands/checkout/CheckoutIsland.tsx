import { useStore } from '@nanostores/react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { deliveryEstimate } from '../../lib/domain/delivery-estimate.ts';
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

// The order button stands outside the form (see below) and reaches it by this id.
const FORM_ID = 'kassen-bestilling';

/**
 * Props of {@link CheckoutIsland}: what the build knows of shops and shipping, and the
 * texts that never change as static HTML from the page (Astro slots), which cost no JS.
 */
export interface CheckoutIslandProps {
  shops: readonly ShopSummary[];
  webShopId: number;
  methods: readonly ShippingMethod[];
  /** The seller's name, organisation number and address. */
  seller?: ReactNode;
  /** The angrerett with links to its terms and the angreskjema (delivery only). */
  withdrawal?: ReactNode;
  /** Said instead of the checkout when the cart is empty. */
  empty?: ReactNode;
  /** Under the order button: what happens next, for delivery and for Klikk & Hent. */
  payNote?: ReactNode;
  pickupNote?: ReactNode;
}

// Ids are the wire's provider names: `first` is Klarna, `second` Vipps.
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
 * The checkout: the shopper's details, shipping (delivery or Klikk & Hent in a shop that
 * holds every line) and the payment provider, then, right above the order button as
 * angrerettloven § 8 wants it, the goods, the total, the delivery and its time, the seller
 * and the angrerett. The cart is checked against live stock on arrival and whenever the tab
 * is shown again.
 */
export default function CheckoutIsland({
  shops,
  webShopId,
  methods,
  seller,
  withdrawal,
  empty,
  payNote,
  pickupNote,
}: CheckoutIslandProps) {
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

  if (cart.orders.length === 0) return empty;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitCheckout(
      new URL('/checkout/kvittering', location.href).href,
      () => import('../../stores/checkout-submit.ts'),
    );
  };
  const pickup = form.fulfilment === 'pickup';

  return (
    <div className="grid max-w-3xl gap-6">
      <form
        id={FORM_ID}
        onSubmit={onSubmit}
        noValidate
        className="grid gap-6"
        aria-label="Bestilling"
      >
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
      </form>
      {/* The summary holds the promo code's own form, so it stands outside this one and the
          button reaches the form by its id. */}
      <CheckoutSummary>
        {method && (
          <p className="text-sm" data-summary-delivery>
            <span className="font-semibold">{pickup ? 'Henting' : 'Levering'}:</span> {method.name}.{' '}
            {(!pickup && deliveryEstimate(method.deliveryDays)) || method.description}
          </p>
        )}
        {seller}
        {!pickup && withdrawal}
      </CheckoutSummary>
      <button
        type="submit"
        form={FORM_ID}
        disabled={submit.state === 'submitting'}
        className="bg-brand text-brand-ink h-12 rounded-md px-6 text-lg font-bold disabled:opacity-60"
        data-checkout-submit
      >
        {/* Angrerettloven § 16: a button that binds the shopper to pay says so. A Klikk & Hent
            reservation is paid in the shop and binds to nothing. */}
        {submit.state === 'submitting'
          ? 'Sender …'
          : pickup
            ? 'Reserver varene'
            : 'Bestill med betalingsplikt'}
      </button>
      {method && (pickup ? pickupNote : payNote)}
    </div>
  );
}
