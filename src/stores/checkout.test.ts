import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiReservationRequest } from '../../contract/index.ts';
import type * as checkoutApi from '../lib/api/checkout.ts';
import type { CartArticle, CartVariant } from '../lib/domain/cart.ts';
import type { LiveArticle } from '../lib/domain/checkout.ts';
import { NO_HOUSE_NUMBER_MESSAGE } from '../lib/domain/validation.ts';
import type { Availability, FoundAddress, PaymentStatus, Reservation } from '../lib/types.ts';
import { customer } from '../test-support/customer.ts';

// Every call the checkout makes is stubbed; each test says what the server answers.
const api = vi.hoisted(() => ({
  createReservation: vi.fn<(r: ApiReservationRequest, key: string) => Promise<Reservation>>(),
  startPayment: vi.fn(),
  getPaymentStatus: vi.fn<() => Promise<PaymentStatus>>(),
  getLiveArticles: vi.fn<() => Promise<Map<number, LiveArticle>>>(),
  getAvailability: vi.fn<() => Promise<Availability | null>>(),
  lookupAddress: vi.fn(),
}));
vi.mock('../lib/api/checkout.ts', async (original) => ({
  ...(await original<typeof checkoutApi>()),
  startPayment: api.startPayment,
  getPaymentStatus: api.getPaymentStatus,
}));
vi.mock('../lib/api/reservation.ts', () => ({ createReservation: api.createReservation }));
vi.mock('../lib/api/availability.ts', () => ({
  getAvailability: api.getAvailability,
  getLiveArticles: api.getLiveArticles,
}));
vi.mock('../lib/api/address.ts', () => ({ lookupAddress: api.lookupAddress }));

const WEB = 55;
const EAN = '7000000000011';
let storage: Record<string, string> = {};
const assign = vi.fn();

async function load() {
  vi.resetModules();
  const { setPersistentEngine } = await import('@nanostores/persistent');
  setPersistentEngine(storage, { addEventListener: () => {}, removeEventListener: () => {} });
  const cart = await import('./cart.ts');
  const lines = await import('./cart-lines.ts');
  const payments = await import('./provider-payments.ts');
  const checkout = await import('./checkout.ts');
  const result = await import('./checkout-result.ts');
  const alerts = await import('./alerts.ts');
  const { ApiRequestError } = await import('../lib/api/client.ts');
  checkout.setupCheckout({
    shopIds: [1, 2],
    webShopId: WEB,
    methods: [
      {
        id: 'delivery',
        name: 'Levering',
        description: '',
        price: 19900,
        isDefault: true,
        requiresShop: false,
        deliveryDays: { min: 2, max: 4 },
      },
      {
        id: 'pickup',
        name: 'Klikk & Hent',
        description: '',
        price: 0,
        isDefault: false,
        requiresShop: true,
        deliveryDays: { min: 0, max: 0 },
      },
    ],
  });
  // As the island submits: with the submission's code loaded on demand.
  const submitCheckout = (returnUrl: string) =>
    checkout.submitCheckout(returnUrl, () => import('./checkout-submit.ts'));
  return {
    ...cart,
    ...lines,
    ...payments,
    ...checkout,
    ...result,
    ...alerts,
    ApiRequestError,
    submitCheckout,
  };
}

const article: CartArticle = {
  id: 1,
  name: 'Skalljakke',
  gender: 'Dame',
  price: 99900,
  priorPrice: null,
  pant: 0,
  frightPrice: 9900,
  image: '/i.svg',
  canPurchase: true,
  webPurchaseLimit: 5,
  onlyCC: false,
  campaigns: [],
};
const variant: CartVariant = {
  id: 11,
  ean: EAN,
  size: { name: 'M' },
  color: { id: 1, name: 'Rød', hex: '#c00', image: '/i.svg' },
  shops: [{ id: 1, qty: 5 }],
};

const reservation: Reservation = {
  id: 77,
  shopId: 1,
  statusId: 1,
  name: 'Kari Nordmann',
  email: 'kari@eksempel.no',
  phone: '91234567',
  delivery: false,
  address: '',
  city: '',
  zipcode: '',
  subtotal: 99900,
  discount: 0,
  promoCode: null,
  shippingMethodId: 'pickup',
  shippingPrice: 0,
  total: 99900,
  lines: [],
  date: '',
};

