/**
 * The checkout (SPEC 3 form fields, 4 Cart, 5): the shopper's details, the shipping method,
 * the cart checked against live stock and prices, and the way to a Klikk & Hent reservation
 * or a payment at one of the two checkout providers. The cart itself lives in cart.ts; this
 * store reads and corrects it, and clears it only when a reservation or payment is confirmed.
 */

import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { getAvailability } from '../lib/api/availability.ts';
import { getBundle } from '../lib/api/catalogue.ts';
import { ApiRequestError, NO_RESPONSE } from '../lib/api/client.ts';
import {
  checkCart,
  onlyForPickup,
  reservationRequest,
  serverFieldErrors,
  shopsHoldingAll,
  validateCheckoutForm,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutForm,
  type Fulfilment,
  type LiveArticle,
  type LiveCart,
} from '../lib/domain/checkout.ts';
import { checkAddress, NO_ADDRESS_FOUND_MESSAGE } from '../lib/domain/validation.ts';
import type {
  CheckoutProvider,
  FoundAddress,
  PaymentStatus,
  Reservation,
  ShippingMethod,
} from '../lib/types.ts';
import { addAlert } from './alerts.ts';
import {
  $cart,
  $cartClient,
  $activePromocode,
  $firstProviderOrders,
  $secondProviderOrders,
  clearCart,
  setCartErrors,
  updateCart,
} from './cart.ts';
import { safeJson } from './persist.ts';

/** SPEC 3: the default selected shipping is delivery. */
export const DEFAULT_SHIPPING_ID = 'delivery';

const emptyForm: CheckoutForm = {
  name: '',
  phone: '',
  email: '',
  fulfilment: 'delivery',
  address: '',
  postalCode: '',
  city: '',
  shopId: null,
};

function formFromClient(): CheckoutForm {
  const client = $cartClient.get();
  if (!client) return emptyForm;
  return {
    ...emptyForm,
    name: client.name,
    phone: client.phone,
    email: client.email,
    address: client.address,
    postalCode: client.postalCode,
    city: client.city,
  };
}

/** The form as the shopper fills it; starts from the persisted client (SPEC key `client`). */
export const $checkoutForm = atom<CheckoutForm>(formFromClient());
/** Errors per field, shown once the shopper has tried to go on. */
export const $checkoutErrors = atom<CheckoutErrors>({});
/** The chosen shipping method's id (SPEC 3 selectedShipping). */
export const $selectedShipping = atom<string>(DEFAULT_SHIPPING_ID);
/** The chosen payment provider for delivery. */
export const $provider = atom<CheckoutProvider>('first');

const isFoundAddresses = (v: unknown): v is FoundAddress[] =>
  Array.isArray(v) &&
  v.every(
    (a: unknown) =>
      typeof a === 'object' &&
      a !== null &&
      ['street', 'houseNumber', 'postalCode', 'city'].every(
        (k) => typeof (a as Record<string, unknown>)[k] === 'string',
      ),
  );

/** Addresses the map lookup found before (SPEC 4: looked up once, then known). */
export const $knownAddresses = persistentAtom<FoundAddress[]>(
  'knownAddresses',
  [],
  safeJson(isFoundAddresses, []),
);

/** The live check of the cart: not run, running, done (with what it found) or failed. */
export type LiveCheck =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; live: LiveCart; notices: string[] }
  | { state: 'error' };

/** The latest live check of the cart against stock and prices. */
export const $liveCheck = atom<LiveCheck>({ state: 'idle' });

/** Where the submission stands. */
export type SubmitState =
  | { state: 'idle' }
  | { state: 'submitting' }
  | { state: 'error'; message: string; details: string[] };

/** Progress of the latest 'Gå til betaling' / 'Reserver'. */
export const $submit = atom<SubmitState>({ state: 'idle' });

/** The shops and methods the page was built with, and which shop is the web shop. */
interface CheckoutSetup {
  shopIds: number[];
  webShopId: number;
  methods: ShippingMethod[];
}

