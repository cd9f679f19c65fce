import type { ApiFlag } from './common.ts';
import type { ApiOrderWithdrawal, ApiShipment } from './withdrawal.ts';

/** One line of a reservation request or an order sent from the cart. */
export interface ApiOrderItem {
  EanNo: string;
  Count: number;
  /** The campaign item the price comes from, or null. */
  CampaignArticleID: number | null;
}

/** Body of `POST reservations` (Klikk & Hent or delivery through a checkout provider). */
export interface ApiReservationRequest {
  CustomerName: string;
  Email: string;
  Phone: string;
  /** 1 for delivery to the address, 0 for pick-up in `ShopID`. */
  Delivery: ApiFlag;
  Address: string;
  PostalCode: string;
  City: string;
  ShopID: number;
  items: ApiOrderItem[];
  shipping_method_id: string;
  /** Promo code name to apply, if any. */
  PromoCode?: string;
}

/** A line of a stored reservation or order. Money in øre. */
export interface ApiOrderLine {
  EanNo: string;
  Count: number;
  ArticleID: number;
  Name: string;
  Size: string;
  Color: string;
  Price: number;
  Pant: number;
}

/**
 * A reservation. `POST reservations` answers 201 with this body; 422 with field errors
 * for invalid input, 409 {@link ApiStockConflict} when a line is out of stock.
 * `statusID`: 1 received, 2 ready for pick-up, 3 collected, 4 cancelled (also: an unpaid
 * provider order whose time ran out, its stock released).
 * Money in øre: `total` = `subtotal` − `discount` + `shippingPrice`.
 */
export interface ApiReservation {
  id: number;
  shopID: number;
  customerID: number | null;
  statusID: number;
  name: string;
  email: string;
  phone: string;
  delivery: ApiFlag;
  address: string;
  city: string;
  zipcode: string;
  /** Sum of (Price + Pant) × Count over the lines, øre. */
  subtotal: number;
  /** What the promo code took off, øre (0 without one). */
  discount: number;
  /** The promo code applied, or null. */
  promoCode: string | null;
  shipping_method_id: string;
  /** The shipping method's price after a shipping promo code, øre. */
  shippingPrice: number;
  total: number;
  trackingUrl: string | null;
  articles: ApiOrderLine[];
  date: string;
}

/** 409 of `POST reservations` and `POST checkout/{provider}/orders`: the EANs short of stock. */
export interface ApiStockConflict {
  message: string;
  errors: { eanNo: string[] };
}

/** A completed order in the customer's history. VAT figures in øre; `vat` in percent. */
export interface ApiOrderHistory {
  id: number;
  vat: number;
  vat_total: number;
  net_amount: number;
  total: number;
  articles: ApiOrderLine[];
  date: string;
  /**
   * `paid`, or `withdrawn` once the shopper has withdrawn all of it (a part withdrawn leaves
   * it `paid`; `withdrawal` tells what).
   */
  status: 'paid' | 'withdrawn';
  /** The order's right of withdrawal (angrerett): its period, what is left and what was used. */
  withdrawal: ApiOrderWithdrawal;
  /** Its parcels so far, oldest first; empty until the first is sent. */
  shipments: ApiShipment[];
}

/** The checkout providers: `first` (Klarna Checkout v3 shaped), `second` (Vipps ePayment shaped). */
export type ApiCheckoutProvider = 'first' | 'second';

/**
 * Start of a payment at a checkout provider (`POST checkout/{provider}/orders`): the
 * reservation request plus the shop page the provider sends the shopper back to. The server
 * appends `provider` and `order` (the provider's order id) to `returnUrl`'s query, and
 * `result=cancelled` or `result=failed` when the shopper cancelled or was declined.
 * Send an `Idempotency-Key` header so that a retried start makes one order.
 */
export interface ApiCheckoutRequest extends ApiReservationRequest {
  returnUrl: string;
}

/** A Klarna-shaped order (provider `first`): where to send the shopper to pay. */
export interface ApiKlarnaOrder {
  orderId: string;
  redirectUrl: string;
}

/** A Vipps-shaped order (provider `second`), bound to the shop that fulfils it. */
export interface ApiVippsOrder {
  shopId: number;
  orderId: string;
  redirectUrl: string;
}

/**
 * Payment status of a provider order (`GET checkout/{provider}/orders/{orderId}`). Reading
 * it asks the provider, so a completed payment becomes its one stored order here even when
 * the provider's push or webhook has not arrived. `reservation` is the priced reservation
 * behind the payment (lines, totals, shop); `order` is the stored order once paid.
 * `refunded`: the provider approved the payment after the shop's time-out and the goods were
 * gone, so the payment was given back at the provider (`refund` says how).
 */
export interface ApiPaymentStatus {
  orderId: string;
  provider: ApiCheckoutProvider;
  status: 'pending' | 'paid' | 'cancelled' | 'failed' | 'refunded';
  reservationId: number | null;
  reservation: ApiReservation | null;
  order: ApiOrderHistory | null;
  /** How a `refunded` payment was given back; null otherwise. */
  refund: ApiPaymentRefund | null;
}

/** A late payment given back at the provider. */
export interface ApiPaymentRefund {
  /** `cancel`: the authorisation was released, nothing was charged; `refund`: money paid back. */
  kind: 'cancel' | 'refund';
  /** In øre. */
  amount: number;
  date: string;
}