function fillForm(checkout: Awaited<ReturnType<typeof load>>): void {
  checkout.setCheckoutField('name', 'Kari Nordmann');
  checkout.setCheckoutField('phone', '91234567');
  checkout.setCheckoutField('email', 'kari@eksempel.no');
  checkout.setCheckoutField('address', 'Storgata 1');
  checkout.setCheckoutField('postalCode', '0150');
  checkout.setCheckoutField('city', 'Oslo');
}

beforeEach(() => {
  storage = {};
  vi.stubGlobal('location', { assign, href: 'http://shop.test/checkout' });
  const session = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => session.get(key) ?? null,
    setItem: (key: string, value: string) => session.set(key, value),
  });
  api.getLiveArticles.mockResolvedValue(
    new Map([
      [
        1,
        {
          price: 99900,
          priorPrice: null,
          pant: 0,
          canPurchase: true,
          webPurchaseLimit: 5,
          onlyCC: false,
          campaigns: [],
        },
      ],
    ]),
  );
  api.getAvailability.mockResolvedValue({
    articleId: 1,
    variants: [
      {
        id: 11,
        ean: EAN,
        availability: 2,
        shops: [
          { id: 1, qty: 5 },
          { id: WEB, qty: 5 },
        ],
      },
    ],
  });
  api.lookupAddress.mockResolvedValue([
    { street: 'Storgata', houseNumber: '1', postalCode: '0150', city: 'Oslo' },
  ]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('submitCheckout', () => {
  it('shows every field error and sends nothing while the form is invalid', async () => {
    const s = await load();
    s.addToCart(article, variant);
    await s.submitCheckout('http://shop.test/checkout/kvittering');
    expect(Object.keys(s.$checkoutErrors.get()).sort()).toEqual(
      ['address', 'city', 'email', 'name', 'phone', 'postalCode'].sort(),
    );
    expect(api.startPayment).not.toHaveBeenCalled();
  });

  it('reserves for pick-up, then clears the cart and shows the confirmation', async () => {
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    s.chooseShipping('pickup');
    await s.checkCartLive();
    s.choosePickupShop(1);
    api.createReservation.mockResolvedValue(reservation);
    await s.submitCheckout('http://shop.test/checkout/kvittering');
    const [request, key] = api.createReservation.mock.calls[0] ?? [];
    expect(request).toMatchObject({ Delivery: 0, ShopID: 1, items: [{ EanNo: EAN, Count: 1 }] });
    expect(JSON.stringify(request)).not.toContain('99900');
    expect(key).toMatch(/^[\w-]{16,}$/u);
    expect(s.$cart.get().orders).toEqual([]);
    expect(assign).toHaveBeenCalledWith('/checkout/kvittering?reservasjon=77');
    expect(s.keptReservation(77)).toMatchObject({ id: 77 });
  });

  it('starts a payment, remembers the provider order and keeps the cart', async () => {
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    s.chooseProvider('second');
    api.startPayment.mockResolvedValue({
      provider: 'second',
      orderId: 'ref-1',
      shopId: WEB,
      redirectUrl: '/providers/second/pay/ref-1',
    });
    await s.submitCheckout('http://shop.test/checkout/kvittering');
    expect(api.startPayment).toHaveBeenCalledWith(
      'second',
      expect.objectContaining({
        Delivery: 1,
        ShopID: WEB,
        returnUrl: 'http://shop.test/checkout/kvittering',
      }),
      expect.any(String),
    );
    expect(s.$vippsPayments.get()).toEqual([{ shopId: WEB, orderId: 'ref-1' }]);
    expect(s.$cart.get().count).toBe(1);
    expect(assign).toHaveBeenCalledWith('/providers/second/pay/ref-1');
  });

  it('marks the lines a 409 names and keeps them in the cart', async () => {
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    api.startPayment.mockRejectedValue(
      new s.ApiRequestError(409, 'Noen varer er ikke lenger på lager.', { eanNo: [EAN] }),
    );
    await s.submitCheckout('http://shop.test/checkout/kvittering');
    expect(s.$cart.get().cartErrors).toContain(EAN);
    expect(s.$cart.get().orders).toHaveLength(1);
    expect(s.$submit.get()).toMatchObject({ state: 'error' });
  });

  it('puts the server field errors on the form', async () => {
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    api.startPayment.mockRejectedValue(
      new s.ApiRequestError(422, 'Ugyldig', { Phone: ['Telefonnummeret er ugyldig.'] }),
    );
    await s.submitCheckout('http://shop.test/checkout/kvittering');
    expect(s.$checkoutErrors.get()).toEqual({ phone: 'Telefonnummeret er ugyldig.' });
  });

  it('reuses the idempotency key after a lost answer, and only then', async () => {
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    api.startPayment.mockRejectedValueOnce(new s.ApiRequestError(0, 'offline'));
    await s.submitCheckout('u');
    api.startPayment.mockRejectedValueOnce(new s.ApiRequestError(422, 'x', {}));
    await s.submitCheckout('u');
    api.startPayment.mockRejectedValueOnce(new s.ApiRequestError(422, 'x', {}));
    await s.submitCheckout('u');
    const keys = api.startPayment.mock.calls.map((call) => call[2] as string);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('says an address the map does not know', async () => {
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    api.lookupAddress.mockResolvedValue([]);
    await s.submitCheckout('u');
    expect(s.$checkoutErrors.get().address).toBe('Ingen addresser funnet');
    expect(api.startPayment).not.toHaveBeenCalled();
  });
});

describe("the delivery address's map lookup", () => {
  const storgata = (houseNumber: string): FoundAddress => ({
    street: 'Storgata',
    houseNumber,
    postalCode: '0150',
    city: 'Oslo',
  });
  const known = () => JSON.parse(storage['knownAddresses'] ?? '[]') as unknown;

  beforeEach(() => {
    api.startPayment.mockResolvedValue({
      provider: 'second',
      orderId: 'ref-1',
      shopId: WEB,
      redirectUrl: '/providers/second/pay/ref-1',
    });
  });

  it('looks an address up once; the next order to it, however cased, is not looked up', async () => {
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    await s.submitCheckout('u');
    expect(api.lookupAddress).toHaveBeenCalledWith('Storgata', '1', '0150');
    expect(known()).toEqual([storgata('1')]);
    // The next order, on a page of its own.
    const next = await load();
    next.addToCart(article, variant);
    fillForm(next);
    next.setCheckoutField('address', 'STORGATA 1');
    await next.submitCheckout('u');
    expect(api.lookupAddress).toHaveBeenCalledTimes(1);
    expect(api.startPayment).toHaveBeenCalledTimes(2);
  });

  it('looks up the same street at another number, or in another postal code', async () => {
    storage['knownAddresses'] = JSON.stringify([
      storgata('2'),
      { ...storgata('1'), postalCode: '0151' },
    ]);
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    await s.submitCheckout('u');
    expect(api.lookupAddress).toHaveBeenCalledTimes(1);
  });

  it('keeps the five addresses found last, the newest first', async () => {
    const older = ['2', '3', '4', '5', '6'].map(storgata);
    storage['knownAddresses'] = JSON.stringify(older);
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    await s.submitCheckout('u');
    expect(known()).toEqual([storgata('1'), ...older.slice(0, 4)]);
  });

  it('looks up no address without a house number: the field says how to write one', async () => {
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    s.setCheckoutField('address', 'Storgata');
    await s.submitCheckout('u');
    expect(s.$checkoutErrors.get().address).toBe(NO_HOUSE_NUMBER_MESSAGE);
    expect(api.lookupAddress).not.toHaveBeenCalled();
    expect(api.startPayment).not.toHaveBeenCalled();
  });

  it('logs a failed lookup as ADDRESS_NOT_FOUND and lets the order go on, for the server to check', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.lookupAddress.mockRejectedValue(new TypeError('Failed to fetch'));
    const s = await load();
    s.addToCart(article, variant);
    fillForm(s);
    await s.submitCheckout('u');
    expect(warn).toHaveBeenCalledWith('ADDRESS_NOT_FOUND');
    expect(s.$checkoutErrors.get().address).toBeUndefined();
    expect(api.startPayment).toHaveBeenCalledTimes(1);
    expect(known()).toEqual([]);
    warn.mockRestore();
  });
});

describe('loadPaymentResult', () => {
  const status = (state: PaymentStatus['status']): PaymentStatus => ({
    orderId: 'o1',
    provider: 'first',
    status: state,
    reservation,
    order: null,
    refund: state === 'refunded' ? { kind: 'cancel', amount: 10_000 } : null,
  });

  it('clears the cart only for a paid payment', async () => {
    const s = await load();
    s.addToCart(article, variant);
    api.getPaymentStatus.mockResolvedValue(status('cancelled'));
    await s.loadPaymentResult('?provider=first&order=o1');
    expect(s.$cart.get().count).toBe(1);
    api.getPaymentStatus.mockResolvedValue(status('failed'));
    await s.loadPaymentResult('?provider=first&order=o1');
    expect(s.$cart.get().count).toBe(1);
    api.getPaymentStatus.mockResolvedValue(status('refunded'));
    await s.loadPaymentResult('?provider=first&order=o1');
    expect(s.$cart.get().count).toBe(1);
    api.getPaymentStatus.mockResolvedValue(status('paid'));
    await s.loadPaymentResult('?provider=first&order=o1');
    expect(s.$cart.get().count).toBe(0);
    expect(s.$paymentResult.get()).toMatchObject({ state: 'payment', payment: { status: 'paid' } });
  });

  it('does not ask about a URL without a provider order', async () => {
    const s = await load();
    await s.loadPaymentResult('?provider=evil&order=o1');
    expect(s.$paymentResult.get()).toEqual({ state: 'unknown' });
    expect(api.getPaymentStatus).not.toHaveBeenCalled();
  });
});

describe('the form from the account', () => {
  const kari = customer();

  it('starts from the logged-in customer rather than the stored client', async () => {
    storage['user'] = JSON.stringify({ loaded: true, customer: kari });
    storage['client'] = JSON.stringify({
      name: 'Ola',
      phone: '40000000',
      email: 'ola@eksempel.no',
      address: '',
      postalCode: '',
      city: '',
    });
    const s = await load();
    expect(s.$checkoutForm.get()).toMatchObject({
      name: 'Kari Nordmann',
      email: 'kari@eksempel.no',
      address: 'Storgata 1',
      postalCode: '0155',
      city: 'Oslo',
    });
  });

  it('fills only the empty fields when the customer is confirmed later', async () => {
    const s = await load();
    s.setCheckoutField('email', 'annen@eksempel.no');
    const { $user } = await import('./user.ts');
    $user.set({ loaded: true, customer: kari });
    expect(s.$checkoutForm.get()).toMatchObject({
      name: 'Kari Nordmann',
      email: 'annen@eksempel.no',
      phone: '91234567',
      city: 'Oslo',
    });
  });
});

describe('$shippingMethod', () => {
  it('follows the setup and the choice', async () => {
    const s = await load();
    expect(s.$shippingMethod.get()).toMatchObject({ id: 'delivery', price: 19900 });
    s.chooseShipping('pickup');
    expect(s.$shippingMethod.get()).toMatchObject({ id: 'pickup', price: 0 });
  });
});

describe('startLiveChecks', () => {
  it('checks the cart again whenever the tab is shown again, until stopped', async () => {
    const listeners = new Map<string, () => void>();
    const doc = {
      visibilityState: 'visible',
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    vi.stubGlobal('document', doc);
    const s = await load();
    s.addToCart(article, variant);
    const stop = s.startLiveChecks();
    await vi.waitFor(() => expect(api.getLiveArticles).toHaveBeenCalledTimes(1));
    listeners.get('visibilitychange')?.();
    await vi.waitFor(() => expect(api.getLiveArticles).toHaveBeenCalledTimes(2));
    stop();
    expect(listeners.has('visibilitychange')).toBe(false);
  });

  it('lowers a count above what the web shop now holds, and says so', async () => {
    const s = await load();
    s.addToCart(article, variant);
    s.addToCart(article, variant);
    s.addToCart(article, variant);
    api.getAvailability.mockResolvedValue({
      articleId: 1,
      variants: [
        {
          id: 11,
          ean: EAN,
          availability: 2,
          shops: [
            { id: 1, qty: 5 },
            { id: WEB, qty: 2 },
          ],
        },
      ],
    });
    expect(await s.checkCartLive()).toBe(true);
    expect(s.$cart.get().count).toBe(2);
    expect(s.currentAlert(s.$alerts.get())?.message).toContain('satt ned fra 3 til 2');
  });
});
