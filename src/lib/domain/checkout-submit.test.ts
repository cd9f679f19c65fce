import { describe, expect, it } from 'vitest';
import { cartLine } from '../../test-support/cart.ts';
import type { CartLine } from './cart.ts';
import type { CheckoutForm } from './checkout.ts';
import {
  CHECKOUT_MESSAGES,
  reservationRequest,
  serverFieldErrors,
  validateCheckoutForm,
} from './checkout-submit.ts';
import { NO_HOUSE_NUMBER_MESSAGE, POSTAL_CODE_MESSAGE } from './validation.ts';

const WEB = 55;

const form: CheckoutForm = {
  name: 'Kari Nordmann',
  phone: '+47 91234567',
  email: 'kari@eksempel.no',
  fulfilment: 'delivery',
  address: 'Storgata 12B',
  postalCode: '0150',
  city: 'Oslo',
  shopId: null,
};

// A 999 kr jacket: its price must never travel in the request.
const line = (over: Partial<CartLine> = {}): CartLine =>
  cartLine('7000000000011', { price: 99900, ...over });

describe('validateCheckoutForm', () => {
  it('accepts a complete delivery form', () => {
    expect(validateCheckoutForm(form)).toEqual({});
  });

  it('gives every message of an empty delivery form', () => {
    const errors = validateCheckoutForm({
      ...form,
      name: ' ',
      phone: '12345678',
      email: 'kari@',
      address: 'Storgata',
      postalCode: '150',
      city: '',
    });
    expect(errors).toEqual({
      name: CHECKOUT_MESSAGES.name,
      phone: CHECKOUT_MESSAGES.phone,
      email: CHECKOUT_MESSAGES.email,
      address: NO_HOUSE_NUMBER_MESSAGE,
      postalCode: POSTAL_CODE_MESSAGE,
      city: CHECKOUT_MESSAGES.city,
    });
  });

  it('asks a pick-up for a shop, not an address', () => {
    const pickup = {
      ...form,
      fulfilment: 'pickup' as const,
      address: '',
      postalCode: '',
      city: '',
    };
    expect(validateCheckoutForm(pickup)).toEqual({ shopId: CHECKOUT_MESSAGES.shopId });
    expect(validateCheckoutForm({ ...pickup, shopId: 3 })).toEqual({});
  });
});

describe('serverFieldErrors', () => {
  it('puts known fields on the form and keeps the rest as messages', () => {
    expect(
      serverFieldErrors({ Phone: ['Ugyldig telefonnummer.'], items: ['For mange.'], ShopID: [] }),
    ).toEqual({ fields: { phone: 'Ugyldig telefonnummer.' }, other: ['For mange.'] });
  });
});

describe('reservationRequest', () => {
  it('sends EANs, counts and campaign items but never a price', () => {
    const request = reservationRequest(
      form,
      [line({ count: 2, campaignArticleId: 7 })],
      { methodId: 'delivery', webShopId: WEB },
      'VINTER20',
    );
    expect(request).toEqual({
      CustomerName: 'Kari Nordmann',
      Email: 'kari@eksempel.no',
      Phone: '+47 91234567',
      Delivery: 1,
      Address: 'Storgata 12B',
      PostalCode: '0150',
      City: 'Oslo',
      ShopID: WEB,
      items: [{ EanNo: '7000000000011', Count: 2, CampaignArticleID: 7 }],
      shipping_method_id: 'delivery',
      PromoCode: 'VINTER20',
    });
    expect(JSON.stringify(request)).not.toContain('99900');
  });

  it('sends the chosen shop and no address for a pick-up', () => {
    const request = reservationRequest(
      { ...form, fulfilment: 'pickup', shopId: 4 },
      [line()],
      { methodId: 'pickup', webShopId: WEB },
      null,
    );
    expect(request).toMatchObject({ Delivery: 0, ShopID: 4, Address: '', PostalCode: '' });
    expect(request).not.toHaveProperty('PromoCode');
  });
});
