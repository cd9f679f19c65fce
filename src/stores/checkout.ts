/**
 * The checkout (docs/spec.md §3 form fields, 4 Cart, 5): the shopper's details, the shipping method,
 * the cart checked against live stock and prices, and the way to a Klikk & Hent reservation
 * or a payment at one of the two checkout providers. The cart itself lives in cart.ts; this
 * store reads and corrects it, and clears it only when a reservation or payment is confirmed.
 */

import { atom, computed } from 'nanostores';
import { getAvailability, getLiveArticles } from '../lib/api/availability.ts';
import {
  checkCart,
  onlyForPickup,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutForm,
  type Fulfilment,
  type LiveArticle,
  type LiveCart,
} from '../lib/domain/checkout.ts';
import type { CheckoutProvider, Customer, ShippingMethod } from '../lib/types.ts';
import { addAlert } from './alerts.ts';
import { $cart, $cartClient, setCartErrors, updateCart } from './cart.ts';
import { $user } from './user.ts';

/** docs/spec.md §3: the default selected shipping is delivery. */
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

/** The contact and address fields a customer's account fills in. */
function formFromAccount(customer: Customer): CheckoutForm {
  return {
    ...emptyForm,
    name: `${customer.firstname} ${customer.surname}`.trim(),
    phone: customer.phone,
    email: customer.email,
    address: customer.address.addr ?? '',
    postalCode: customer.address.postnr ?? '',
    city: customer.city ?? '',
  };
}

function startingForm(): CheckoutForm {
  // A logged-in customer's own details come first: the stored client may be someone else's
  // who used this browser before.
  const customer = $user.get().customer;
  if (customer) return formFromAccount(customer);
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

/**
 * The form as the shopper fills it; starts from the logged-in account, else the persisted
 * client (the spec key `client`).
 */
export const $checkoutForm = atom<CheckoutForm>(startingForm());

// A customer the server confirms after the form started (a tab whose stored user was gone)
// fills in the fields the shopper has left empty.
$user.listen(({ customer }) => {
  if (!customer) return;
  const form = $checkoutForm.get();
  const account = formFromAccount(customer);
  const pick = (own: string, theirs: string) => (own === '' ? theirs : own);
  $checkoutForm.set({
    ...form,
    name: pick(form.name, account.name),
    phone: pick(form.phone, account.phone),
    email: pick(form.email, account.email),
    address: pick(form.address, account.address),
    postalCode: pick(form.postalCode, account.postalCode),
    city: pick(form.city, account.city),
  });
});
/** Errors per field, shown once the shopper has tried to go on. */
export const $checkoutErrors = atom<CheckoutErrors>({});
/** The chosen shipping method's id (docs/spec.md §3 selectedShipping). */
export const $selectedShipping = atom<string>(DEFAULT_SHIPPING_ID);
/** The chosen payment provider for delivery. */
export const $provider = atom<CheckoutProvider>('first');

/** The live check of the cart: not run, running, done (with what it found) or failed. */
export type LiveCheck =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; live: LiveCart; notices: string[] }
  | { state: 'error' };

/** The latest live check of the cart against stock and prices. */
export const $liveCheck = atom<LiveCheck>({ state: 'idle' });

/** Said when the shop cannot be reached. */
export const NO_CONTACT = 'Fikk ikke kontakt med butikken. Sjekk nettet og prøv igjen.';

/** Where the submission stands. */
export type SubmitState =
  | { state: 'idle' }
  | { state: 'submitting' }
  | { state: 'error'; message: string; details: string[] };

/** Progress of the latest 'Bestill med betalingsplikt' / 'Reserver varene'. */
export const $submit = atom<SubmitState>({ state: 'idle' });

/**
 * The `Idempotency-Key` of the submission whose answer is not known yet: a retry after a
 * lost answer sends it again, so the server answers the first result instead of reserving
 * twice; any definite answer ends it (null), and the next submission gets a new one.
 */
export const $submissionKey = atom<string | null>(null);

/** The shops and methods the page was built with, and which shop is the web shop. */
interface CheckoutSetup {
  shopIds: number[];
  webShopId: number;
  methods: ShippingMethod[];
}

let setup: CheckoutSetup = { shopIds: [], webShopId: 0, methods: [] };
/** The shipping methods the page was built with (the spec: shipping methods, also held). */
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

function applyLiveCheck(live: LiveCart): string[] {
  const { fulfilment } = $checkoutForm.get();
  const result = checkCart($cart.get().orders, live, fulfilment, setup.webShopId);
  updateCart((state) => ({ ...state, orders: result.lines }));
  setCartErrors(result.errors);
  $liveCheck.set({ state: 'ready', live, notices: result.notices });
  return result.notices;
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
    const [byId, availability] = await Promise.all([
      getLiveArticles(ids),
      Promise.all(ids.map((id) => getAvailability(id))),
    ]);
    if (run !== liveRun) return true;
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

/**
 * The shops the page was built with, and the web shop's id, whose stock delivered goods
 * come from.
 */
export function checkoutShops(): { shopIds: readonly number[]; webShopId: number } {
  return setup;
}

/** The submission's code (checkout-submit.ts), as the island loads it. */
export interface SubmitCode {
  runSubmit(returnUrl: string): Promise<void>;
}

/**
 * Goes from the filled form to a reservation or a payment with the submission's code, which
 * `load` brings on the first submission (docs/spec.md §7: screen code is loaded on demand), so the
 * form is ready sooner. The island passes the loader: that code reads and writes this
 * store, so this store does not import it back.
 */
export async function submitCheckout(
  returnUrl: string,
  load: () => Promise<SubmitCode>,
): Promise<void> {
  if ($submit.get().state === 'submitting') return;
  try {
    const { runSubmit } = await load();
    await runSubmit(returnUrl);
  } catch {
    $submit.set({ state: 'error', message: NO_CONTACT, details: [] });
  }
}