let setup: CheckoutSetup = { shopIds: [], webShopId: 0, methods: [] };
/** The shipping methods the page was built with (SPEC: shipping methods, also held). */
const $shippingMethods = atom<readonly ShippingMethod[]>([]);

/** Gives the store what the page knows from the build: shops and shipping methods. */
export function setupCheckout(next: CheckoutSetup): void {
  setup = next;
  $shippingMethods.set(next.methods);
  const method = next.methods.find((m) => m.id === $selectedShipping.get());
  if (!method) {
    $selectedShipping.set(next.methods.find((m) => m.isDefault)?.id ?? DEFAULT_SHIPPING_ID);
  }
  ensureShippingFits();
}

/** Lines that may only be picked up (onlyCC) turn a delivery into a pick-up. */
function ensureShippingFits(): void {
  const method = setup.methods.find((m) => m.id === $selectedShipping.get());
  if (method?.requiresShop || onlyForPickup($cart.get().orders).length === 0) return;
  const pickup = setup.methods.find((m) => m.requiresShop);
  if (pickup) chooseShipping(pickup.id);
}

/** The selected shipping method, or null before the setup. */
export const $shippingMethod = computed(
  [$selectedShipping, $shippingMethods],
  (id, methods) => methods.find((m) => m.id === id) ?? null,
);

/** Ids of the shops that hold every line now, once the live check has run. */
export const $pickupShopIds = computed([$liveCheck, $cart], (check, cart) =>
  check.state === 'ready'
    ? shopsHoldingAll(cart.orders, check.live.stock, setup.shopIds, setup.webShopId)
    : [],
);

function clearError(field: CheckoutField): void {
  const errors = { ...$checkoutErrors.get() };
  delete errors[field];
  $checkoutErrors.set(errors);
}

/** Sets one field; its error goes away as the shopper corrects it. */
export function setCheckoutField(field: Exclude<CheckoutField, 'shopId'>, value: string): void {
  $checkoutForm.set({ ...$checkoutForm.get(), [field]: value });
  clearError(field);
}

/** Chooses the pick-up shop. */
export function choosePickupShop(shopId: number): void {
  $checkoutForm.set({ ...$checkoutForm.get(), shopId });
  clearError('shopId');
}

/** Chooses a shipping method; a method that needs a shop makes this a pick-up. */
export function chooseShipping(id: string): void {
  const method = setup.methods.find((m) => m.id === id);
  if (!method) return;
  $selectedShipping.set(id);
  const fulfilment: Fulfilment = method.requiresShop ? 'pickup' : 'delivery';
  if ($checkoutForm.get().fulfilment !== fulfilment) {
    $checkoutForm.set({ ...$checkoutForm.get(), fulfilment });
    $checkoutErrors.set({});
    const check = $liveCheck.get();
    if (check.state === 'ready') applyLiveCheck(check.live);
  }
}

/** Chooses the payment provider. */
export function chooseProvider(provider: CheckoutProvider): void {
  $provider.set(provider);
}

/** Fills in the city from a four-digit postal code, when the server knows the code. */
export async function fillCityFromPostalCode(code: string): Promise<void> {
  if (!/^\d{4}$/u.test(code.trim())) return;
  try {
    const { getPostalCode } = await import('../lib/api/shops.ts');
    const found = await getPostalCode(code.trim());
    if (found && $checkoutForm.get().postalCode.trim() === code.trim()) {
      setCheckoutField('city', found.place);
    }
  } catch {
    // The shopper can type the city; a failed lookup is no reason to stop them.
  }
}

function applyLiveCheck(live: LiveCart): string[] {
  const { fulfilment } = $checkoutForm.get();
  const result = checkCart($cart.get().orders, live, fulfilment, setup.webShopId);
  updateCart((state) => ({ ...state, orders: result.lines }));
  setCartErrors(result.errors);
  $liveCheck.set({ state: 'ready', live, notices: result.notices });
  return result.notices;
}

