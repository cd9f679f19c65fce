import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createTestApp } from '../test-support/harness.ts';
import { KLARNA_PATH, klarnaRoutes } from './klarna.ts';
import {
  klarnaTaxOf,
  type KlarnaError,
  type KlarnaOmOrder,
  type KlarnaOrder,
  type KlarnaOrderRequest,
} from './klarna-wire.ts';
import { providerConfigFromEnv } from './provider-config.ts';

const config = providerConfigFromEnv({});
const auth = `Basic ${Buffer.from(`${config.klarna.username}:${config.klarna.password}`).toString('base64')}`;

function validOrder(): KlarnaOrderRequest {
  const goods = 2 * 49_900;
  return {
    purchase_country: 'NO',
    purchase_currency: 'NOK',
    locale: 'nb-NO',
    order_amount: goods + 19_900,
    order_tax_amount: klarnaTaxOf(goods) + klarnaTaxOf(19_900),
    order_lines: [
      {
        type: 'physical',
        reference: '7010000000017',
        name: 'Fjelljakke (M, Blå)',
        quantity: 2,
        unit_price: 49_900,
        tax_rate: 2500,
        total_amount: goods,
        total_tax_amount: klarnaTaxOf(goods),
      },
      {
        type: 'shipping_fee',
        reference: 'delivery',
        name: 'Frakt',
        quantity: 1,
        unit_price: 19_900,
        tax_rate: 2500,
        total_amount: 19_900,
        total_tax_amount: klarnaTaxOf(19_900),
      },
    ],
    merchant_urls: {
      terms: 'https://shop.example/kundeservice',
      checkout: 'https://shop.example/kasse?provider=first&order={checkout.order.id}',
      confirmation: 'https://shop.example/kasse?provider=first&order={checkout.order.id}',
      push: 'https://shop.example/api/v1/checkout/first/push?checkout.order.id={checkout.order.id}',
    },
    merchant_reference1: '17',
  };
}

