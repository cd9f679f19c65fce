import type { ProviderConfig, ProviderFetch } from '../providers/provider-config.ts';
import type {
  VippsAccessToken,
  VippsCreatePaymentRequest,
  VippsCreatePaymentResponse,
  VippsModificationRequest,
  VippsModificationResponse,
  VippsPayment,
  VippsState,
} from '../providers/vipps-wire.ts';
import {
  ProviderError,
  readProviderJson,
  returnUrlFor,
  type CheckoutAdapter,
  type PaymentState,
} from './provider-adapter.ts';

/** Where a Vipps payment state stands for the shop. */
export function vippsPaymentState(state: VippsState): PaymentState {
  switch (state) {
    case 'AUTHORIZED':
      return 'paid';
    case 'ABORTED':
      return 'cancelled';
    case 'EXPIRED':
    case 'TERMINATED':
      return 'failed';
    case 'CREATED':
      return 'pending';
  }
}

/** A Norwegian mobile number as Vipps wants it: country code and digits, `4791234567`. */
export function vippsPhoneNumber(phone: string): string {
  const digits = phone.replace(/\D/gu, '').replace(/^00/u, '');
  return digits.length === 8 ? `47${digits}` : digits;
}

// Renew a token this long before Vipps says it expires.
const TOKEN_MARGIN_MS = 60_000;

/**
 * The second provider (Vipps MobilePay ePayment shaped) over HTTP: fetches and keeps an
 * access token, creates a WEB_REDIRECT wallet payment under the shop's reference (the
 * reference doubles as Idempotency-Key, so a retried start makes one payment), reads it,
 * and captures the full amount once it is authorised. A payment is given back by refunding
 * what was captured and cancelling what is still authorised; each modification's
 * Idempotency-Key is derived from the reference, so a retry never gives back twice.
 */
export function vippsAdapter(config: ProviderConfig, send: ProviderFetch): CheckoutAdapter {
  const s = config.vipps;
  let token: { value: string; expires: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token !== null && token.expires - TOKEN_MARGIN_MS > Date.now()) return token.value;
    const res = await send(`${s.url}/accesstoken/get`, {
      method: 'POST',
      headers: {
        client_id: s.clientId,
        client_secret: s.clientSecret,
        'Ocp-Apim-Subscription-Key': s.subscriptionKey,
        'Merchant-Serial-Number': s.merchantSerialNumber,
      },
    });
    const answer = await readProviderJson<VippsAccessToken>(res, 'Access token');
    if (typeof answer.access_token !== 'string') throw new ProviderError('No access_token.');
    token = {
      value: answer.access_token,
      expires: Date.now() + Number(answer.expires_in) * 1000,
    };
    return token.value;
  }

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    return send(`${s.url}/epayment/v1/payments${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        'Ocp-Apim-Subscription-Key': s.subscriptionKey,
        'Merchant-Serial-Number': s.merchantSerialNumber,
        'Vipps-System-Name': 'storefront',
        'Content-Type': 'application/json',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  }

  const read = async (reference: string) =>
    readProviderJson<VippsPayment>(await call(`/${encodeURIComponent(reference)}`), 'Get payment');

  return {
    provider: 'second',
    async start({ reservation, reference, returnUrl }) {
      const body: VippsCreatePaymentRequest = {
        amount: { currency: 'NOK', value: reservation.total },
        paymentMethod: { type: 'WALLET' },
        customer: { phoneNumber: vippsPhoneNumber(reservation.phone) },
        reference,
        returnUrl: returnUrlFor(returnUrl, 'second', reference),
        userFlow: 'WEB_REDIRECT',
        paymentDescription: `Ordre ${String(reservation.id)}`,
      };
      const res = await call('', {
        method: 'POST',
        headers: { 'Idempotency-Key': reference },
        body: JSON.stringify(body),
      });
      const answer = await readProviderJson<VippsCreatePaymentResponse>(res, 'Create payment');
      if (typeof answer.redirectUrl !== 'string') throw new ProviderError('No redirectUrl.');
      return { providerOrderId: reference, redirectUrl: answer.redirectUrl };
    },
    async state(reference) {
      return vippsPaymentState((await read(reference)).state);
    },
    async settle(reference, amount) {
      const payment = await read(reference);
      if (payment.aggregate.capturedAmount.value >= amount) return;
      const res = await call(`/${encodeURIComponent(reference)}/capture`, {
        method: 'POST',
        headers: { 'Idempotency-Key': `capture-${reference}` },
        body: JSON.stringify({ modificationAmount: { currency: 'NOK', value: amount } }),
      });
      await readProviderJson<unknown>(res, 'Capture');
    },
    async giveBack(reference) {
      const { aggregate } = await read(reference);
      const captured = aggregate.capturedAmount.value;
      const owed = captured - aggregate.refundedAmount.value;
      const path = `/${encodeURIComponent(reference)}`;
      if (owed > 0) {
        const body: VippsModificationRequest = {
          modificationAmount: { currency: 'NOK', value: owed },
        };
        const res = await call(`${path}/refund`, {
          method: 'POST',
          headers: { 'Idempotency-Key': `refund-${reference}` },
          body: JSON.stringify(body),
        });
        await readProviderJson<VippsModificationResponse>(res, 'Refund');
      }
      const open = aggregate.authorizedAmount.value - captured - aggregate.cancelledAmount.value;
      if (open > 0) {
        const res = await call(`${path}/cancel`, {
          method: 'POST',
          headers: { 'Idempotency-Key': `cancel-${reference}` },
        });
        await readProviderJson<VippsModificationResponse>(res, 'Cancel');
      }
      return captured > 0
        ? { kind: 'refund', amount: captured }
        : { kind: 'cancel', amount: aggregate.authorizedAmount.value };
    },
  };
}
