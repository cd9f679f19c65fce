/**
 * The checkout's submission: the form checked (and the address with the map lookup), the
 * cart checked live, then a Klikk & Hent reservation (reservation.ts) or a payment started at
 * the chosen provider. Loaded on the first submission (checkout.ts `submitCheckout`); it reads
 * and writes the checkout's state there, which never imports it back.
 */

import { ApiRequestError, NO_RESPONSE } from '../lib/api/client.ts';
import { SHORT_EANS_FIELD, startPayment } from '../lib/api/checkout.ts';
import type { CheckoutForm } from '../lib/domain/checkout.ts';
import {
  reservationRequest,
  serverFieldErrors,
  validateCheckoutForm,
} from '../lib/domain/checkout-submit.ts';
import {
  ADDRESS_NOT_FOUND,
  checkAddress,
  NO_ADDRESS_FOUND_MESSAGE,
} from '../lib/domain/validation.ts';
import type { FoundAddress } from '../lib/types.ts';
import { $activePromocode, $cart, $cartClient, setCartErrors } from './cart.ts';
import {
  $checkoutErrors,
  $checkoutForm,
  $provider,
  $selectedShipping,
  $submissionKey,
  $submit,
  checkCartLive,
  NO_CONTACT,
  checkoutShops,
} from './checkout.ts';
import { $knownAddresses } from './known-addresses.ts';
import { $pickupShopIds } from './pickup-shops.ts';
import { $klarnaPayments, $vippsPayments } from './provider-payments.ts';
import { reserveForPickup } from './reservation.ts';

const GENERIC_FAILURE = 'Noe gikk galt. Prøv igjen om litt.';
const STOCK_FAILURE = 'Noen varer er ikke lenger på lager. Se handlekurven og prøv igjen.';

function failSubmit(error: unknown): void {
  if (!(error instanceof ApiRequestError)) {
    $submit.set({ state: 'error', message: GENERIC_FAILURE, details: [] });
    return;
  }
  if (error.status !== NO_RESPONSE) $submissionKey.set(null);
  if (error.status === 409) {
    setCartErrors(error.errors[SHORT_EANS_FIELD] ?? []);
    $submit.set({ state: 'error', message: STOCK_FAILURE, details: [] });
    void checkCartLive();
  } else if (error.status === 422) {
    const { fields, other } = serverFieldErrors(error.errors);
    $checkoutErrors.set({ ...$checkoutErrors.get(), ...fields });
    $submit.set({ state: 'error', message: 'Sjekk feltene som er merket.', details: other });
  } else if (error.status === NO_RESPONSE) {
    $submit.set({ state: 'error', message: NO_CONTACT, details: [] });
  } else {
    $submit.set({ state: 'error', message: error.message || GENERIC_FAILURE, details: [] });
  }
}

async function lookupDeliveryAddress(form: CheckoutForm): Promise<boolean> {
  const parts = checkAddress(form.address);
  if (!parts.ok) return false;
  const known = $knownAddresses.get();
  const same = (a: FoundAddress) =>
    a.street.toLocaleLowerCase('nb-NO') === parts.street.toLocaleLowerCase('nb-NO') &&
    a.houseNumber.toLocaleUpperCase('nb-NO') === parts.houseNumber.toLocaleUpperCase('nb-NO') &&
    a.postalCode === form.postalCode.trim();
  if (known.some(same)) return true;
  try {
    const { lookupAddress } = await import('../lib/api/address.ts');
    const found = await lookupAddress(parts.street, parts.houseNumber, form.postalCode.trim());
    const match = found[0];
    if (!match) {
      $checkoutErrors.set({ ...$checkoutErrors.get(), address: NO_ADDRESS_FOUND_MESSAGE });
      return false;
    }
    $knownAddresses.set([match, ...known.filter((a) => !same(a))].slice(0, 5));
    return true;
  } catch {
    // docs/spec.md §8: a failed lookup is ADDRESS_NOT_FOUND; the server checks the address again.
    console.warn(ADDRESS_NOT_FOUND);
    return true;
  }
}

/**
 * Goes from the filled form to a reservation or a payment: validates the form (and the
 * address with the map lookup), checks the cart live, then reserves for pick-up or starts
 * the payment at the chosen provider and sends the shopper there. Nothing is cleared here:
 * the cart is cleared only when the reservation or payment is confirmed.
 */
export async function runSubmit(returnUrl: string): Promise<void> {
  if ($submit.get().state === 'submitting') return;
  const form = $checkoutForm.get();
  const errors = validateCheckoutForm(form);
  $checkoutErrors.set(errors);
  if (Object.keys(errors).length > 0) {
    $submit.set({ state: 'error', message: 'Sjekk feltene som er merket.', details: [] });
    return;
  }
  $submit.set({ state: 'submitting' });
  $cartClient.set({
    name: form.name.trim(),
    phone: form.phone.trim(),
    email: form.email.trim(),
    delivery: form.fulfilment,
    address: form.address.trim(),
    postalCode: form.postalCode.trim(),
    city: form.city.trim(),
  });
  if (form.fulfilment === 'delivery' && !(await lookupDeliveryAddress(form))) {
    $submit.set({ state: 'error', message: 'Sjekk feltene som er merket.', details: [] });
    return;
  }
  const checked = await checkCartLive();
  const cart = $cart.get();
  const refused = new Set(cart.cartErrors);
  if (!checked || cart.orders.length === 0 || cart.orders.some((l) => refused.has(l.ean))) {
    $submit.set({
      state: 'error',
      message: checked ? STOCK_FAILURE : 'Kunne ikke sjekke lagerstatus. Prøv igjen om litt.',
      details: [],
    });
    return;
  }
  if (form.fulfilment === 'pickup' && form.shopId !== null) {
    if (!$pickupShopIds.get().includes(form.shopId)) {
      $checkoutErrors.set({
        shopId: 'Butikken har ikke lenger alle varene. Velg en annen butikk.',
      });
      $submit.set({ state: 'error', message: 'Sjekk feltene som er merket.', details: [] });
      return;
    }
  }
  const request = reservationRequest(
    form,
    cart.orders,
    { methodId: $selectedShipping.get(), webShopId: checkoutShops().webShopId },
    $activePromocode.get()?.name ?? null,
  );
  const idempotencyKey = $submissionKey.get() ?? crypto.randomUUID();
  $submissionKey.set(idempotencyKey);
  try {
    if (form.fulfilment === 'pickup') {
      await reserveForPickup(request, idempotencyKey);
      $submissionKey.set(null);
      return;
    }
    const provider = $provider.get();
    const start = await startPayment(provider, { ...request, returnUrl }, idempotencyKey);
    $submissionKey.set(null);
    if (provider === 'first') {
      $klarnaPayments.set([...$klarnaPayments.get(), { orderId: start.orderId }]);
    } else {
      $vippsPayments.set([
        ...$vippsPayments.get(),
        { shopId: start.shopId ?? checkoutShops().webShopId, orderId: start.orderId },
      ]);
    }
    location.assign(start.redirectUrl);
  } catch (error) {
    failSubmit(error);
  }
}
