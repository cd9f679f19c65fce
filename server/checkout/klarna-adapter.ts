import type { ApiReservation } from '../../contract/index.ts';
import {
  KLARNA_ORDER_ID_PLACEHOLDER,
  KLARNA_TAX_RATE,
  klarnaTaxOf,
  type KlarnaOmOrder,
  type KlarnaOrder,
  type KlarnaOrderLine,
  type KlarnaOrderRequest,
  type KlarnaRefundRequest,
} from '../providers/klarna-wire.ts';
import type { ProviderConfig, ProviderFetch } from '../providers/provider-config.ts';
import {
  expectProviderOk,
  ProviderError,
  readProviderJson,
  returnUrlFor,
  type CheckoutAdapter,
  type PaymentState,
} from './provider-adapter.ts';

function line(
  type: KlarnaOrderLine['type'],
  reference: string,
  name: string,
  quantity: number,
  unitPrice: number,
): KlarnaOrderLine {
  const total = quantity * unitPrice;
  return {
    type,
    reference,
    name,
    quantity,
    unit_price: unitPrice,
    tax_rate: KLARNA_TAX_RATE,
    total_amount: total,
    total_tax_amount: klarnaTaxOf(total),
  };
}

/**
 * The Klarna order lines of a reservation: one physical line per article (unit price with
 * pant), a discount line for a promo code and a shipping fee line, so that they add up to
 * the reservation's total.
 */
export function klarnaOrderLines(reservation: ApiReservation): KlarnaOrderLine[] {
  const lines = reservation.articles.map((l) =>
    line('physical', l.EanNo, `${l.Name} (${l.Size}, ${l.Color})`, l.Count, l.Price + l.Pant),
  );
  if (reservation.discount > 0) {
    const code = reservation.promoCode ?? '';
    lines.push(line('discount', code, `Rabattkode ${code}`.trim(), 1, -reservation.discount));
  }
  if (reservation.shippingPrice > 0) {
    lines.push(
      line('shipping_fee', reservation.shipping_method_id, 'Frakt', 1, reservation.shippingPrice),
    );
  }
  return lines;
}

/** Where a Klarna order stands for the shop. */
export function klarnaPaymentState(
  order: Pick<KlarnaOrder, 'status' | 'simulator_outcome'>,
): PaymentState {
  if (order.status === 'checkout_complete') return 'paid';
  if (order.simulator_outcome === 'cancelled') return 'cancelled';
  if (order.simulator_outcome === 'declined') return 'failed';
  return 'pending';
}

/** The src of the payment frame in an `html_snippet`, which the shop sends the shopper to. */
export function snippetPaymentUrl(snippet: string): string {
  const src = /<iframe[^>]*\ssrc="([^"]+)"/u.exec(snippet)?.[1];
  if (src === undefined) throw new ProviderError('The html_snippet holds no payment frame.');
  return src.replaceAll('&amp;', '&');
}

/** What Klarna shows the shopper about a refund of a payment that came too late. */
export const KLARNA_LATE_REFUND_DESCRIPTION =
  'Betalingen kom for sent, og varene var ikke lenger på lager.';

/**
 * The first provider (Klarna Checkout v3 shaped) over HTTP with Basic auth: creates a
 * checkout order whose confirmation and checkout URLs are the shop's return URL and whose
 * terms page and push endpoint are on the shop's public origin, and reads orders back. Klarna
 * needs no capture here. A payment is given back through order management: cancelled while
 * nothing is captured, else refunded (the shop captures all or nothing).
 */
export function klarnaAdapter(config: ProviderConfig, send: ProviderFetch): CheckoutAdapter {
  const { url, username, password } = config.klarna;
  const headers = {
    Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    'Content-Type': 'application/json',
  };
  return {
    provider: 'first',
    async start({ reservation, returnUrl, origin }) {
      const order_lines = klarnaOrderLines(reservation);
      const back = returnUrlFor(returnUrl, 'first', KLARNA_ORDER_ID_PLACEHOLDER);
      const body: KlarnaOrderRequest = {
        purchase_country: 'NO',
        purchase_currency: 'NOK',
        locale: 'nb-NO',
        order_amount: order_lines.reduce((n, l) => n + l.total_amount, 0),
        order_tax_amount: order_lines.reduce((n, l) => n + l.total_tax_amount, 0),
        order_lines,
        merchant_urls: {
          terms: `${origin}/kundeservice`,
          checkout: back,
          confirmation: back,
          push: `${origin}/api/v1/checkout/first/push?checkout.order.id=${KLARNA_ORDER_ID_PLACEHOLDER}`,
        },
        merchant_reference1: String(reservation.id),
      };
      const res = await send(`${url}/checkout/v3/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const order = await readProviderJson<KlarnaOrder>(res, 'Create order');
      if (typeof order.order_id !== 'string' || typeof order.html_snippet !== 'string') {
        throw new ProviderError('Create order answered no order_id or html_snippet.');
      }
      return {
        providerOrderId: order.order_id,
        redirectUrl: snippetPaymentUrl(order.html_snippet),
      };
    },
    async state(orderId) {
      const res = await send(`${url}/checkout/v3/orders/${encodeURIComponent(orderId)}`, {
        headers,
      });
      return klarnaPaymentState(await readProviderJson<KlarnaOrder>(res, 'Read order'));
    },
    async settle() {
      // Klarna Checkout completes the purchase itself; capture belongs to order management
      // at shipping time, which this shop does not model.
    },
    async giveBack(orderId) {
      const managed = `${url}/ordermanagement/v1/orders/${encodeURIComponent(orderId)}`;
      const order = await readProviderJson<KlarnaOmOrder>(
        await send(managed, { headers }),
        'Read managed order',
      );
      if (order.captured_amount > 0) {
        const owed = order.captured_amount - order.refunded_amount;
        if (owed > 0) {
          const body: KlarnaRefundRequest = {
            refunded_amount: owed,
            description: KLARNA_LATE_REFUND_DESCRIPTION,
          };
          const res = await send(`${managed}/refunds`, {
            method: 'POST',
            headers: { ...headers, 'Klarna-Idempotency-Key': `refund-${orderId}` },
            body: JSON.stringify(body),
          });
          await expectProviderOk(res, 'Refund');
        }
        return { kind: 'refund', amount: order.captured_amount };
      }
      if (order.status !== 'CANCELLED') {
        const res = await send(`${managed}/cancel`, {
          method: 'POST',
          headers: { ...headers, 'Klarna-Idempotency-Key': `cancel-${orderId}` },
        });
        await expectProviderOk(res, 'Cancel');
      }
      return { kind: 'cancel', amount: order.original_order_amount };
    },
  };
}
