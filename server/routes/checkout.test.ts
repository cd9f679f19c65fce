import { beforeEach, describe, expect, it } from 'vitest';
import type {
  ApiError,
  ApiKlarnaOrder,
  ApiPaymentStatus,
  ApiVippsOrder,
} from '../../contract/index.ts';
import { checkoutAdapters } from '../checkout/adapters.ts';
import { releaseExpiredPayments } from '../checkout/payments.ts';
import {
  CHECKOUT_NOW,
  createCheckoutFixture,
  type CheckoutFixture,
  type TestVariant,
} from '../test-support/checkout.ts';
import { klarnaTaxOf } from '../providers/klarna-wire.ts';
import { providerConfigFromEnv, type ProviderFetch } from '../providers/provider-config.ts';
import { signWebhook } from '../providers/vipps-wire.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import { BRAND_ORIGIN, TEST_PROXY_SECRET, signedHeaders } from '../test-support/proxy-signature.ts';
import { KLARNA_ORDER_ID_PLACEHOLDER, type KlarnaOrderRequest } from '../providers/klarna-wire.ts';
import type { VippsCreatePaymentRequest } from '../providers/vipps-wire.ts';
import { checkoutRoutes, safeReturnUrl } from './checkout.ts';

const RETURN = '/kasse/kvittering';

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