function toLiveArticle(article: Awaited<ReturnType<typeof getBundle>>[number]): LiveArticle {
  return {
    price: article.price,
    pant: article.pant,
    canPurchase: article.canPurchase,
    webPurchaseLimit: article.webPurchaseLimit,
    onlyCC: article.onlyCC,
    campaigns: article.campaigns.map((c) => ({ id: c.id, price: c.price })),
  };
}

let liveRun = 0;

/**
 * Checks the cart against live availability and prices (on arrival, whenever the tab is
 * shown again, and before payment): counts above a new limit are lowered, lines no longer
 * in stock go into cartErrors, changed prices are taken over; each change is told once.
 * Answers whether the check could be made.
 */
export async function checkCartLive(): Promise<boolean> {
  const orders = $cart.get().orders;
  if (orders.length === 0) {
    $liveCheck.set({ state: 'idle' });
    return true;
  }
  const run = ++liveRun;
  if ($liveCheck.get().state !== 'ready') $liveCheck.set({ state: 'loading' });
  const ids = [...new Set(orders.map((line) => line.articleId))];
  try {
    const [bundle, availability] = await Promise.all([
      getBundle(ids),
      Promise.all(ids.map((id) => getAvailability(id))),
    ]);
    if (run !== liveRun) return true;
    const byId = new Map(bundle.map((a) => [a.id, toLiveArticle(a)]));
    const articles = new Map<number, LiveArticle | null>(
      ids.map((id) => [id, byId.get(id) ?? null]),
    );
    const stock = new Map(
      availability.flatMap((a) => a?.variants.map((v) => [v.ean, v.shops] as const) ?? []),
    );
    const notices = applyLiveCheck({ articles, stock });
    for (const notice of notices) addAlert('warning', notice);
    return true;
  } catch {
    if (run === liveRun) $liveCheck.set({ state: 'error' });
    return false;
  }
}

const eanKey = (): string =>
  $cart
    .get()
    .orders.map((line) => line.ean)
    .join(',');

/**
 * Runs the live check now, again whenever the tab is shown again (stock may have moved
 * while the shopper was away) and whenever a line comes or goes (another tab). Answers the
 * function that stops it.
 */
export function startLiveChecks(): () => void {
  void checkCartLive();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void checkCartLive();
  };
  document.addEventListener('visibilitychange', onVisible);
  let eans = eanKey();
  const stopListening = $cart.listen(() => {
    const next = eanKey();
    if (next === eans) return;
    eans = next;
    ensureShippingFits();
    void checkCartLive();
  });
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    stopListening();
  };
}

const RESERVATION_KEY = 'reservation';

/** The confirmed reservation, kept for the confirmation page in this tab only. */
function keepReservation(reservation: Reservation): void {
  try {
    sessionStorage.setItem(RESERVATION_KEY, JSON.stringify(reservation));
  } catch {
    // Private mode without storage: the confirmation page then shows the number only.
  }
}

/** The reservation confirmed in this tab with `id`, or null. */
export function keptReservation(id: number): Reservation | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(RESERVATION_KEY) ?? 'null');
    return typeof value === 'object' && value !== null && (value as Reservation).id === id
      ? (value as Reservation)
      : null;
  } catch {
    return null;
  }
}

// One key per submission: a retry after a lost answer reuses it, so the server answers the
// first result instead of reserving twice; any definite answer ends it.
let idempotencyKey: string | null = null;

const GENERIC_FAILURE = 'Noe gikk galt. Prøv igjen om litt.';
const STOCK_FAILURE = 'Noen varer er ikke lenger på lager. Se handlekurven og prøv igjen.';

