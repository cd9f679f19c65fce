import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createTestApp } from '../test-support/harness.ts';
import { providerConfigFromEnv } from './provider-config.ts';
import { VIPPS_PATH, vippsRoutes } from './vipps.ts';
import {
  verifyWebhook,
  type VippsAccessToken,
  type VippsCreatePaymentRequest,
  type VippsModificationResponse,
  type VippsPayment,
  type VippsProblem,
  type VippsWebhookEvent,
} from './vipps-wire.ts';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const config = providerConfigFromEnv({});
const s = config.vipps;
const base = `http://localhost${VIPPS_PATH}`;

const payment = (reference = 'storefront-1-abcdef01'): VippsCreatePaymentRequest => ({
  amount: { currency: 'NOK', value: 99_900 },
  paymentMethod: { type: 'WALLET' },
  customer: { phoneNumber: '4791234567' },
  reference,
  returnUrl: 'https://shop.example/kasse?provider=second&order=storefront-1-abcdef01',
  userFlow: 'WEB_REDIRECT',
  paymentDescription: 'Ordre 1',
});

describe('second provider simulator (Vipps MobilePay ePayment shaped)', () => {
  let webhooks: Array<{ url: string; headers: Headers; body: string }>;
  let app: ReturnType<typeof createTestApp>;
  let token: string;

  beforeEach(async () => {
    webhooks = [];
    const routes = vippsRoutes(config, async (url, init) => {
      webhooks.push({ url, headers: new Headers(init?.headers), body: String(init?.body) });
      return new Response(null, { status: 204 });
    });
    app = createTestApp({ db: openDatabase(':memory:'), now: () => NOW }, [
      { path: VIPPS_PATH, routes },
    ]);
    const res = await app.request(`${base}/accesstoken/get`, {
      method: 'POST',
      headers: {
        client_id: s.clientId,
        client_secret: s.clientSecret,
        'Ocp-Apim-Subscription-Key': s.subscriptionKey,
      },
    });
    token = ((await res.json()) as VippsAccessToken).access_token;
  });

  const call = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    app.request(`${base}/epayment/v1/payments${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${token}`,
        'Ocp-Apim-Subscription-Key': s.subscriptionKey,
        'Merchant-Serial-Number': s.merchantSerialNumber,
        'Content-Type': 'application/json',
        ...init.headers,
      },
    });
  const create = (body: unknown, key: string | null = 'key-1') =>
    call('', {
      method: 'POST',
      headers: key === null ? {} : { 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });

  it('gives tokens only for the configured client credentials and subscription key', async () => {
    const res = await app.request(`${base}/accesstoken/get`, {
      method: 'POST',
      headers: { client_id: s.clientId, client_secret: 'wrong' },
    });
    expect(res.status).toBe(401);
    expect(token).toMatch(/^[\w-]{20,}$/u);
    const noToken = await app.request(`${base}/epayment/v1/payments/x`, {
      headers: { 'Ocp-Apim-Subscription-Key': s.subscriptionKey },
    });
    expect(noToken.status).toBe(401);
    expect(((await noToken.json()) as VippsProblem).title).toBe('Unauthorized');
  });

  it('requires an Idempotency-Key and answers a retry with the first answer', async () => {
    const missing = await create(payment(), null);
    expect(missing.status).toBe(400);
    expect((await missing.json()) as VippsProblem).toMatchObject({
      status: 400,
      extraDetails: [{ name: 'Idempotency-Key' }],
    });
    const first = await create(payment());
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toEqual({
      redirectUrl: `${VIPPS_PATH}/pay/storefront-1-abcdef01`,
      reference: 'storefront-1-abcdef01',
    });
    const retry = await create(payment());
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(body);
    const reused = await create(payment(), 'key-2');
    expect(reused.status).toBe(409);
  });

  it('refuses bodies Vipps would refuse', async () => {
    const spoilt: Array<Record<string, unknown>> = [
      { amount: { currency: 'SEK', value: 100 } },
      { amount: { currency: 'NOK', value: 1.5 } },
      { paymentMethod: { type: 'CARD' } },
      { reference: 'short' },
      { returnUrl: 'nope' },
      { userFlow: 'PUSH_MESSAGE' },
    ];
    for (const [i, change] of spoilt.entries()) {
      const res = await create({ ...payment(), ...change }, `bad-${String(i)}`);
      expect(res.status, JSON.stringify(change)).toBe(400);
    }
  });

  it('authorises on the payment page, signs the webhook, and captures once', async () => {
    await create(payment());
    const page = await app.request(`${base}/pay/storefront-1-abcdef01`);
    expect(await page.text()).toContain('Godkjenn betaling');
    const res = await app.request(`${base}/pay/storefront-1-abcdef01/approve`, { method: 'POST' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(payment().returnUrl);
    expect(webhooks).toHaveLength(1);
    const hook = webhooks[0]!;
    expect(hook.url).toBe(s.webhookUrl);
    expect(hook.headers.get('Authorization')).toMatch(
      /^HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=/u,
    );
    expect(verifyWebhook(s.webhookSecret, hook.url, hook.headers, hook.body, NOW)).toBe(true);
    expect(JSON.parse(hook.body) as VippsWebhookEvent).toMatchObject({
      msn: s.merchantSerialNumber,
      reference: 'storefront-1-abcdef01',
      name: 'AUTHORIZED',
      amount: { currency: 'NOK', value: 99_900 },
      success: true,
    });

    const capture = (value: number, key: string) =>
      call('/storefront-1-abcdef01/capture', {
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        body: JSON.stringify({ modificationAmount: { currency: 'NOK', value } }),
      });
    expect((await capture(99_900, 'c-1')).status).toBe(200);
    expect((await capture(99_900, 'c-1')).status).toBe(200);
    expect((await capture(1, 'c-2')).status).toBe(409);
    const read = (await (await call('/storefront-1-abcdef01')).json()) as VippsPayment;
    expect(read).toMatchObject({
      state: 'AUTHORIZED',
      aggregate: { authorizedAmount: { value: 99_900 }, capturedAmount: { value: 99_900 } },
    });
  });

  it('cancels what is authorised and refunds what is captured, as Vipps modifications', async () => {
    const modify = (reference: string, op: string, key: string, body?: unknown) =>
      call(`/${reference}/${op}`, {
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const nok = (value: number) => ({ modificationAmount: { currency: 'NOK', value } });
    const approved = async (reference: string) => {
      await create(payment(reference), reference);
      await app.request(`${base}/pay/${reference}/approve`, { method: 'POST' });
    };

    // Authorised, nothing captured: cancel releases it all, once.
    await approved('storefront-2-00000002');
    expect(
      (await modify('storefront-2-00000002', 'cancel', 'x', { cancelTransactionOnly: true }))
        .status,
    ).toBe(409);
    const cancelled = await modify('storefront-2-00000002', 'cancel', 'k-1');
    expect(cancelled.status).toBe(200);
    const answer = (await cancelled.json()) as VippsModificationResponse;
    expect(answer).toMatchObject({
      reference: 'storefront-2-00000002',
      state: 'AUTHORIZED',
      amount: { currency: 'NOK', value: 99_900 },
      aggregate: {
        authorizedAmount: { value: 99_900 },
        cancelledAmount: { value: 99_900 },
        capturedAmount: { value: 0 },
        refundedAmount: { value: 0 },
      },
    });
    expect(await (await modify('storefront-2-00000002', 'cancel', 'k-1')).json()).toEqual(answer);
    expect((await modify('storefront-2-00000002', 'cancel', 'k-2')).status).toBe(409);
    expect((await modify('storefront-2-00000002', 'capture', 'c-1', nok(1))).status).toBe(409);
    expect((await modify('storefront-2-00000002', 'cancel', '')).status).toBe(400);

    // Captured: refund pays back no more than was captured.
    await approved('storefront-3-00000003');
    await modify('storefront-3-00000003', 'capture', 'c-1', nok(99_900));
    expect((await modify('storefront-3-00000003', 'refund', 'r-1', nok(99_901))).status).toBe(409);
    expect((await modify('storefront-3-00000003', 'refund', 'r-2', { amount: 5 })).status).toBe(
      400,
    );
    const refunded = await modify('storefront-3-00000003', 'refund', 'r-3', nok(99_900));
    expect(refunded.status).toBe(200);
    expect(((await refunded.json()) as VippsModificationResponse).aggregate).toMatchObject({
      capturedAmount: { value: 99_900 },
      refundedAmount: { value: 99_900 },
    });
    expect((await modify('storefront-3-00000003', 'refund', 'r-3', nok(99_900))).status).toBe(200);
    expect((await modify('storefront-3-00000003', 'refund', 'r-4', nok(1))).status).toBe(409);

    // Not yet authorised: cancelling terminates it.
    await create(payment('storefront-4-00000004'), 'storefront-4-00000004');
    const terminated = await modify('storefront-4-00000004', 'cancel', 'k-3');
    expect(((await terminated.json()) as VippsModificationResponse).state).toBe('TERMINATED');
    expect((await modify('storefront-x-00000000', 'cancel', 'k-4')).status).toBe(404);
    expect(webhooks.map((w) => (JSON.parse(w.body) as VippsWebhookEvent).name)).toEqual([
      'AUTHORIZED',
      'AUTHORIZED',
    ]);
  });

  it('aborts or terminates back to the return URL with the result', async () => {
    for (const [action, state, result] of [
      ['cancel', 'ABORTED', 'cancelled'],
      ['decline', 'TERMINATED', 'failed'],
    ] as const) {
      const reference = `storefront-${action}-00000000`;
      await create(payment(reference), reference);
      const res = await app.request(`${base}/pay/${reference}/${action}`, { method: 'POST' });
      expect(new URL(res.headers.get('Location') ?? '').searchParams.get('result')).toBe(result);
      expect(((await (await call(`/${reference}`)).json()) as VippsPayment).state).toBe(state);
    }
    expect(webhooks.map((w) => (JSON.parse(w.body) as VippsWebhookEvent).name)).toEqual([
      'ABORTED',
      'TERMINATED',
    ]);
  });
});
