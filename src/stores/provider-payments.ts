/**
 * The payments started at the two checkout providers, each list under its the spec localStorage
 * key, as the cart's other parts are (cart.ts). Apart from the cart store because only the
 * submission writes them (checkout-submit.ts, loaded on the first order), so the checkout's
 * first load carries none of it.
 */

import { persistentAtom } from '@nanostores/persistent';
import { isNumber, isRecord, isString } from '../../contract/guards.ts';
import { safeJson } from './persist.ts';

/** A payment started at Klarna (checkout provider `first`): its order id there. */
export interface KlarnaPayment {
  orderId: string;
}

/** A payment started at Vipps (checkout provider `second`), which takes one per shop. */
export interface VippsPayment {
  shopId: number;
  orderId: string;
}

const isKlarnaPayments = (v: unknown): v is KlarnaPayment[] =>
  Array.isArray(v) && v.every((o) => isRecord(o) && isString(o['orderId']));

const isVippsPayments = (v: unknown): v is VippsPayment[] =>
  Array.isArray(v) &&
  v.every((o) => isRecord(o) && isNumber(o['shopId']) && isString(o['orderId']));

/** Payments started at Klarna (the spec's "first-provider orders", stored under that name). */
export const $klarnaPayments = persistentAtom<KlarnaPayment[]>(
  'firstProviderOrders',
  [],
  safeJson(isKlarnaPayments, []),
);
/** Payments started at Vipps (the spec's "second-provider orders", stored under that name). */
export const $vippsPayments = persistentAtom<VippsPayment[]>(
  'secondProviderOrders',
  [],
  safeJson(isVippsPayments, []),
);
