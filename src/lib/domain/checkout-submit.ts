/**
 * The checkout's submission rules as pure functions: the form's validation (docs/spec.md §5), the
 * reservation request built from the cart (docs/spec.md §3) and the server's field errors on the
 * form. Only the submission uses them (stores/checkout-submit.ts, loaded on the first
 * order), so they stand apart from checkout.ts, which the checkout's first load needs.
 */

import type { ApiReservationRequest } from '../../../contract/index.ts';
import type { CartLine } from './cart.ts';
import type { CheckoutErrors, CheckoutField, CheckoutForm } from './checkout.ts';
import { EMAIL_MESSAGE, isEmailAddress } from './email-address.ts';
import { checkAddress, isPostalCode, isValidPhone, POSTAL_CODE_MESSAGE } from './validation.ts';

/** Messages of the checkout form. */
export const CHECKOUT_MESSAGES = {
  name: 'Skriv inn fornavn og etternavn.',
  phone: 'Skriv inn et norsk mobilnummer med 8 siffer, for eksempel 91234567.',
  email: EMAIL_MESSAGE,
  city: 'Skriv inn poststedet.',
  shopId: 'Velg butikken du vil hente varene i.',
} as const;

/**
 * Checks the form. Name, phone (docs/spec.md §5) and e-mail always; for delivery an address in the
 * 'street number' form (docs/spec.md §5's message), a four-digit postal code and a city; for pick-up a
 * chosen shop. Whether the address exists is the map lookup's part, not this one's.
 */
export function validateCheckoutForm(form: CheckoutForm): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (form.name.trim().length < 2) errors.name = CHECKOUT_MESSAGES.name;
  if (!isValidPhone(form.phone.trim())) errors.phone = CHECKOUT_MESSAGES.phone;
  if (!isEmailAddress(form.email.trim())) errors.email = CHECKOUT_MESSAGES.email;
  if (form.fulfilment === 'delivery') {
    const address = checkAddress(form.address);
    if (!address.ok) errors.address = address.message;
    if (!isPostalCode(form.postalCode)) errors.postalCode = POSTAL_CODE_MESSAGE;
    if (form.city.trim() === '') errors.city = CHECKOUT_MESSAGES.city;
  } else if (form.shopId === null) {
    errors.shopId = CHECKOUT_MESSAGES.shopId;
  }
  return errors;
}

/** Maps the server's 422 field names (contract ApiReservationRequest) to the form's. */
const SERVER_FIELDS: Readonly<Record<string, CheckoutField>> = {
  CustomerName: 'name',
  Phone: 'phone',
  Email: 'email',
  Address: 'address',
  PostalCode: 'postalCode',
  City: 'city',
  ShopID: 'shopId',
};

/**
 * The server's field errors as form errors; the rest (lines, shipping, promo code) come back
 * as one list of messages for the form's summary.
 */
export function serverFieldErrors(errors: Readonly<Record<string, readonly string[]>>): {
  fields: CheckoutErrors;
  other: string[];
} {
  const fields: CheckoutErrors = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const field = SERVER_FIELDS[key];
    const message = messages[0];
    if (message === undefined) continue;
    if (field === undefined) other.push(message);
    else fields[field] ??= message;
  }
  return { fields, other };
}

/**
 * The body of `POST reservations` and `POST checkout/{provider}/orders`: the shopper's
 * details and one item per line (EAN, count, the campaign item its price comes from). No
 * price travels: the server prices every line itself.
 */
export function reservationRequest(
  form: CheckoutForm,
  lines: readonly CartLine[],
  shipping: { methodId: string; webShopId: number },
  promoCode: string | null,
): ApiReservationRequest {
  const delivery = form.fulfilment === 'delivery';
  return {
    CustomerName: form.name.trim(),
    Email: form.email.trim(),
    Phone: form.phone.trim(),
    Delivery: delivery ? 1 : 0,
    Address: delivery ? form.address.trim() : '',
    PostalCode: delivery ? form.postalCode.trim() : '',
    City: delivery ? form.city.trim() : '',
    ShopID: delivery ? shipping.webShopId : (form.shopId ?? 0),
    items: lines.map((line) => ({
      EanNo: line.ean,
      Count: line.count,
      CampaignArticleID: line.campaignArticleId,
    })),
    shipping_method_id: shipping.methodId,
    ...(promoCode === null ? {} : { PromoCode: promoCode }),
  };
}
