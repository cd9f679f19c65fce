/** Mappers for reservations, orders and checkout-provider answers. */

import type {
  ApiKlarnaOrder,
  ApiOrderHistory,
  ApiOrderLine,
  ApiOverpassResponse,
  ApiPaymentStatus,
  ApiReservation,
  ApiVippsOrder,
} from '../../../contract/index.ts';
import type {
  CheckoutProvider,
  FoundAddress,
  Order,
  OrderLine,
  PaymentRefund,
  PaymentStart,
  PaymentStatus,
  Reservation,
} from '../types.ts';
import { isNumber, isRecord } from '../../../contract/guards.ts';
import { flag, hasFields, mapList, missingData, money, text } from './common.ts';

/** Maps an order line; needs EanNo, Count and Price. */
export function toOrderLine(wire: ApiOrderLine): OrderLine | null {
  if (!hasFields(wire, ['Count', 'Price'], ['EanNo'])) return missingData('order line', wire);
  return {
    ean: wire.EanNo,
    count: wire.Count,
    articleId: isNumber(wire.ArticleID) ? wire.ArticleID : 0,
    name: text(wire.Name),
    size: text(wire.Size),
    color: text(wire.Color),
    price: money(wire.Price),
    pant: money(wire.Pant),
  };
}

/** Maps a reservation; needs id, shopID and total. */
export function toReservation(wire: ApiReservation): Reservation | null {
  if (!hasFields(wire, ['id', 'shopID', 'total'])) return missingData('reservation', wire);
  return {
    id: wire.id,
    shopId: wire.shopID,
    statusId: isNumber(wire.statusID) ? wire.statusID : 1,
    name: text(wire.name),
    email: text(wire.email),
    phone: text(wire.phone),
    delivery: flag(wire.delivery),
    address: text(wire.address),
    city: text(wire.city),
    zipcode: text(wire.zipcode),
    subtotal: money(wire.subtotal),
    discount: money(wire.discount),
    promoCode: typeof wire.promoCode === 'string' ? wire.promoCode : null,
    shippingMethodId: text(wire.shipping_method_id),
    shippingPrice: money(wire.shippingPrice),
    total: money(wire.total),
    lines: mapList(wire.articles, toOrderLine),
    date: text(wire.date),
  };
}

/** Maps a paid order; needs id and total. */
export function toOrder(wire: ApiOrderHistory): Order | null {
  if (!hasFields(wire, ['id', 'total'])) return missingData('order', wire);
  return {
    id: wire.id,
    vat: isNumber(wire.vat) ? wire.vat : 25,
    vatTotal: money(wire.vat_total),
    netAmount: money(wire.net_amount),
    total: money(wire.total),
    lines: mapList(wire.articles, toOrderLine),
    date: text(wire.date),
  };
}

const STATUSES = new Set<PaymentStatus['status']>([
  'pending',
  'paid',
  'cancelled',
  'failed',
  'refunded',
]);

function toPaymentRefund(wire: unknown): PaymentRefund | null {
  if (!isRecord(wire) || (wire['kind'] !== 'cancel' && wire['kind'] !== 'refund')) return null;
  return { kind: wire['kind'], amount: money(wire['amount']) };
}

/** Maps a payment status; an unknown status or provider is 'Missing data'. */
export function toPaymentStatus(wire: ApiPaymentStatus): PaymentStatus | null {
  if (
    !hasFields(wire, [], ['orderId']) ||
    !STATUSES.has(wire.status) ||
    (wire.provider !== 'first' && wire.provider !== 'second')
  ) {
    return missingData('payment status', wire);
  }
  return {
    orderId: wire.orderId,
    provider: wire.provider,
    status: wire.status,
    reservation: isRecord(wire.reservation) ? toReservation(wire.reservation) : null,
    order: isRecord(wire.order) ? toOrder(wire.order) : null,
    refund: toPaymentRefund(wire.refund),
  };
}

/**
 * Maps a started payment. The redirect must be a same-origin path or an http(s) URL, so a
 * bad answer can never send the shopper to a `javascript:` or protocol-relative address.
 */
export function toPaymentStart(
  provider: CheckoutProvider,
  wire: ApiKlarnaOrder | ApiVippsOrder,
): PaymentStart | null {
  if (!hasFields(wire, [], ['orderId', 'redirectUrl'])) return missingData('payment start', wire);
  const url = wire.redirectUrl;
  const samePath = url.startsWith('/') && !url.startsWith('//');
  if (!samePath && !/^https?:\/\//iu.test(url)) {
    return missingData('payment start', wire);
  }
  return {
    provider,
    orderId: wire.orderId,
    shopId: 'shopId' in wire && isNumber(wire.shopId) ? wire.shopId : null,
    redirectUrl: url,
  };
}

/** The addresses of an address lookup answer; none when it has no usable element. */
export function toFoundAddresses(wire: ApiOverpassResponse): FoundAddress[] {
  const elements = isRecord(wire) && Array.isArray(wire.elements) ? wire.elements : [];
  return mapList(elements, (element) => {
    const tags: unknown = isRecord(element) ? element.tags : undefined;
    if (!isRecord(tags)) return missingData('address', element);
    return {
      street: text(tags['addr:street']),
      houseNumber: text(tags['addr:housenumber']),
      postalCode: text(tags['addr:postcode']),
      city: text(tags['addr:city']),
    };
  });
}