function failSubmit(error: unknown): void {
  if (!(error instanceof ApiRequestError)) {
    $submit.set({ state: 'error', message: GENERIC_FAILURE, details: [] });
    return;
  }
  if (error.status !== NO_RESPONSE) idempotencyKey = null;
  if (error.status === 409) {
    setCartErrors(error.errors['eanNo'] ?? []);
    $submit.set({ state: 'error', message: STOCK_FAILURE, details: [] });
    void checkCartLive();
  } else if (error.status === 422) {
    const { fields, other } = serverFieldErrors(error.errors);
    $checkoutErrors.set({ ...$checkoutErrors.get(), ...fields });
    $submit.set({ state: 'error', message: 'Sjekk feltene som er merket.', details: other });
  } else if (error.status === NO_RESPONSE) {
    $submit.set({
      state: 'error',
      message: 'Fikk ikke kontakt med butikken. Sjekk nettet og prøv igjen.',
      details: [],
    });
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
    // SPEC 8: a failed lookup is ADDRESS_NOT_FOUND; the server checks the address again.
    console.warn('ADDRESS_NOT_FOUND');
    return true;
  }
}

/**
 * Goes from the filled form to a reservation or a payment: validates the form (and the
 * address with the map lookup), checks the cart live, then reserves for pick-up or starts
 * the payment at the chosen provider and sends the shopper there. Nothing is cleared here:
 * the cart is cleared only when the reservation or payment is confirmed.
 */
export async function submitCheckout(returnUrl: string): Promise<void> {
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
    { methodId: $selectedShipping.get(), webShopId: setup.webShopId },
    $activePromocode.get()?.name ?? null,
  );
  idempotencyKey ??= crypto.randomUUID();
  const { createReservation, startPayment } = await import('../lib/api/checkout.ts');
  try {
    if (form.fulfilment === 'pickup') {
      const reservation = await createReservation(request, idempotencyKey);
      idempotencyKey = null;
      keepReservation(reservation);
      clearCart();
      location.assign(`/checkout/kvittering?reservasjon=${String(reservation.id)}`);
      return;
    }
    const provider = $provider.get();
    const start = await startPayment(provider, { ...request, returnUrl }, idempotencyKey);
    idempotencyKey = null;
    if (provider === 'first') {
      $firstProviderOrders.set([...$firstProviderOrders.get(), { orderId: start.orderId }]);
    } else {
      $secondProviderOrders.set([
        ...$secondProviderOrders.get(),
        { shopId: start.shopId ?? setup.webShopId, orderId: start.orderId },
      ]);
    }
    location.assign(start.redirectUrl);
  } catch (error) {
    failSubmit(error);
  }
}

/** The outcome the return page shows. */
export type PaymentResult =
  | { state: 'loading' }
  | { state: 'payment'; payment: PaymentStatus }
  | { state: 'reservation'; id: number; reservation: Reservation | null }
  | { state: 'unknown' }
  | { state: 'error' };

/** The outcome of the payment or reservation the shopper returned from. */
export const $paymentResult = atom<PaymentResult>({ state: 'loading' });

/**
 * Reads where the payment in the return URL stands (`?provider=&order=`, or `?reservasjon=`
 * after Klikk & Hent). The server asks the provider, so the answer holds even when the
 * provider's push is late. The cart is cleared only for a paid payment; a cancelled or
 * failed one keeps it.
 */
export async function loadPaymentResult(search: string): Promise<void> {
  const query = new URLSearchParams(search);
  const reservationId = Number(query.get('reservasjon'));
  if (Number.isSafeInteger(reservationId) && reservationId > 0) {
    $paymentResult.set({
      state: 'reservation',
      id: reservationId,
      reservation: keptReservation(reservationId),
    });
    return;
  }
  const provider = query.get('provider');
  const orderId = query.get('order');
  if ((provider !== 'first' && provider !== 'second') || !orderId) {
    $paymentResult.set({ state: 'unknown' });
    return;
  }
  $paymentResult.set({ state: 'loading' });
  try {
    const { getPaymentStatus } = await import('../lib/api/checkout.ts');
    const payment = await getPaymentStatus(provider, orderId);
    if (payment.status === 'paid') clearCart();
    $paymentResult.set({ state: 'payment', payment });
  } catch (error) {
    $paymentResult.set(
      error instanceof ApiRequestError && error.status === 404
        ? { state: 'unknown' }
        : { state: 'error' },
    );
  }
}