describe('first provider simulator (Klarna Checkout v3 shaped)', () => {
  let pushed: string[];
  let app: ReturnType<typeof createTestApp>;

  beforeEach(() => {
    pushed = [];
    const routes = klarnaRoutes(config, async (url) => {
      pushed.push(url);
      return new Response(null, { status: 204 });
    });
    app = createTestApp({ db: openDatabase(':memory:') }, [{ path: KLARNA_PATH, routes }]);
  });

  const create = (body: unknown, authorization = auth) =>
    app.request(`${KLARNA_PATH}/checkout/v3/orders`, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('rejects calls without the configured Basic credentials', async () => {
    for (const authorization of ['', 'Basic d3Jvbmc6d3Jvbmc=']) {
      const res = await create(validOrder(), authorization);
      expect(res.status).toBe(401);
      expect(((await res.json()) as KlarnaError).error_code).toBe('UNAUTHORIZED');
    }
    const read = await app.request(`${KLARNA_PATH}/checkout/v3/orders/x`);
    expect(read.status).toBe(401);
  });

  it('creates an order with a snippet framing its payment page, and reads it back', async () => {
    const res = await create(validOrder());
    expect(res.status).toBe(201);
    const order = (await res.json()) as KlarnaOrder;
    expect(order).toMatchObject({ status: 'checkout_incomplete', order_amount: 119_700 });
    expect(order.html_snippet).toContain(`src="/providers/first/pay/${order.order_id}"`);
    const read = await app.request(`${KLARNA_PATH}/checkout/v3/orders/${order.order_id}`, {
      headers: { Authorization: auth },
    });
    expect(await read.json()).toEqual(order);
  });

  it('answers 400 with Klarna errors when the sums do not add up', async () => {
    const cases: Array<[(o: KlarnaOrderRequest) => void, string]> = [
      [(o) => (o.order_amount += 1), 'Bad value: order_amount'],
      [(o) => (o.order_tax_amount += 5), 'Bad value: order_tax_amount'],
      [(o) => (o.order_lines[0]!.total_amount += 100), 'Bad value: order_lines[0].total_amount'],
      [
        (o) => (o.order_lines[1]!.total_tax_amount += 50),
        'Bad value: order_lines[1].total_tax_amount',
      ],
      [(o) => Object.assign(o, { purchase_currency: 'SEK' }), 'Bad value: purchase_currency'],
      [(o) => (o.order_lines = []), 'Bad value: order_lines'],
      [(o) => (o.merchant_urls.push = 'not a url'), 'Bad value: merchant_urls.push'],
    ];
    for (const [spoil, message] of cases) {
      const order = validOrder();
      spoil(order);
      const res = await create(order);
      expect(res.status).toBe(400);
      const body = (await res.json()) as KlarnaError;
      expect(body.error_code).toBe('BAD_VALUE');
      expect(body.error_messages).toContain(message);
    }
  });

  it('approves on the payment page: complete, pushed, redirected to the confirmation', async () => {
    const order = (await (await create(validOrder())).json()) as KlarnaOrder;
    const page = await app.request(`${KLARNA_PATH}/pay/${order.order_id}`);
    const html = await page.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).toMatch(/1\s197,00\skr/u);
    const res = await app.request(`${KLARNA_PATH}/pay/${order.order_id}/approve`, {
      method: 'POST',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(
      `https://shop.example/kasse?provider=first&order=${order.order_id}`,
    );
    expect(pushed).toEqual([
      `https://shop.example/api/v1/checkout/first/push?checkout.order.id=${order.order_id}`,
    ]);
    const read = await app.request(`${KLARNA_PATH}/checkout/v3/orders/${order.order_id}`, {
      headers: { Authorization: auth },
    });
    expect(await read.json()).toMatchObject({ status: 'checkout_complete' });
    // A second click changes nothing and pushes no more.
    await app.request(`${KLARNA_PATH}/pay/${order.order_id}/cancel`, { method: 'POST' });
    expect(pushed).toHaveLength(1);
  });

  it('manages a completed order: cancel, captures and refunds with Klarna refusals', async () => {
    const managed = async (path: string, body?: unknown, key?: string) =>
      app.request(`${KLARNA_PATH}/ordermanagement/v1/orders/${path}`, {
        method: body === undefined && !path.includes('/') ? 'GET' : 'POST',
        headers: {
          Authorization: auth,
          'Content-Type': 'application/json',
          ...(key === undefined ? {} : { 'Klarna-Idempotency-Key': key }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const completed = async () => {
      const order = (await (await create(validOrder())).json()) as KlarnaOrder;
      await app.request(`${KLARNA_PATH}/pay/${order.order_id}/approve`, {
        method: 'POST',
      });
      return order.order_id;
    };
    const errorOf = async (res: Response) => ((await res.json()) as KlarnaError).error_code;

    const open = (await (await create(validOrder())).json()) as KlarnaOrder;
    expect(await errorOf(await managed(open.order_id))).toBe('NO_SUCH_ORDER');

    // Nothing captured: cancel releases the authorisation; a second cancel is refused unless
    // it is a retry under the same idempotency key.
    const cancelId = await completed();
    expect((await managed(cancelId)).status).toBe(200);
    const cancelled = await managed(`${cancelId}/cancel`, undefined, 'key-1');
    expect(cancelled.status).toBe(204);
    expect((await managed(`${cancelId}/cancel`, undefined, 'key-1')).status).toBe(204);
    const again = await managed(`${cancelId}/cancel`);
    expect(again.status).toBe(403);
    expect(await errorOf(again)).toBe('CANCEL_NOT_ALLOWED');
    expect((await (await managed(cancelId)).json()) as KlarnaOmOrder).toMatchObject({
      status: 'CANCELLED',
      order_amount: 119_700,
      remaining_authorized_amount: 0,
    });

    // Captured: no cancel, and refunds up to what was captured.
    const refundId = await completed();
    const captured = await managed(`${refundId}/captures`, { captured_amount: 100_000 });
    expect(captured.status).toBe(201);
    expect(captured.headers.get('Capture-Id')).toMatch(/^[0-9a-f-]{36}$/u);
    expect(await errorOf(await managed(`${refundId}/cancel`))).toBe('CANCEL_NOT_ALLOWED');
    const over = await managed(`${refundId}/refunds`, { refunded_amount: 100_001 });
    expect(over.status).toBe(403);
    expect(await errorOf(over)).toBe('REFUND_NOT_ALLOWED');
    expect(await errorOf(await managed(`${refundId}/refunds`, { refunded_amount: -1 }))).toBe(
      'BAD_VALUE',
    );
    const refund = { refunded_amount: 100_000, description: 'Utsolgt' };
    const refunded = await managed(`${refundId}/refunds`, refund, 'key-2');
    expect(refunded.status).toBe(201);
    const id = refunded.headers.get('Refund-Id');
    expect(refunded.headers.get('Location')).toBe(
      `${KLARNA_PATH}/ordermanagement/v1/orders/${refundId}/refunds/${String(id)}`,
    );
    const retried = await managed(`${refundId}/refunds`, refund, 'key-2');
    expect(retried.headers.get('Refund-Id')).toBe(id);
    expect((await (await managed(refundId)).json()) as KlarnaOmOrder).toMatchObject({
      status: 'PART_CAPTURED',
      captured_amount: 100_000,
      refunded_amount: 100_000,
      remaining_authorized_amount: 19_700,
      refunds: [{ refund_id: id, refunded_amount: 100_000, description: 'Utsolgt' }],
    });
  });

  it('cancels and declines back to the checkout URL with the result', async () => {
    for (const [action, result, outcome] of [
      ['cancel', 'cancelled', 'cancelled'],
      ['decline', 'failed', 'declined'],
    ] as const) {
      const order = (await (await create(validOrder())).json()) as KlarnaOrder;
      const res = await app.request(`${KLARNA_PATH}/pay/${order.order_id}/${action}`, {
        method: 'POST',
      });
      expect(new URL(res.headers.get('Location') ?? '').searchParams.get('result')).toBe(result);
      const read = await app.request(`${KLARNA_PATH}/checkout/v3/orders/${order.order_id}`, {
        headers: { Authorization: auth },
      });
      expect(await read.json()).toMatchObject({
        status: 'checkout_incomplete',
        simulator_outcome: outcome,
      });
    }
    expect(pushed).toEqual([]);
  });
});
