/**
 * Checkout rules as pure functions: the form's validation (SPEC 5), the reservation request
 * built from the cart (SPEC 3), the cart checked against live stock and prices, and which
 * shops can hand out every line (Klikk & Hent). Money in øre.
 */

import type { ApiReservationRequest } from '../../../contract/index.ts';
import { formatPrice } from '../format/money.ts';
import { purchaseLimit, type CartLine, type ShopStock } from './cart.ts';
import { checkAddress, isPostalCode, isValidPhone, POSTAL_CODE_MESSAGE } from './validation.ts';

/** How the shopper gets the goods: sent to the address, or picked up in a shop. */
export type Fulfilment = 'delivery' | 'pickup';

/** The checkout form (SPEC 3 form fields, with the postal code the address needs). */
export interface CheckoutForm {
  name: string;
  phone: string;
  email: string;
  fulfilment: Fulfilment;
  address: string;
  postalCode: string;
  city: string;
  /** The pick-up shop; null until chosen. */
  shopId: number | null;
}

/** A field of {@link CheckoutForm} that can carry an error. */
export type CheckoutField =
  'name' | 'phone' | 'email' | 'address' | 'postalCode' | 'city' | 'shopId';

/** Errors per field, in Norwegian; an empty object means the form is valid. */
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** Messages of the checkout form. */
export const CHECKOUT_MESSAGES = {
  name: 'Skriv inn fornavn og etternavn.',
  phone: 'Skriv inn et norsk mobilnummer med 8 siffer, for eksempel 91234567.',
  email: 'Skriv inn en gyldig e-postadresse, for eksempel navn@eksempel.no.',
  city: 'Skriv inn poststedet.',
  shopId: 'Velg butikken du vil hente varene i.',
} as const;

// Something@something.tld, without spaces: what a shopper can be told to fix.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u;

/**
 * Checks the form. Name, phone (SPEC 5) and e-mail always; for delivery an address in the
 * 'street number' form (SPEC 5's message), a four-digit postal code and a city; for pick-up a
 * chosen shop. Whether the address exists is the map lookup's part, not this one's.
 */
export function validateCheckoutForm(form: CheckoutForm): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (form.name.trim().length < 2) errors.name = CHECKOUT_MESSAGES.name;
  if (!isValidPhone(form.phone.trim())) errors.phone = CHECKOUT_MESSAGES.phone;
  if (!EMAIL.test(form.email.trim())) errors.email = CHECKOUT_MESSAGES.email;
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

/** What the live check knows of an article now: null when it is no longer sold. */
export interface LiveArticle {
  price: number;
  priorPrice: number | null;
  pant: number;
  canPurchase: boolean;
  webPurchaseLimit: number;
  onlyCC: boolean;
  campaigns: ReadonlyArray<{ id: number; price: number }>;
}

/** Live facts per article id and live stock per EAN, as the checkout loaded them. */
export interface LiveCart {
  articles: ReadonlyMap<number, LiveArticle | null>;
  stock: ReadonlyMap<string, readonly ShopStock[]>;
}

/** The cart after the live check: its lines, the EANs that cannot be bought, and what changed. */
export interface CartCheck {
  lines: CartLine[];
  /** EANs that cannot be bought as things stand (SPEC's cartErrors). */
  errors: string[];
  /** One Norwegian sentence per change the shopper should know of. */
  notices: string[];
}

const qtyIn = (shops: readonly ShopStock[], shopId: number): number =>
  shops.find((s) => s.id === shopId)?.qty ?? 0;

/**
 * Checks the cart against live articles and stock. Per line: an article no longer sold, or
 * a variant no shop holds, goes into the errors; a changed price, deposit or limit is taken
 * over and told; a count above the new limit (SPEC: the lower of webPurchaseLimit and the
 * first shop's stock, and for delivery the web shop's stock) is lowered and told. Lines
 * whose facts were not loaded stay as they are.
 */
export function checkCart(
  lines: readonly CartLine[],
  live: LiveCart,
  fulfilment: Fulfilment,
  webShopId: number,
): CartCheck {
  const errors: string[] = [];
  const notices: string[] = [];
  const checked = lines.map((line): CartLine => {
    const article = live.articles.get(line.articleId);
    const shops = live.stock.get(line.ean);
    if (article === undefined || shops === undefined) return line;
    if (article === null || !article.canPurchase) {
      errors.push(line.ean);
      notices.push(`${line.name} kan ikke lenger kjøpes på nett.`);
      return line;
    }
    const campaign = article.campaigns.find((c) => c.price === article.price);
    const next: CartLine = {
      ...line,
      price: article.price,
      priorPrice: article.priorPrice,
      pant: article.pant,
      webPurchaseLimit: article.webPurchaseLimit,
      onlyCC: article.onlyCC,
      shops: shops.map((s) => ({ id: s.id, qty: s.qty })),
      campaignArticleId: campaign?.id ?? null,
    };
    if (next.price !== line.price) {
      notices.push(
        `Prisen på ${line.name} er endret fra ${formatPrice(line.price)} til ${formatPrice(next.price)}.`,
      );
    }
    const inAnyShop = shops.some((s) => s.qty > 0);
    const limit =
      fulfilment === 'delivery'
        ? Math.min(purchaseLimit(next), qtyIn(shops, webShopId))
        : Math.min(next.webPurchaseLimit, Math.max(0, ...shops.map((s) => s.qty)));
    if (!inAnyShop || limit < 1) {
      errors.push(line.ean);
      notices.push(
        inAnyShop
          ? `${line.name} (${line.size}) er ikke på lager for levering. Velg Klikk & Hent eller fjern varen.`
          : `${line.name} (${line.size}) er ikke lenger på lager.`,
      );
      return next;
    }
    if (next.count > limit) {
      notices.push(
        `Antallet av ${line.name} (${line.size}) er satt ned fra ${String(line.count)} til ${String(limit)}, som er det vi har.`,
      );
      return { ...next, count: limit };
    }
    return next;
  });
  return { lines: checked, errors, notices };
}

/**
 * The shops that hold every line in the wanted count, the web shop left out (it has no
 * counter). Lines whose stock is unknown count as held nowhere.
 */
export function shopsHoldingAll(
  lines: readonly Pick<CartLine, 'ean' | 'count'>[],
  stock: ReadonlyMap<string, readonly ShopStock[]>,
  shopIds: readonly number[],
  webShopId: number,
): number[] {
  if (lines.length === 0) return [];
  return shopIds.filter(
    (id) =>
      id !== webShopId && lines.every((line) => qtyIn(stock.get(line.ean) ?? [], id) >= line.count),
  );
}

/** The lines that may only be picked up in a shop (onlyCC): they rule out delivery. */
export function onlyForPickup<L extends Pick<CartLine, 'onlyCC'>>(lines: readonly L[]): L[] {
  return lines.filter((line) => line.onlyCC);
}
