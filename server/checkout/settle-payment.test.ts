import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKlarnaOrder, ApiPaymentStatus, ApiVippsOrder } from '../../contract/index.ts';
import { listOutbox } from '../accounts/outbox.ts';
import type { KlarnaOmOrder } from '../providers/klarna-wire.ts';
import { providerConfigFromEnv, type ProviderFetch } from '../providers/provider-config.ts';
import type { VippsPayment } from '../providers/vipps-wire.ts';
import { checkoutAdapters, type CheckoutAdapters } from './adapters.ts';
import { releaseExpiredPayments } from './payments.ts';
import { resumeCutShortPayments } from './settle-payment.ts';
import { vippsAdapter } from './vipps-adapter.ts';
import {
  CHECKOUT_NOW,
  createCheckoutFixture,
  type CheckoutFixture,
  type TestVariant,
} from '../test-support/checkout.ts';

type Provider = 'first' | 'second';

// 2 × 400 kr and 199 kr delivery.
const TOTAL = 99_900;
const LATE = new Date(CHECKOUT_NOW.getTime() + 31 * 60_000);
const CANCELLED_TEXT =
  'Betalingen kom for sent, og varene var ikke lenger på lager. Vi har annullert betalingen – du er ikke belastet.';

describe('a payment approved after the time-out', () => {
  let f: CheckoutFixture;
  let a: TestVariant;
  // Every provider call and notification the app sent: method, path, headers and body.
  let calls: Array<{ method: string; path: string; headers: Headers; body: string | null }>;
  let drop: (path: string) => boolean;
  // The same adapters as the app's, for the sweep.
  let adapters: CheckoutAdapters;

  beforeEach(async () => {
    calls = [];
    drop = () => false;
    const providerFetch: ProviderFetch = async (url, init) => {
      const { pathname } = new URL(url);
      calls.push({
        method: init?.method ?? 'GET',
        path: pathname,
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? init.body : null,
      });
      if (drop(pathname)) return new Response('unavailable', { status: 503 });
      return f.app.request(url, init);
    };
    f = createCheckoutFixture({ providerFetch });
    adapters = checkoutAdapters(providerConfigFromEnv({}), providerFetch);
    a = f.variant(3);
    f.setArticle(a, { price: 40_000, pant: 0, limit: 5 });
    f.setStock(a, 4);
    await f.client.request('/sanctum/csrf-cookie');
  });

  const count = (table: string) =>
    (f.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const mails = () => listOutbox(f.db, 50, 'kari@example.no');
  const sentTo = (suffix: string) => calls.filter((c) => c.path.endsWith(suffix));

  // Each payment's page at its provider, by order id.
  const payPages = new Map<string, string>();

  /** Starts a payment for 2 of `a` at `provider`; answers its order id. */
  async function start(provider: Provider): Promise<string> {
    const res = await f.client.request(`/api/v1/checkout/${provider}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(f.body([[a, 2]], { returnUrl: '/kasse/kvittering' })),
    });
    const order = (await res.json()) as ApiKlarnaOrder | ApiVippsOrder;
    expect(res.status).toBe(201);
    payPages.set(order.orderId, order.redirectUrl);
    return order.orderId;
  }

  /** Starts a payment and lets it time out unpaid: its stock goes back. */
  async function startAndExpire(provider: Provider): Promise<string> {
    const orderId = await start(provider);
    expect(f.stock(a)).toBe(2);
    f.setNow(LATE);
    expect(releaseExpiredPayments(f.db, LATE)).toBe(1);
    expect(f.stock(a)).toBe(4);
    return orderId;
  }

  /** The shopper approves on the provider's page (which notifies the shop). */
  const pay = async (orderId: string) => {
    const res = await f.app.request(`${payPages.get(orderId) ?? ''}/approve`, { method: 'POST' });
    expect(res.status).toBe(303);
  };
  const status = async (provider: Provider, orderId: string) => {
    const res = await f.client.request(`/api/v1/checkout/${provider}/orders/${orderId}`);
    return { code: res.status, body: (await res.json()) as ApiPaymentStatus };
  };
  // A second report of the same approval: Klarna's push again, or the return page's read.
  const reportAgain = (provider: Provider, orderId: string) =>
    provider === 'first'
      ? f.app.request(`/api/v1/checkout/first/push?checkout.order.id=${orderId}`, {
          method: 'POST',
        })
      : f.client.request(`/api/v1/checkout/second/orders/${orderId}`);

  for (const provider of ['first', 'second'] as const) {
    it(`${provider}: becomes the order when the stock can still be taken, once`, async () => {
      const orderId = await startAndExpire(provider);
      await pay(orderId);
      // The provider's own notification (push or webhook) made the order.
      expect(count('orders')).toBe(1);
      expect(f.stock(a)).toBe(2);
      await Promise.all([reportAgain(provider, orderId), reportAgain(provider, orderId)]);
      const { body } = await status(provider, orderId);
      expect(body).toMatchObject({
        status: 'paid',
        refund: null,
        reservation: { statusID: 1 },
        order: { total: TOTAL },
      });
      expect(count('orders')).toBe(1);
      expect(f.stock(a)).toBe(2);
      expect(mails().map((m) => m.subject)).toEqual([`Ordrebekreftelse ${String(body.order?.id)}`]);
      if (provider === 'second') expect(sentTo('/capture')).toHaveLength(1);
      expect(sentTo('/cancel')).toEqual([]);
    });

    it(`${provider}: is cancelled at the provider when the stock is gone, once`, async () => {
      const orderId = await startAndExpire(provider);
      // Someone else bought what the expired payment had held.
      f.setStock(a, 1);
      await pay(orderId);
      await Promise.all([reportAgain(provider, orderId), reportAgain(provider, orderId)]);
      const { body } = await status(provider, orderId);
      expect(body).toMatchObject({
        status: 'refunded',
        refund: { kind: 'cancel', amount: TOTAL, date: LATE.toISOString() },
        order: null,
        reservation: { statusID: 4 },
      });
      expect(count('orders')).toBe(0);
      expect(count('payment_returns')).toBe(1);
      expect(f.stock(a)).toBe(1);

      const cancels = sentTo('/cancel');
      expect(cancels).toHaveLength(1);
      const [cancel] = cancels;
      expect(cancel?.method).toBe('POST');
      if (provider === 'first') {
        expect(cancel?.path).toBe(`/providers/first/ordermanagement/v1/orders/${orderId}/cancel`);
        expect(cancel?.body).toBeNull();
        const read = await f.app.request(`/providers/first/ordermanagement/v1/orders/${orderId}`, {
          headers: { Authorization: String(cancel?.headers.get('Authorization')) },
        });
        expect((await read.json()) as KlarnaOmOrder).toMatchObject({
          status: 'CANCELLED',
          captured_amount: 0,
          remaining_authorized_amount: 0,
        });
      } else {
        expect(cancel?.path).toBe(`/providers/second/epayment/v1/payments/${orderId}/cancel`);
        expect(cancel?.headers.get('Idempotency-Key')).toBe(`cancel-${orderId}`);
        const read = await f.app.request(`/providers/second/epayment/v1/payments/${orderId}`, {
          headers: Object.fromEntries(cancel?.headers ?? []),
        });
        expect(((await read.json()) as VippsPayment).aggregate).toMatchObject({
          authorizedAmount: { value: TOTAL },
          cancelledAmount: { value: TOTAL },
          capturedAmount: { value: 0 },
        });
        expect(sentTo('/capture')).toEqual([]);
      }

      const told = mails();
      expect(told).toHaveLength(1);
      expect(told[0]?.subject).toBe('Betalingen kom for sent – du er ikke belastet');
      expect(told[0]?.text).toContain(CANCELLED_TEXT);
      expect(told[0]?.html).toContain('du er ikke belastet');
    });
  }

  for (const provider of ['first', 'second'] as const) {
    it(`${provider}: gives back once when reports of the late approval arrive together`, async () => {
      const notice = provider === 'first' ? '/push' : '/webhook';
      drop = (path) => path.endsWith(notice);
      const orderId = await startAndExpire(provider);
      f.setStock(a, 0);
      await pay(orderId);
      drop = () => false;
      await Promise.all([
        reportAgain(provider, orderId),
        reportAgain(provider, orderId),
        status(provider, orderId),
      ]);
      expect((await status(provider, orderId)).body.status).toBe('refunded');
      expect(sentTo('/cancel')).toHaveLength(1);
      expect(count('payment_returns')).toBe(1);
      expect(mails()).toHaveLength(1);
    });
  }

  it('refunds money already captured when the time-out came between capture and order', async () => {
    // The webhook is lost and the shop captures, but its record of the order never lands.
    drop = (path) => path.endsWith('/webhook');
    const orderId = await start('second');
    await pay(orderId);
    const send: ProviderFetch = async (url, init) => f.app.request(url, init);
    await vippsAdapter(providerConfigFromEnv({}), send).settle(orderId, TOTAL);
    f.setNow(LATE);
    releaseExpiredPayments(f.db, LATE);
    f.setStock(a, 0);
    drop = () => false;

    const { body } = await status('second', orderId);
    expect(body).toMatchObject({ status: 'refunded', refund: { kind: 'refund', amount: TOTAL } });
    const refunds = sentTo('/refund');
    expect(refunds).toHaveLength(1);
    expect(JSON.parse(refunds[0]?.body ?? 'null')).toEqual({
      modificationAmount: { currency: 'NOK', value: TOTAL },
    });
    expect(sentTo('/cancel')).toEqual([]);
    const told = mails();
    expect(told.map((m) => m.subject)).toEqual([
      'Betalingen kom for sent – pengene er betalt tilbake',
    ]);
    expect(told[0]?.text).toContain('Vi har betalt tilbake 999,00');
    await status('second', orderId);
    expect(sentTo('/refund')).toHaveLength(1);
  });

  it('leaves nothing that poses as finished when the provider fails half-way', async () => {
    drop = (path) => path.endsWith('/cancel');
    const orderId = await startAndExpire('first');
    f.setStock(a, 0);
    await pay(orderId);
    const failed = await status('first', orderId);
    expect(failed.code).toBe(502);
    const row = f.db.prepare('SELECT status_id, payment_status FROM reservations').get() as Record<
      string,
      unknown
    >;
    expect(row).toEqual({ status_id: 4, payment_status: 'refunding' });
    expect(count('payment_returns')).toBe(0);
    expect(mails()).toEqual([]);

    // Stock that comes back meanwhile changes nothing: the payment is being given back.
    f.setStock(a, 4);
    drop = () => false;
    const { body } = await status('first', orderId);
    expect(body).toMatchObject({ status: 'refunded', refund: { kind: 'cancel' } });
    expect(count('orders')).toBe(0);
    expect(f.stock(a)).toBe(4);
    expect(mails()).toHaveLength(1);
  });

  it('reads as pending while a late order waits for its capture', async () => {
    drop = (path) => path.endsWith('/capture');
    const orderId = await startAndExpire('second');
    await pay(orderId);
    const { code } = await status('second', orderId);
    expect(code).toBe(502);
    const row = f.db.prepare('SELECT status_id, payment_status FROM reservations').get();
    expect(row).toEqual({ status_id: 1, payment_status: 'late' });
    expect(f.stock(a)).toBe(2);
    // The sweep leaves a late payment alone: its stock is held for the order being made.
    expect(releaseExpiredPayments(f.db, new Date(LATE.getTime() + 3_600_000))).toBe(0);
    drop = () => false;
    expect((await status('second', orderId)).body).toMatchObject({ status: 'paid' });
    expect(count('orders')).toBe(1);
  });

  it('is taken up by the sweep when left half-way, with no report to come: given back once', async () => {
    drop = (path) => path.endsWith('/cancel');
    const orderId = await startAndExpire('first');
    f.setStock(a, 0);
    await pay(orderId);
    expect((await status('first', orderId)).code).toBe(502);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // While the provider still fails, the sweep leaves it for the next round and says why.
    expect(await resumeCutShortPayments(f.db, adapters, () => LATE)).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^payment sweep: reservation \d+: /u));
    warn.mockRestore();
    expect(mails()).toEqual([]);

    drop = () => false;
    expect(await resumeCutShortPayments(f.db, adapters, () => LATE)).toBe(1);
    const row = f.db.prepare('SELECT payment_status FROM reservations').get();
    expect(row).toEqual({ payment_status: 'refunded' });
    expect(count('payment_returns')).toBe(1);
    expect(mails()).toHaveLength(1);
    // Nothing is left for the next round, and nothing is given back twice.
    const cancels = sentTo('/cancel').length;
    expect(await resumeCutShortPayments(f.db, adapters, () => LATE)).toBe(0);
    expect(sentTo('/cancel')).toHaveLength(cancels);
    expect(mails()).toHaveLength(1);
  });

  it('is taken up by the sweep when its late order waits for the capture: one order', async () => {
    drop = (path) => path.endsWith('/capture');
    const orderId = await startAndExpire('second');
    await pay(orderId);
    expect((await status('second', orderId)).code).toBe(502);
    const captures = sentTo('/capture').length;
    drop = () => false;
    // A report that arrives together with the sweep takes its turn: still one order.
    const [resumed] = await Promise.all([
      resumeCutShortPayments(f.db, adapters, () => LATE),
      status('second', orderId),
    ]);
    expect(resumed).toBe(1);
    expect(count('orders')).toBe(1);
    expect(sentTo('/capture')).toHaveLength(captures + 1);
    expect((await status('second', orderId)).body).toMatchObject({ status: 'paid' });
  });

  it('makes nothing of a payment that was never approved', async () => {
    const orderId = await startAndExpire('first');
    const { body } = await status('first', orderId);
    expect(body).toMatchObject({ status: 'failed', refund: null, order: null });
    expect(sentTo('/cancel')).toEqual([]);
    expect(mails()).toEqual([]);
  });
});
