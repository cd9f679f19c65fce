import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiReservation } from '../../contract/index.ts';
import { klarnaTaxOf, type KlarnaOrderRequest } from '../providers/klarna-wire.ts';
import { providerConfigFromEnv, type ProviderFetch } from '../providers/provider-config.ts';
import type { VippsCreatePaymentRequest } from '../providers/vipps-wire.ts';
import { klarnaAdapter, klarnaOrderLines, snippetPaymentUrl } from './klarna-adapter.ts';
import { ProviderError, returnUrlFor } from './provider-adapter.ts';
import { vippsAdapter, vippsPhoneNumber } from './vipps-adapter.ts';

/** A provider answer recorded from the real API's documented examples, beside this test. */
const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8');

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
}

/** A fetch answering `METHOD path` with recorded fixtures, keeping what was sent. */
function recorded(answers: Record<string, [number, string]>): {
  send: ProviderFetch;
  sent: Sent[];
} {
  const sent: Sent[] = [];
  const send: ProviderFetch = async (url, init = {}) => {
    const method = init.method ?? 'GET';
    sent.push({
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
    });
    const answer = answers[`${method} ${new URL(url).pathname}`];
    if (answer === undefined) return new Response('{}', { status: 404 });
    return new Response(answer[1], { status: answer[0] });
  };
  return { send, sent };
}

const config = providerConfigFromEnv({
  FIRST_PROVIDER_URL: 'https://api.playground.klarna.com',
  SECOND_PROVIDER_URL: 'https://apitest.vipps.no',
});

const reservation: ApiReservation = {
  id: 17,
  shopID: 55,
  customerID: null,
  statusID: 1,
  name: 'Kari Nordmann',
  email: 'kari@example.no',
  phone: '+47 91234567',
  delivery: 1,
  address: 'Storgata 12B',
  city: 'Oslo',
  zipcode: '0155',
  subtotal: 80_500,
  discount: 16_100,
  promoCode: 'VINTER20',
  shipping_method_id: 'delivery',
  shippingPrice: 19_900,
  total: 84_300,
  trackingUrl: null,
  articles: [
    {
      EanNo: '7010000000017',
      Count: 2,
      ArticleID: 3,
      Name: 'Fjelljakke',
      Size: 'M',
      Color: 'Blå',
      Price: 40_000,
      Pant: 250,
    },
  ],
  date: '2025-03-10T12:00:00.000Z',
};

describe('first provider adapter (Klarna Checkout v3)', () => {
  it('sends order lines that add up to the total, with pant, discount and shipping', () => {
    const lines = klarnaOrderLines(reservation);
    expect(lines.map((l) => [l.type, l.quantity, l.unit_price, l.total_amount])).toEqual([
      ['physical', 2, 40_250, 80_500],
      ['discount', 1, -16_100, -16_100],
      ['shipping_fee', 1, 19_900, 19_900],
    ]);
    expect(lines.reduce((n, l) => n + l.total_amount, 0)).toBe(reservation.total);
    for (const l of lines) expect(l.total_tax_amount).toBe(klarnaTaxOf(l.total_amount));
  });

  it('creates the order with Basic auth and the shop URLs, and opens its payment frame', async () => {
    const { send, sent } = recorded({
      'POST /checkout/v3/orders': [201, fixture('klarna-order-incomplete')],
    });
    const adapter = klarnaAdapter(config, send);
    const started = await adapter.start({
      reservation,
      reference: 'unused',
      returnUrl: 'https://shop.example/kasse#top',
      origin: 'https://shop.example',
    });
    expect(started).toEqual({
      providerOrderId: 'f3392f8b-6116-4073-ab96-e330819e2c07',
      redirectUrl:
        'https://js.playground.klarna.com/eu/kco/checkout/orders/f3392f8b-6116-4073-ab96-e330819e2c07?x=1&y=2',
    });
    const request = sent[0]!;
    expect(request.url).toBe('https://api.playground.klarna.com/checkout/v3/orders');
    expect(request.headers.get('Authorization')).toBe(
      `Basic ${Buffer.from('storefront-dev:dev-password').toString('base64')}`,
    );
    const body = JSON.parse(request.body ?? '') as KlarnaOrderRequest;
    expect(body).toMatchObject({
      purchase_country: 'NO',
      purchase_currency: 'NOK',
      locale: 'nb-NO',
      order_amount: 84_300,
      merchant_reference1: '17',
      merchant_urls: {
        confirmation: 'https://shop.example/kasse?provider=first&order={checkout.order.id}',
        push: 'https://shop.example/api/v1/checkout/first/push?checkout.order.id={checkout.order.id}',
      },
    });
    expect(body.order_tax_amount).toBe(
      body.order_lines.reduce((n, l) => n + l.total_tax_amount, 0),
    );
  });

  it('maps a read order: complete is paid, incomplete pending', async () => {
    for (const [name, state] of [
      ['klarna-order-complete', 'paid'],
      ['klarna-order-incomplete', 'pending'],
    ] as const) {
      const { send } = recorded({
        'GET /checkout/v3/orders/f3392f8b-6116-4073-ab96-e330819e2c07': [200, fixture(name)],
      });
      const adapter = klarnaAdapter(config, send);
      expect(await adapter.state('f3392f8b-6116-4073-ab96-e330819e2c07')).toBe(state);
    }
  });

  it('throws ProviderError on an error answer or a snippet without a frame', async () => {
    const { send } = recorded({
      'POST /checkout/v3/orders': [
        400,
        '{"error_code":"BAD_VALUE","error_messages":["Bad value: order_lines"],"correlation_id":"x"}',
      ],
    });
    const adapter = klarnaAdapter(config, send);
    await expect(
      adapter.start({ reservation, reference: '', returnUrl: 'https://s.example/', origin: '' }),
    ).rejects.toThrow(ProviderError);
    expect(() => snippetPaymentUrl('<div></div>')).toThrow(ProviderError);
  });
});

