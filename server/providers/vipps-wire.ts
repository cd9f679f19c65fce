import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Wire shapes of the second checkout provider, as the Vipps MobilePay ePayment API speaks
 * them (the fields this shop uses), and the HMAC-SHA256 signature of its webhooks.
 */

/** An amount in minor units. */
export interface VippsAmount {
  currency: 'NOK';
  value: number;
}

/** Answer of `POST /accesstoken/get`. */
export interface VippsAccessToken {
  token_type: 'Bearer';
  expires_in: string;
  ext_expires_in: string;
  expires_on: string;
  not_before: string;
  resource: string;
  access_token: string;
}

/** Body of `POST /epayment/v1/payments`. */
export interface VippsCreatePaymentRequest {
  amount: VippsAmount;
  paymentMethod: { type: 'WALLET' };
  customer?: { phoneNumber: string };
  reference: string;
  returnUrl: string;
  userFlow: 'WEB_REDIRECT';
  paymentDescription?: string;
}

/** Answer of `POST /epayment/v1/payments`. */
export interface VippsCreatePaymentResponse {
  redirectUrl: string;
  reference: string;
}

/** State of a payment. */
export type VippsState = 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED';

/** What has happened to a payment's money. */
export interface VippsAggregate {
  authorizedAmount: VippsAmount;
  cancelledAmount: VippsAmount;
  capturedAmount: VippsAmount;
  refundedAmount: VippsAmount;
}

/** Answer of `GET /epayment/v1/payments/{reference}`. */
export interface VippsPayment {
  aggregate: VippsAggregate;
  amount: VippsAmount;
  state: VippsState;
  paymentMethod: { type: 'WALLET' };
  pspReference: string;
  redirectUrl: string;
  reference: string;
}

/** Body of `POST /epayment/v1/payments/{reference}/capture` and `…/refund`. */
export interface VippsModificationRequest {
  modificationAmount: VippsAmount;
}

/** Answer of `POST /epayment/v1/payments/{reference}/capture`, `…/cancel` and `…/refund`. */
export interface VippsModificationResponse {
  amount: VippsAmount;
  state: VippsState;
  aggregate: VippsAggregate;
  pspReference: string;
  reference: string;
}

/** A webhook event about a payment. */
export interface VippsWebhookEvent {
  msn: string;
  reference: string;
  pspReference: string;
  name: 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED' | 'CAPTURED';
  amount: VippsAmount;
  timestamp: string;
  success: boolean;
}

/** An RFC 7807 problem, as Vipps answers errors. */
export interface VippsProblem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  traceId: string;
  extraDetails?: Array<{ name: string; reason: string }>;
}

function contentHash(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('base64');
}

function signature(secret: string, method: string, url: URL, date: string, hash: string): string {
  const signed = `${method}\n${url.pathname}${url.search}\n${date};${url.host};${hash}`;
  return createHmac('sha256', secret).update(signed, 'utf8').digest('base64');
}

/**
 * Headers Vipps sends with a webhook: `x-ms-date`, `x-ms-content-sha256` (base64 SHA-256
 * of the body) and `Authorization: HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=…`
 * over `POST\n{path and query}\n{date};{host};{content hash}`.
 */
export function signWebhook(
  secret: string,
  url: string,
  body: string,
  date: Date,
): Record<string, string> {
  const when = date.toUTCString();
  const hash = contentHash(body);
  return {
    'x-ms-date': when,
    'x-ms-content-sha256': hash,
    Authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature(secret, 'POST', new URL(url), when, hash)}`,
  };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** How far a webhook's `x-ms-date` may be from now, so an old capture cannot be replayed. */
export const WEBHOOK_MAX_SKEW_MS = 5 * 60 * 1000;

/**
 * Whether a webhook request to `url` carries a valid signature of `body` by `secret`,
 * dated within {@link WEBHOOK_MAX_SKEW_MS} of `now`.
 */
export function verifyWebhook(
  secret: string,
  url: string,
  headers: Headers,
  body: string,
  now: Date,
): boolean {
  const date = headers.get('x-ms-date');
  const hash = headers.get('x-ms-content-sha256');
  const auth = headers.get('authorization');
  if (date === null || hash === null || auth === null) return false;
  if (!(Math.abs(now.getTime() - Date.parse(date)) <= WEBHOOK_MAX_SKEW_MS)) return false;
  if (!same(hash, contentHash(body))) return false;
  const expected = `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature(secret, 'POST', new URL(url), date, hash)}`;
  return same(auth, expected);
}
