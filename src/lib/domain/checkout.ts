/**
 * Checkout rules as pure functions: the form's shape, the cart checked against live stock
 * and prices, and the lines only a shop can hand out (Klikk & Hent). Money in øre. What only
 * the submission needs (the form's validation, the request, the server's field errors) is
 * checkout-submit.ts, which shops hold every line pickup-shops.ts, so the checkout's first
 * load carries none of it.
 */

import {
  shippingAfterPromo,
  type OrderTotals,
  type PromoTerms,
} from '../../../contract/cart-totals.ts';
import { formatPrice } from '../format/money.ts';
import { purchaseLimit, type CartLine, type CartState, type ShopStock } from './cart.ts';

/** How the shopper gets the goods: sent to the address, or picked up in a shop. */
export type Fulfilment = 'delivery' | 'pickup';

/** The checkout form (docs/spec.md §3 form fields, with the postal code the address needs). */
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
  /** EANs that cannot be bought as things stand (the spec's cartErrors). */
  errors: string[];
  /** One Norwegian sentence per change the shopper should know of. */
  notices: string[];
}

/** How many of a variant `shops` holds in shop `shopId`: 0 where it is not listed. */
export const qtyIn = (shops: readonly ShopStock[], shopId: number): number =>
  shops.find((s) => s.id === shopId)?.qty ?? 0;

/**
 * Checks the cart against live articles and stock. Per line: an article no longer sold, or
 * a variant no shop holds, goes into the errors; a changed price, deposit or limit is taken
 * over and told; a count above the new limit (the spec: the lower of webPurchaseLimit and the
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

/** The lines that may only be picked up in a shop (onlyCC): they rule out delivery. */
export function onlyForPickup<L extends Pick<CartLine, 'onlyCC'>>(lines: readonly L[]): L[] {
  return lines.filter((line) => line.onlyCC);
}

/**
 * The order's money as the checkout shows it, with the chosen method's shipping price (null
 * while none is chosen: no shipping yet) and the promo code in use: the goods before and the
 * discount a cart code took off them, the shipping after a shipping code, and the total. The
 * server prices the same order to the same øre (tests/contract/cart-totals.test.ts).
 */
export function checkoutTotals(
  state: CartState,
  shippingPrice: number | null,
  promo: PromoTerms | null,
): OrderTotals {
  const { total, discount } = state;
  const subtotal = discount.activated ? discount.originalTotal : total;
  const shipping = shippingPrice === null ? 0 : shippingAfterPromo(shippingPrice, promo);
  return { subtotal, discount: subtotal - total, shipping, total: total + shipping };
}