describe('second provider adapter (Vipps MobilePay ePayment)', () => {
  const answers = (payment: string): Record<string, [number, string]> => ({
    'POST /accesstoken/get': [200, fixture('vipps-access-token')],
    'POST /epayment/v1/payments': [201, fixture('vipps-create-payment')],
    'GET /epayment/v1/payments/storefront-17-0a1b2c3d': [200, fixture(payment)],
    'POST /epayment/v1/payments/storefront-17-0a1b2c3d/capture': [200, fixture('vipps-capture')],
  });

  it('gets a token once and creates a wallet payment under the reference', async () => {
    const { send, sent } = recorded(answers('vipps-payment-authorized'));
    const adapter = vippsAdapter(config, send);
    const started = await adapter.start({
      reservation,
      reference: 'storefront-17-0a1b2c3d',
      returnUrl: 'https://shop.example/kasse',
      origin: 'https://shop.example',
    });
    expect(started).toEqual({
      providerOrderId: 'storefront-17-0a1b2c3d',
      redirectUrl: JSON.parse(fixture('vipps-create-payment')).redirectUrl as string,
    });
    const [token, create] = sent;
    expect(token?.headers.get('client_id')).toBe('storefront-dev');
    expect(token?.headers.get('Ocp-Apim-Subscription-Key')).toBe('dev-subscription-key');
    expect(create?.headers.get('Authorization')).toMatch(/^Bearer eyJ/u);
    expect(create?.headers.get('Idempotency-Key')).toBe('storefront-17-0a1b2c3d');
    expect(create?.headers.get('Merchant-Serial-Number')).toBe('123456');
    expect(JSON.parse(create?.body ?? '') as VippsCreatePaymentRequest).toEqual({
      amount: { currency: 'NOK', value: 84_300 },
      paymentMethod: { type: 'WALLET' },
      customer: { phoneNumber: '4791234567' },
      reference: 'storefront-17-0a1b2c3d',
      returnUrl: 'https://shop.example/kasse?provider=second&order=storefront-17-0a1b2c3d',
      userFlow: 'WEB_REDIRECT',
      paymentDescription: 'Ordre 17',
    });
    await adapter.state('storefront-17-0a1b2c3d');
    expect(sent.filter((r) => r.url.endsWith('/accesstoken/get'))).toHaveLength(1);
  });

  it('maps states and captures an authorised payment in full', async () => {
    const { send, sent } = recorded(answers('vipps-payment-authorized'));
    const adapter = vippsAdapter(config, send);
    expect(await adapter.state('storefront-17-0a1b2c3d')).toBe('paid');
    await adapter.settle('storefront-17-0a1b2c3d', 99_900);
    const capture = sent.find((r) => r.url.endsWith('/capture'));
    expect(capture?.headers.get('Idempotency-Key')).toBe('capture-storefront-17-0a1b2c3d');
    expect(JSON.parse(capture?.body ?? '')).toEqual({
      modificationAmount: { currency: 'NOK', value: 99_900 },
    });
    const aborted = vippsAdapter(config, recorded(answers('vipps-payment-aborted')).send);
    expect(await aborted.state('storefront-17-0a1b2c3d')).toBe('cancelled');
  });

  it('writes phone numbers as Vipps wants them', () => {
    expect(
      ['+47 91234567', '004791234567', '91234567', '+4741234567'].map(vippsPhoneNumber),
    ).toEqual(['4791234567', '4791234567', '4791234567', '4741234567']);
  });
});

describe('returnUrlFor', () => {
  it('adds provider and order, drops a stale result and the fragment, keeps a placeholder', () => {
    expect(
      returnUrlFor('https://s.example/kasse?x=1&result=failed#a', 'first', '{checkout.order.id}'),
    ).toBe('https://s.example/kasse?x=1&provider=first&order={checkout.order.id}');
  });
});
