/**
 * Wire shapes of the first checkout provider, as Klarna Checkout v3 speaks them (the
 * fields this shop uses). Amounts in minor units (øre); tax rates in hundredths of a percent
 * (2500 = 25 %).
 */

/** Norwegian VAT as Klarna writes a tax rate. */
export const KLARNA_TAX_RATE = 2500;

/** Placeholder Klarna replaces with the order id in merchant URLs. */
export const KLARNA_ORDER_ID_PLACEHOLDER = '{checkout.order.id}';

/** A Klarna order line. `total_amount` = quantity × unit_price − total_discount_amount. */
export interface KlarnaOrderLine {
  type: 'physical' | 'digital' | 'discount' | 'shipping_fee' | 'surcharge';
  reference: string;
  name: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_discount_amount?: number;
  total_tax_amount: number;
}

/** The merchant's URLs; each may hold {@link KLARNA_ORDER_ID_PLACEHOLDER}. */
export interface KlarnaMerchantUrls {
  terms: string;
  checkout: string;
  confirmation: string;
  push: string;
}

/** Body of `POST /checkout/v3/orders`. */
export interface KlarnaOrderRequest {
  purchase_country: 'NO';
  purchase_currency: 'NOK';
  locale: 'nb-NO';
  order_amount: number;
  order_tax_amount: number;
  order_lines: KlarnaOrderLine[];
  merchant_urls: KlarnaMerchantUrls;
  merchant_reference1?: string;
}

/**
 * A Klarna checkout order as created and read back. `simulator_outcome` is this simulator's
 * own addition: Klarna keeps an abandoned or refused order `checkout_incomplete`, the
 * simulator also says why, so the shop can release its stock at once.
 */
export interface KlarnaOrder extends KlarnaOrderRequest {
  order_id: string;
  status: 'checkout_incomplete' | 'checkout_complete';
  html_snippet: string;
  started_at: string;
  completed_at?: string;
  simulator_outcome?: 'cancelled' | 'declined';
}

/** Klarna's error body. */
export interface KlarnaError {
  error_code: string;
  error_messages: string[];
  correlation_id: string;
}

/** The tax part of a tax-inclusive amount, rounded as Klarna computes it. */
export function klarnaTaxOf(amount: number, taxRate = KLARNA_TAX_RATE): number {
  return amount - Math.round((amount * 10000) / (10000 + taxRate));
}

/**
 * A Klarna order in order management (`GET /ordermanagement/v1/orders/{order_id}`), which a
 * checkout order becomes once `checkout_complete`: what is authorised, captured, refunded.
 */
export interface KlarnaOmOrder {
  order_id: string;
  status: 'AUTHORIZED' | 'PART_CAPTURED' | 'CAPTURED' | 'CANCELLED' | 'EXPIRED' | 'CLOSED';
  fraud_status: 'ACCEPTED';
  purchase_currency: 'NOK';
  locale: 'nb-NO';
  order_amount: number;
  original_order_amount: number;
  captured_amount: number;
  refunded_amount: number;
  remaining_authorized_amount: number;
  order_lines: KlarnaOrderLine[];
  merchant_reference1?: string;
  created_at: string;
  captures: KlarnaCapture[];
  refunds: KlarnaRefund[];
}

/** Body of `POST /ordermanagement/v1/orders/{order_id}/captures`. */
export interface KlarnaCaptureRequest {
  captured_amount: number;
  description?: string;
  reference?: string;
}

/** A capture of an order management order. */
export interface KlarnaCapture extends KlarnaCaptureRequest {
  capture_id: string;
  captured_at: string;
}

/**
 * Body of `POST /ordermanagement/v1/orders/{order_id}/refunds`; answered 201 with no body and
 * the `Refund-Id` and `Location` headers.
 */
export interface KlarnaRefundRequest {
  refunded_amount: number;
  description?: string;
  reference?: string;
}

/** A refund of an order management order. */
export interface KlarnaRefund extends KlarnaRefundRequest {
  refund_id: string;
  refunded_at: string;
}
