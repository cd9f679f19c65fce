import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createTestApp } from '../http/test-harness.ts';
import { FIRST_PROVIDER_PATH, firstProviderRoutes } from './first-provider.ts';
import {
  klarnaTaxOf,
  type KlarnaError,
  type KlarnaOrder,
  type KlarnaOrderRequest,
} from './first-provider-wire.ts';
import { providerConfigFromEnv } from './provider-config.ts';

const config = providerConfigFromEnv({});
const auth = `Basic ${Buffer.from(`${config.first.username}:${config.first.password}`).toString('base64')}`;

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
    const routes = firstProviderRoutes(config, async (url) => {
      pushed.push(url);
      return new Response(null, { status: 204 });
    });
    app = createTestApp({ db: openDatabase(':memory:') }, [{ path: FIRST_PROVIDER_PATH, routes }]);
  });

  const create = (body: unknown, authorization = auth) =>
    app.request(`${FIRST_PROVIDER_PATH}/checkout/v3/orders`, {
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
    const read = await app.request(`${FIRST_PROVIDER_PATH}/checkout/v3/orders/x`);
    expect(read.status).toBe(401);
  });

  it('creates an order with a snippet framing its payment page, and reads it back', async () => {
    const res = await create(validOrder());
    expect(res.status).toBe(201);
    const order = (await res.json()) as KlarnaOrder;
    expect(order).toMatchObject({ status: 'checkout_incomplete', order_amount: 119_700 });
    expect(order.html_snippet).toContain(`src="/providers/first/pay/${order.order_id}"`);
    const read = await app.request(`${FIRST_PROVIDER_PATH}/checkout/v3/orders/${order.order_id}`, {
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
    const page = await app.request(`${FIRST_PROVIDER_PATH}/pay/${order.order_id}`);
    const html = await page.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).toMatch(/1\s197,00\skr/u);
    const res = await app.request(`${FIRST_PROVIDER_PATH}/pay/${order.order_id}/approve`, {
      method: 'POST',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(
      `https://shop.example/kasse?provider=first&order=${order.order_id}`,
    );
    expect(pushed).toEqual([
      `https://shop.example/api/v1/checkout/first/push?checkout.order.id=${order.order_id}`,
    ]);
    const read = await app.request(`${FIRST_PROVIDER_PATH}/checkout/v3/orders/${order.order_id}`, {
      headers: { Authorization: auth },
    });
    expect(await read.json()).toMatchObject({ status: 'checkout_complete' });
    // A second click changes nothing and pushes no more.
    await app.request(`${FIRST_PROVIDER_PATH}/pay/${order.order_id}/cancel`, { method: 'POST' });
    expect(pushed).toHaveLength(1);
  });

  it('cancels and declines back to the checkout URL with the result', async () => {
    for (const [action, result, outcome] of [
      ['cancel', 'cancelled', 'cancelled'],
      ['decline', 'failed', 'declined'],
    ] as const) {
      const order = (await (await create(validOrder())).json()) as KlarnaOrder;
      const res = await app.request(`${FIRST_PROVIDER_PATH}/pay/${order.order_id}/${action}`, {
        method: 'POST',
      });
      expect(new URL(res.headers.get('Location') ?? '').searchParams.get('result')).toBe(result);
      const read = await app.request(
        `${FIRST_PROVIDER_PATH}/checkout/v3/orders/${order.order_id}`,
        { headers: { Authorization: auth } },
      );
      expect(await read.json()).toMatchObject({
        status: 'checkout_incomplete',
        simulator_outcome: outcome,
      });
    }
    expect(pushed).toEqual([]);
  });
});