function count(f: CheckoutFixture, table: string): number {
  return (f.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}

describe('checkout through the provider simulators', () => {
  let f: CheckoutFixture;
  let a: TestVariant;
  // Requests the app sent to providers and to itself, by path, and the whole URLs and
  // bodies; `drop` makes some fail.
  let sent: string[];
  let calls: Array<{ url: string; body: unknown }>;
  let drop: (path: string) => boolean;

  beforeEach(async () => {
    sent = [];
    calls = [];
    drop = () => false;
    const providerFetch: ProviderFetch = async (url, init) => {
      const { pathname } = new URL(url);
      sent.push(pathname);
      calls.push({
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      });
      if (drop(pathname)) return new Response('unavailable', { status: 503 });
      return f.app.request(url, init);
    };
    f = createCheckoutFixture({ providerFetch, proxySecret: TEST_PROXY_SECRET });
    a = f.variant(3);
    f.setArticle(a, { price: 40_000, pant: 0, limit: 5 });
    f.setStock(a, 4);
    await f.client.request('/sanctum/csrf-cookie');
  });

  const start = async (provider: 'first' | 'second', extra: Record<string, unknown> = {}) => {
    const res = await f.client.request(`/api/v1/checkout/${provider}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(extra['headers'] as object) },
      body: JSON.stringify(f.body([[a, 2]], { returnUrl: RETURN, ...extra })),
    });
    return res;
  };
  const startOk = async <T extends ApiKlarnaOrder>(provider: 'first' | 'second') => {
    const res = await start(provider);
    const body = await json<T>(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body;
  };
  const status = async (provider: 'first' | 'second', id: string) => {
    const res = await f.client.request(`/api/v1/checkout/${provider}/orders/${id}`);
    return { status: res.status, body: await json<ApiPaymentStatus>(res) };
  };
  const pay = (redirectUrl: string, action: 'approve' | 'cancel' | 'decline') =>
    f.app.request(`${redirectUrl}/${action}`, { method: 'POST' });

  it('starts a Klarna payment: priced reservation, stock taken, pay page', async () => {
    const order = await startOk('first');
    expect(order.redirectUrl).toBe(`/providers/first/pay/${order.orderId}`);
    expect(f.stock(a)).toBe(2);
    const { status: code, body } = await status('first', order.orderId);
    expect(code).toBe(200);
    expect(body).toMatchObject({ orderId: order.orderId, provider: 'first', status: 'pending' });
    expect(body.reservation).toMatchObject({ subtotal: 80_000, total: 80_000 + 19_900 });
    expect(body.order).toBeNull();
    const page = await f.app.request(order.redirectUrl);
    const html = await page.text();
    expect(html).toContain('<h1>');
    expect(html).toMatch(/999,00\skr/u);
    for (const label of ['Godkjenn betaling', 'Avbryt', 'Simuler avvist betaling']) {
      expect(html).toContain(label);
    }
  });

  it('makes one order of an approved payment however often it is reported', async () => {
    const order = await startOk('first');
    const approved = await pay(order.redirectUrl, 'approve');
    expect(approved.status).toBe(303);
    expect(approved.headers.get('Location')).toBe(
      `http://localhost${RETURN}?provider=first&order=${order.orderId}`,
    );
    expect(sent).toContain('/api/v1/checkout/first/push');
    for (let i = 0; i < 3; i++) {
      const { body } = await status('first', order.orderId);
      expect(body.status).toBe('paid');
      expect(body.order).toMatchObject({
        vat: 25,
        total: 99_900,
        vat_total: klarnaTaxOf(99_900),
        net_amount: 99_900 - klarnaTaxOf(99_900),
      });
      expect(body.order?.articles).toEqual([
        expect.objectContaining({ EanNo: a.ean, Count: 2, Price: 40_000 }),
      ]);
    }
    const push = await f.app.request(
      `/api/v1/checkout/first/push?checkout.order.id=${order.orderId}`,
      { method: 'POST' },
    );
    expect(push.status).toBe(204);
    expect(count(f, 'orders')).toBe(1);
    expect(count(f, 'order_lines')).toBe(1);
    expect(f.stock(a)).toBe(2);
  });

  it('makes one order when pushes race the return page', async () => {
    drop = (path) => path.endsWith('/push');
    const order = await startOk('first');
    await pay(order.redirectUrl, 'approve');
    expect(count(f, 'orders')).toBe(0);
    drop = () => false;
    const pushes = Array.from({ length: 3 }, () =>
      f.app.request(`/api/v1/checkout/first/push?checkout.order.id=${order.orderId}`, {
        method: 'POST',
      }),
    );
    const reads = Array.from({ length: 3 }, () => status('first', order.orderId));
    await Promise.all([...pushes, ...reads]);
    expect(count(f, 'orders')).toBe(1);
  });

  it('releases the stock once when the shopper cancels, and says failed on a decline', async () => {
    const order = await startOk('first');
    const cancelled = await pay(order.redirectUrl, 'cancel');
    expect(cancelled.headers.get('Location')).toBe(
      `http://localhost${RETURN}?provider=first&order=${order.orderId}&result=cancelled`,
    );
    for (let i = 0; i < 2; i++) {
      expect((await status('first', order.orderId)).body).toMatchObject({
        status: 'cancelled',
        reservation: { statusID: 4 },
      });
    }
    expect(f.stock(a)).toBe(4);

    const declined = await startOk('first');
    const res = await pay(declined.redirectUrl, 'decline');
    expect(res.headers.get('Location')).toContain('result=failed');
    expect((await status('first', declined.orderId)).body.status).toBe('failed');
    expect(f.stock(a)).toBe(4);
    expect(count(f, 'orders')).toBe(0);
  });

  it('pays through the second provider: webhook, capture, one order', async () => {
    const order = await startOk<ApiVippsOrder>('second');
    expect(order.shopId).toBe(55);
    expect(order.orderId).toMatch(/^storefront-\d+-[0-9a-f]{8}$/u);
    const approved = await pay(order.redirectUrl, 'approve');
    expect(approved.headers.get('Location')).toBe(
      `http://localhost${RETURN}?provider=second&order=${order.orderId}`,
    );
    expect(sent).toContain('/api/v1/checkout/second/webhook');
    expect(sent).toContain(`/providers/second/epayment/v1/payments/${order.orderId}/capture`);
    const { body } = await status('second', order.orderId);
    expect(body).toMatchObject({ status: 'paid', provider: 'second' });
    expect(count(f, 'orders')).toBe(1);
    const captures = sent.filter((p) => p.endsWith('/capture'));
    expect(captures).toHaveLength(1);
  });

  it('releases the stock of an aborted Vipps payment', async () => {
    const order = await startOk<ApiVippsOrder>('second');
    const res = await pay(order.redirectUrl, 'cancel');
    expect(res.headers.get('Location')).toContain('result=cancelled');
    expect((await status('second', order.orderId)).body.status).toBe('cancelled');
    expect(f.stock(a)).toBe(4);
  });

  it('refuses a webhook without a valid signature', async () => {
    const order = await startOk<ApiVippsOrder>('second');
    const body = JSON.stringify({ reference: order.orderId, name: 'AUTHORIZED' });
    const url = 'http://localhost/api/v1/checkout/second/webhook';
    const unsigned = await f.app.request(url, { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    const wrong = signWebhook('not-the-secret', url, body, CHECKOUT_NOW);
    expect((await f.app.request(url, { method: 'POST', body, headers: wrong })).status).toBe(401);
    const secret = providerConfigFromEnv().vipps.webhookSecret;
    const good = signWebhook(secret, url, body, CHECKOUT_NOW);
    expect((await f.app.request(url, { method: 'POST', body, headers: good })).status).toBe(204);
    const old = signWebhook(secret, url, body, new Date(CHECKOUT_NOW.getTime() - 3_600_000));
    expect((await f.app.request(url, { method: 'POST', body, headers: old })).status).toBe(401);
    // A signature holds for its body only.
    expect(
      (await f.app.request(url, { method: 'POST', body: `${body} `, headers: good })).status,
    ).toBe(401);
  });

  it('releases the stock of a payment never completed after the time-out', async () => {
    const order = await startOk('first');
    expect(releaseExpiredPayments(f.db, new Date(CHECKOUT_NOW.getTime() + 29 * 60_000))).toBe(0);
    expect(f.stock(a)).toBe(2);
    f.setNow(new Date(CHECKOUT_NOW.getTime() + 31 * 60_000));
    const { body } = await status('first', order.orderId);
    expect(body).toMatchObject({ status: 'failed', reservation: { statusID: 4 } });
    expect(f.stock(a)).toBe(4);
    expect(releaseExpiredPayments(f.db, new Date(CHECKOUT_NOW.getTime() + 60 * 60_000))).toBe(0);
    expect(f.stock(a)).toBe(4);
    // An approval after this is a late payment: server/checkout/settle-payment.test.ts.
  });

  it('answers 502 and releases the stock when the provider cannot start the payment', async () => {
    drop = (path) => path.startsWith('/providers/');
    for (const provider of ['first', 'second'] as const) {
      const res = await start(provider);
      expect(res.status).toBe(502);
      expect(await json<ApiError>(res)).toEqual({
        message: 'Betalingen kunne ikke startes. Prøv igjen.',
      });
    }
    expect(f.stock(a)).toBe(4);
    const rows = f.db.prepare('SELECT status_id, payment_status FROM reservations').all();
    expect(rows).toEqual([
      { status_id: 4, payment_status: 'failed' },
      { status_id: 4, payment_status: 'failed' },
    ]);
  });

  it('starts once for a retried start with the same Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'start-1' };
    const first = await json<ApiKlarnaOrder>(await start('first', { headers }));
    const again = await start('first', { headers });
    expect(again.status).toBe(201);
    expect(await json<ApiKlarnaOrder>(again)).toEqual(first);
    expect(count(f, 'reservations')).toBe(1);
    expect(f.stock(a)).toBe(2);
  });

  it('validates the request like POST reservations, and the return URL', async () => {
    const bad = await start('first', { Phone: '123' });
    expect(bad.status).toBe(422);
    expect((await json<ApiError>(bad)).errors).toHaveProperty('Phone');
    for (const returnUrl of [
      'https://evil.example/kvittering',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://localhost.evil.example/',
      42,
    ]) {
      const res = await start('first', { returnUrl });
      expect(res.status, String(returnUrl)).toBe(422);
      expect(Object.keys((await json<ApiError>(res)).errors ?? {})).toEqual(['returnUrl']);
    }
    expect((await start('first', { returnUrl: 'http://localhost/kasse' })).status).toBe(201);
    expect(count(f, 'reservations')).toBe(1);
  });

  describe('through the brand’s signed proxy', () => {
    const brandReturn = `${BRAND_ORIGIN}${RETURN}`;
    const viaProxy = async (options: Parameters<typeof signedHeaders>[0] = {}) => ({
      headers: await signedHeaders({ now: CHECKOUT_NOW, ...options }),
    });
    const bodyOf = <T>(path: string): T => {
      const call = calls.find((c) => new URL(c.url).pathname === path);
      if (call === undefined) throw new Error(`Nothing was sent to ${path}.`);
      return call.body as T;
    };

    it('accepts a return URL on the brand’s origin, and refuses it without the signature', async () => {
      expect((await start('first', { returnUrl: brandReturn })).status).toBe(422);
      const forged = await viaProxy({ secret: 'guessed' });
      expect((await start('first', { returnUrl: brandReturn, ...forged })).status).toBe(422);
      const expired = await viaProxy({ expiresIn: -60 });
      expect((await start('first', { returnUrl: brandReturn, ...expired })).status).toBe(422);
      expect(count(f, 'reservations')).toBe(0);

      const signed = await viaProxy();
      expect((await start('first', { returnUrl: brandReturn, ...signed })).status).toBe(201);
      // Behind the proxy the API's own host is not the shop's.
      const own = await start('first', { returnUrl: 'http://localhost/kasse', ...signed });
      expect(own.status).toBe(422);
      expect(Object.keys((await json<ApiError>(own)).errors ?? {})).toEqual(['returnUrl']);
      expect(count(f, 'reservations')).toBe(1);
    });

    it('gives the first provider the brand’s origin for terms, push and confirmation', async () => {
      const res = await start('first', await viaProxy());
      const order = await json<ApiKlarnaOrder>(res);
      expect(res.status).toBe(201);
      const back = `${brandReturn}?provider=first&order=${KLARNA_ORDER_ID_PLACEHOLDER}`;
      expect(
        bodyOf<KlarnaOrderRequest>('/providers/first/checkout/v3/orders').merchant_urls,
      ).toEqual({
        terms: `${BRAND_ORIGIN}/kundeservice`,
        checkout: back,
        confirmation: back,
        push: `${BRAND_ORIGIN}/api/v1/checkout/first/push?checkout.order.id=${KLARNA_ORDER_ID_PLACEHOLDER}`,
      });

      const approved = await pay(order.redirectUrl, 'approve');
      expect(approved.headers.get('Location')).toBe(
        `${brandReturn}?provider=first&order=${order.orderId}`,
      );
      expect(calls.map((c) => c.url)).toContain(
        `${BRAND_ORIGIN}/api/v1/checkout/first/push?checkout.order.id=${order.orderId}`,
      );
      expect((await status('first', order.orderId)).body.status).toBe('paid');
    });

    it('gives the second provider the brand’s return URL', async () => {
      const res = await start('second', await viaProxy());
      const order = await json<ApiVippsOrder>(res);
      expect(res.status).toBe(201);
      expect(
        bodyOf<VippsCreatePaymentRequest>('/providers/second/epayment/v1/payments').returnUrl,
      ).toBe(`${brandReturn}?provider=second&order=${order.orderId}`);
      const cancelled = await pay(order.redirectUrl, 'cancel');
      expect(cancelled.headers.get('Location')).toBe(
        `${brandReturn}?provider=second&order=${order.orderId}&result=cancelled`,
      );
    });

    it('uses the request’s own origin without the signature', async () => {
      await startOk('first');
      expect(
        bodyOf<KlarnaOrderRequest>('/providers/first/checkout/v3/orders').merchant_urls,
      ).toMatchObject({
        terms: 'http://localhost/kundeservice',
        confirmation: `http://localhost${RETURN}?provider=first&order=${KLARNA_ORDER_ID_PLACEHOLDER}`,
      });
    });
  });

  it('answers 404 for an unknown order or provider', async () => {
    expect((await status('first', 'no-such-order')).status).toBe(404);
    expect((await f.client.request('/api/v1/checkout/third/orders/x')).status).toBe(404);
    const res = await f.app.request('/api/v1/checkout/first/push?checkout.order.id=nope', {
      method: 'POST',
    });
    expect(res.status).toBe(404);
  });
});

describe('checkout routes on garbage', () => {
  it('never answer 500, whatever the path, query and body', async () => {
    const f = createCheckoutFixture();
    const config = providerConfigFromEnv({});
    const adapters = checkoutAdapters(config, async (url, init) => f.app.request(url, init));
    const routes = checkoutRoutes({ config, adapters });
    const bare = createTestApp({ db: f.db, now: () => CHECKOUT_NOW }, [
      { path: '/api/v1', routes },
    ]);
    await expectNoServerErrors(
      bare,
      [
        '/api/v1/checkout/first/orders',
        '/api/v1/checkout/second/orders/',
        '/api/v1/checkout/',
        '/api/v1/checkout/second/webhook',
        '/api/v1/checkout/first/push',
      ],
      150,
    );
  });
});

describe('safeReturnUrl', () => {
  const origin = 'https://shop.example';

  it('resolves a root-relative path on the public origin and keeps a URL on its host', () => {
    expect(safeReturnUrl('/kasse?x=1', origin)).toBe('https://shop.example/kasse?x=1');
    expect(safeReturnUrl('https://shop.example/kasse', origin)).toBe('https://shop.example/kasse');
    expect(safeReturnUrl('http://shop.example/kasse', origin)).toBe('http://shop.example/kasse');
    expect(safeReturnUrl('/kasse', 'http://shop.test:4321')).toBe('http://shop.test:4321/kasse');
  });

  it('refuses other hosts, schemes and tricks', () => {
    for (const value of [
      'https://shop.example.evil/',
      'https://api.kjede.no/kasse',
      'https://shop.example:8443/',
      'https://user@shop.example/',
      'ftp://shop.example/',
      'kasse',
      '/ kasse',
      '//evil.example/',
      '',
    ]) {
      expect(safeReturnUrl(value, origin), value).toBeNull();
    }
  });
});
