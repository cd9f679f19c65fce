import { beforeEach, describe, expect, it } from 'vitest';
import type {
  ApiError,
  ApiKlarnaOrder,
  ApiLineUnits,
  ApiOrderHistory,
  ApiPaginated,
  ApiRegisterRequest,
  ApiShipment,
  ApiShipmentDelivery,
  ApiShipmentInput,
  ApiWithdrawal,
} from '../../contract/index.ts';
import { listOutbox } from '../accounts/outbox.ts';
import { UNKNOWN_SHIPMENT } from '../checkout/shipments.ts';
import {
  CHECKOUT_NOW,
  createCheckoutFixture,
  type CheckoutFixture,
  type TestVariant,
} from '../test-support/checkout.ts';
import { openDatabase } from '../db/database.ts';
import { type ApiAnswer, callApi, TestClient } from '../test-support/client.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import { NOT_LOGGED_IN } from './customers.ts';
import { NO_ORDER_FOR_EMAIL, UNKNOWN_ORDER, withdrawalRoutes } from './withdrawal.ts';

const KARI: ApiRegisterRequest = {
  first_name: 'Kari',
  last_name: 'Nordmann',
  email: 'kari@example.no',
  phone: '+47 91234567',
  password: 'hemmelig-passord',
  password_confirmation: 'hemmelig-passord',
  terms_conditions: 1,
};

// CHECKOUT_NOW is Monday 10 March 2025, 13:00 in Norway. Home delivery promises at most 4
// working days; a parcel delivered on time, on Friday 14 March, gives a period that ends 14
// days later, on Friday 28 March 2025, at midnight Norwegian time (23:00 UTC in winter).
const ON_TIME = '2025-03-14T11:00:00+01:00';
const LAST_DAY = '2025-03-28';
const LAST_MOMENT = new Date('2025-03-28T22:59:59Z');
const TOO_LATE = new Date('2025-03-28T23:00:00Z');

const TOKEN = 'lager-token';

let f: CheckoutFixture;

beforeEach(() => {
  f = createCheckoutFixture({ campaignAdminToken: TOKEN });
});

/** A call of the delivery administration with the bearer token. */
async function admin<T>(method: string, path: string, body: unknown): Promise<ApiAnswer<T>> {
  const res = await f.app.request(`/api/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T } as ApiAnswer<T>;
}

/** Records a parcel of order `id` delivered at `deliveredAt` (null: on its way). */
async function ship(
  id: number,
  deliveredAt: string | null,
  lines?: ApiLineUnits[],
): Promise<ApiShipment> {
  const body: ApiShipmentInput = { deliveredAt, ...(lines === undefined ? {} : { lines }) };
  const answer = await admin<ApiShipment>('POST', `admin/orders/${String(id)}/shipments`, body);
  expect(answer.status).toBe(201);
  return answer.body;
}

async function shopper(): Promise<TestClient> {
  const client = new TestClient(f.app);
  await client.request('/sanctum/csrf-cookie');
  return client;
}

/**
 * Pays at the first provider for `lines` (default one unit of a variant), home delivery
 * unless `overrides` say otherwise; answers the order's id.
 */
async function paidOrder(
  client: TestClient,
  email = KARI.email,
  lines: Array<[TestVariant, number]> = [[f.variant(), 1]],
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const started = await callApi<ApiKlarnaOrder>(
    client,
    'POST',
    'checkout/first/orders',
    f.body(lines, { Email: email, returnUrl: '/checkout/kvittering', ...overrides }),
  );
  expect(started.status).toBe(201);
  const paid = await f.app.request(`${started.body.redirectUrl}/approve`, { method: 'POST' });
  expect(paid.status).toBe(303);
  const status = await callApi<{ order: ApiOrderHistory | null }>(
    client,
    'GET',
    `checkout/first/orders/${started.body.orderId}`,
  );
  const id = status.body.order?.id;
  if (id === undefined) throw new Error('No order was stored.');
  return id;
}

async function loggedIn(fields: ApiRegisterRequest = KARI): Promise<TestClient> {
  const client = await shopper();
  const registered = await callApi(client, 'POST', 'customers/register', fields);
  expect(registered.status).toBe(201);
  return client;
}

/**
 * A browser logged in as `fields` at the clock's time now (sessions end after 120 idle
 * minutes, so a test that moves the clock by days logs in again).
 */
async function loggedInAgain(fields: ApiRegisterRequest = KARI): Promise<TestClient> {
  const client = await shopper();
  const login = await callApi(client, 'POST', 'customers/login', {
    email: fields.email,
    password: fields.password,
  });
  expect(login.status).toBe(200);
  return client;
}

const mails = (to: string) => listOutbox(f.db, 100, to);
const receipts = (to: string) => mails(to).filter((m) => m.subject.includes('er angret'));
const count = (sql: string, ...params: number[]): number =>
  (f.db.prepare(sql).get(...params) as { n: number }).n;

/** The order id and token of the withdrawal link in the newest order confirmation to `to`. */
function withdrawalLink(to: string): { url: URL; order: string; token: string } {
  const mail = mails(to).find((m) => m.subject.startsWith('Ordrebekreftelse'));
  const link = /https?:\/\/\S+\/angre\?\S+/u.exec(mail?.text ?? '')?.[0];
  if (link === undefined) throw new Error(`No withdrawal link in a mail to ${to}.`);
  const url = new URL(link);
  return {
    url,
    order: url.searchParams.get('ordre') ?? '',
    token: url.searchParams.get('token') ?? '',
  };
}

describe('withdrawal from my page', () => {
  it('withdraws a paid order within its period: recorded, withdrawn in history, receipt sent', async () => {
    const client = await loggedIn();
    const id = await paidOrder(client);
    await ship(id, ON_TIME);
    const history = await callApi<ApiPaginated<ApiOrderHistory>>(
      client,
      'GET',
      'customers/current/orders',
    );
    expect(history.body.data[0]).toMatchObject({
      id,
      status: 'paid',
      withdrawal: {
        receivedDay: '2025-03-14',
        lastDay: LAST_DAY,
        extended: false,
        withdrawnAt: null,
        withdrawals: [],
      },
    });

    f.setNow(LAST_MOMENT);
    const later = await loggedInAgain();
    const answer = await callApi<ApiWithdrawal>(later, 'POST', `orders/${String(id)}/withdrawal`);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        orderId: id,
        withdrawnAt: LAST_MOMENT.toISOString(),
        email: KARI.email,
        lines: [{ line: 0, count: 1 }],
      },
    });
    expect(count("SELECT count(*) AS n FROM withdrawals WHERE via = 'account'")).toBe(1);

    const after = await callApi<ApiPaginated<ApiOrderHistory>>(
      later,
      'GET',
      'customers/current/orders',
    );
    expect(after.body.data[0]).toMatchObject({
      status: 'withdrawn',
      withdrawal: { withdrawnAt: LAST_MOMENT.toISOString() },
    });

    const [receipt] = receipts(KARI.email);
    expect(receipt?.subject).toBe(`Kvittering: ordre ${String(id)} er angret`);
    expect(receipt?.text).toContain(`angringen din av ordre ${String(id)} 28. mars 2025 kl. 23:59`);
    expect(receipt?.html).toContain('Denne e-posten er kvitteringen din.');
  });

  it('refuses a withdrawal after the period in Norwegian, saying when it ran out', async () => {
    const client = await loggedIn();
    const id = await paidOrder(client);
    await ship(id, ON_TIME);
    f.setNow(TOO_LATE);
    const later = await loggedInAgain();
    const answer = await callApi<ApiError>(later, 'POST', `orders/${String(id)}/withdrawal`);
    const message = 'Angrefristen for denne ordren gikk ut 28. mars 2025.';
    expect(answer).toEqual({ status: 422, body: { message, errors: { order: [message] } } });
    expect(count('SELECT count(*) AS n FROM withdrawals')).toBe(0);
    expect(receipts(KARI.email)).toEqual([]);
    const history = await callApi<ApiPaginated<ApiOrderHistory>>(
      later,
      'GET',
      'customers/current/orders',
    );
    expect(history.body.data[0]?.status).toBe('paid');
  });

  it('records a withdrawal sent twice once: the same answer, one record, one receipt', async () => {
    const client = await loggedIn();
    const id = await paidOrder(client);
    await ship(id, ON_TIME);
    f.setNow(new Date(CHECKOUT_NOW.getTime() + 60_000));
    const first = await callApi<ApiWithdrawal>(client, 'POST', `orders/${String(id)}/withdrawal`);
    // Sent again a day later, and again after the period: still the first withdrawal.
    f.setNow(new Date(CHECKOUT_NOW.getTime() + 86_400_000));
    const second = await callApi<ApiWithdrawal>(
      await loggedInAgain(),
      'POST',
      `orders/${String(id)}/withdrawal`,
    );
    f.setNow(TOO_LATE);
    const third = await callApi<ApiWithdrawal>(
      await loggedInAgain(),
      'POST',
      `orders/${String(id)}/withdrawal`,
    );
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(count('SELECT count(*) AS n FROM withdrawals WHERE order_id = ?', id)).toBe(1);
    expect(receipts(KARI.email)).toHaveLength(1);
  });

  it('withdraws only the customer’s own orders, and only when logged in', async () => {
    const kari = await loggedIn();
    const id = await paidOrder(kari);
    const ola = await loggedIn({ ...KARI, email: 'ola@example.no', phone: '41234567' });
    const other = await callApi<ApiError>(ola, 'POST', `orders/${String(id)}/withdrawal`);
    expect(other).toEqual({ status: 404, body: { message: UNKNOWN_ORDER } });
    const seen = await callApi<ApiError>(ola, 'GET', `orders/${String(id)}/withdrawal`);
    expect(seen.status).toBe(404);
    const guest = await callApi<ApiError>(
      await shopper(),
      'POST',
      `orders/${String(id)}/withdrawal`,
    );
    expect(guest).toEqual({ status: 404, body: { message: NOT_LOGGED_IN } });
    const unknown = await callApi<ApiError>(kari, 'POST', 'orders/999999/withdrawal');
    expect(unknown).toEqual({ status: 404, body: { message: UNKNOWN_ORDER } });
    expect(count('SELECT count(*) AS n FROM withdrawals')).toBe(0);
  });
});

describe('withdrawal through the link in the order confirmation', () => {
  it('sends a link to the brand site the payment started from, with an unguessable token', async () => {
    const guest = await shopper();
    const id = await paidOrder(guest, 'gjest@example.no');
    const link = withdrawalLink('gjest@example.no');
    expect(link.url.origin).toBe('http://localhost');
    expect(link.url.pathname).toBe('/angre');
    expect(link.order).toBe(String(id));
    expect(link.token).toMatch(/^[\w-]{43}$/u);
    // Only the token's digest is kept.
    const stored = f.db.prepare('SELECT token_hash FROM withdrawal_tokens').all() as Array<{
      token_hash: string;
    }>;
    expect(stored.map((r) => r.token_hash)).not.toContain(link.token);
  });

  it('lets a guest see and withdraw the order with the token, once', async () => {
    const guest = await shopper();
    const id = await paidOrder(guest, 'gjest@example.no');
    await ship(id, ON_TIME);
    const { token } = withdrawalLink('gjest@example.no');

    const shown = await callApi<ApiOrderHistory>(
      guest,
      'GET',
      `orders/${String(id)}/withdrawal?token=${encodeURIComponent(token)}`,
    );
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id, status: 'paid', withdrawal: { lastDay: LAST_DAY } });

    // Another browser, the mail opened on a phone: the token is all it needs.
    const phone = await shopper();
    const first = await callApi<ApiWithdrawal>(phone, 'POST', `orders/${String(id)}/withdrawal`, {
      token,
    });
    const again = await callApi<ApiWithdrawal>(phone, 'POST', `orders/${String(id)}/withdrawal`, {
      token,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ orderId: id, email: 'gjest@example.no' });
    expect(again).toEqual(first);
    expect(count("SELECT count(*) AS n FROM withdrawals WHERE via = 'link'")).toBe(1);
    expect(receipts('gjest@example.no')).toHaveLength(1);
  });

  it('answers 404 for a wrong token or another order’s token, and records nothing', async () => {
    const guest = await shopper();
    const first = await paidOrder(guest, 'gjest@example.no');
    const { token } = withdrawalLink('gjest@example.no');
    const second = await paidOrder(guest, 'gjest@example.no');
    // Its last character changed: to 'A', unless it is one already (1 in 64 tokens), when
    // the "wrong" token was the right one and the test failed by chance.
    const wrongToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const wrong = await callApi<ApiError>(guest, 'POST', `orders/${String(first)}/withdrawal`, {
      token: wrongToken,
    });
    expect(wrong).toEqual({ status: 404, body: { message: UNKNOWN_ORDER } });
    const elsewhere = await callApi<ApiError>(
      guest,
      'POST',
      `orders/${String(second)}/withdrawal`,
      {
        token,
      },
    );
    expect(elsewhere.status).toBe(404);
    const odd = await callApi<ApiError>(guest, 'POST', `orders/${String(first)}/withdrawal`, {
      token: 12,
    });
    expect(odd.status).toBe(404);
    expect(count('SELECT count(*) AS n FROM withdrawals')).toBe(0);
  });
});

describe('withdrawal by order number and e-mail address (the withdrawal form)', () => {
  it('shows and withdraws a guest’s order by its e-mail address, in any case, once', async () => {
    const guest = await shopper();
    const id = await paidOrder(guest, 'gjest@example.no');
    await ship(id, ON_TIME);
    // Another browser, without the link or an account.
    const stranger = await shopper();
    const shown = await callApi<ApiOrderHistory>(
      stranger,
      'POST',
      `orders/${String(id)}/withdrawal/lookup`,
      { email: ' Gjest@Example.NO ' },
    );
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id, status: 'paid', withdrawal: { lastDay: LAST_DAY } });

    // On the period's last moment, in a session of that day.
    f.setNow(LAST_MOMENT);
    const later = await shopper();
    const first = await callApi<ApiWithdrawal>(later, 'POST', `orders/${String(id)}/withdrawal`, {
      email: 'gjest@example.no',
    });
    const again = await callApi<ApiWithdrawal>(later, 'POST', `orders/${String(id)}/withdrawal`, {
      email: 'GJEST@example.no',
    });
    expect(first).toMatchObject({
      status: 200,
      body: { orderId: id, withdrawnAt: LAST_MOMENT.toISOString(), email: 'gjest@example.no' },
    });
    expect(again).toEqual(first);
    expect(count("SELECT count(*) AS n FROM withdrawals WHERE via = 'form'")).toBe(1);
    expect(receipts('gjest@example.no')).toHaveLength(1);
  });

  it('withdraws a customer’s order by its address without a login, and not after the period', async () => {
    const kari = await loggedIn();
    const id = await paidOrder(kari);
    await ship(id, ON_TIME);
    f.setNow(TOO_LATE);
    const late = await callApi<ApiError>(
      await shopper(),
      'POST',
      `orders/${String(id)}/withdrawal`,
      { email: KARI.email },
    );
    const message = 'Angrefristen for denne ordren gikk ut 28. mars 2025.';
    expect(late).toEqual({ status: 422, body: { message, errors: { order: [message] } } });
    expect(count('SELECT count(*) AS n FROM withdrawals')).toBe(0);
    // The order is still shown, so the shop can say why before asking.
    const shown = await callApi<ApiOrderHistory>(
      await shopper(),
      'POST',
      `orders/${String(id)}/withdrawal/lookup`,
      { email: KARI.email },
    );
    expect(shown.body).toMatchObject({ id, status: 'paid' });
  });

  it('answers one 404 for another address, an unknown order and no address, and records nothing', async () => {
    const guest = await shopper();
    const id = await paidOrder(guest, 'gjest@example.no');
    const other = await paidOrder(guest, 'annen@example.no');
    const refused = { status: 404, body: { message: NO_ORDER_FOR_EMAIL } };
    const client = await shopper();
    for (const [orderId, body] of [
      [id, { email: 'annen@example.no' }],
      [other, { email: 'gjest@example.no' }],
      [999_999, { email: 'gjest@example.no' }],
      [id, { email: 'gjest@example' }],
      [id, { email: 12 }],
      [id, {}],
    ] as const) {
      const lookup = await callApi<ApiError>(
        client,
        'POST',
        `orders/${String(orderId)}/withdrawal/lookup`,
        body,
      );
      expect(lookup, JSON.stringify(body)).toEqual(refused);
    }
    const withdrawn = await callApi<ApiError>(client, 'POST', `orders/${String(id)}/withdrawal`, {
      email: 'annen@example.no',
    });
    expect(withdrawn).toEqual(refused);
    expect(count('SELECT count(*) AS n FROM withdrawals')).toBe(0);
  });

  it('finds no order whose address is gone with its account', async () => {
    const kari = await loggedIn();
    const id = await paidOrder(kari);
    const me = await callApi<{ id: number }>(kari, 'GET', 'customers/current');
    const deleted = await callApi(kari, 'DELETE', `customers/${String(me.body.id)}`);
    expect(deleted.status).toBe(204);
    // Nor by a blank or odd one, which would match its emptied address.
    for (const email of [KARI.email, ' ', 12]) {
      const lookup = await callApi<ApiError>(
        await shopper(),
        'POST',
        `orders/${String(id)}/withdrawal/lookup`,
        { email },
      );
      expect(lookup, String(email)).toEqual({ status: 404, body: { message: NO_ORDER_FOR_EMAIL } });
    }
  });
});

/** Two sellable variants of different articles, so that each line has its own price. */
function twoArticles(): [TestVariant, TestVariant] {
  const a = f.variant(0);
  for (let n = 1; ; n++) {
    const b = f.variant(n);
    if (b.articleId !== a.articleId) return [a, b];
  }
}

/** The order `id` as the withdrawal function shows it to its guest, by its address. */
async function shown(id: number, email: string): Promise<ApiOrderHistory> {
  const answer = await callApi<ApiOrderHistory>(
    await shopper(),
    'POST',
    `orders/${String(id)}/withdrawal/lookup`,
    { email },
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Withdraws (some of) order `id` by its address at the clock's time now. */
async function withdraw(id: number, email: string, lines?: ApiLineUnits[]) {
  return callApi<ApiWithdrawal & ApiError>(
    await shopper(),
    'POST',
    `orders/${String(id)}/withdrawal`,
    {
      email,
      ...(lines === undefined ? {} : { lines }),
    },
  );
}

const expired = (day: string) => {
  const message = `Angrefristen for denne ordren gikk ut ${day}.`;
  return { status: 422, body: { message, errors: { order: [message] } } };
};

describe('the period runs from the real delivery', () => {
  it('allows a parcel 5 days late 14 days from its arrival, moved on past Easter Monday', async () => {
    // Paid Thursday 27 March 2025: home delivery promises it by Wednesday 2 April. It comes
    // 5 days late, on Monday 7 April; day 14 is Easter Monday, 21 April, so the period runs
    // through Tuesday 22 April (summer time: midnight is 22:00 UTC).
    f.setNow(new Date('2025-03-27T10:00:00Z'));
    const id = await paidOrder(await shopper(), 'sen@example.no');
    await ship(id, '2025-04-07T15:30:00+02:00');
    expect((await shown(id, 'sen@example.no')).withdrawal).toMatchObject({
      receivedDay: '2025-04-07',
      lastDay: '2025-04-22',
      extended: false,
    });
    f.setNow(new Date('2025-04-22T22:00:00Z'));
    expect(await withdraw(id, 'sen@example.no')).toEqual(expired('22. april 2025'));
    f.setNow(new Date('2025-04-22T21:59:59Z'));
    const accepted = await withdraw(id, 'sen@example.no');
    expect(accepted.status).toBe(200);
    expect(accepted.body.withdrawnAt).toBe('2025-04-22T21:59:59.000Z');
  });

  it('runs from the second of two parcels', async () => {
    const id = await paidOrder(await shopper(), 'to@example.no', [
      [f.variant(0), 1],
      [f.variant(1), 1],
    ]);
    await ship(id, ON_TIME, [{ line: 0, count: 1 }]);
    // The first parcel alone starts nothing: the second is not even sent.
    expect((await shown(id, 'to@example.no')).withdrawal.lastDay).toBeNull();
    const second = await ship(id, null, [{ line: 1, count: 1 }]);
    const delivered = await admin<ApiShipment>(
      'PATCH',
      `admin/orders/${String(id)}/shipments/${String(second.id)}`,
      { deliveredAt: '2025-03-20T09:00:00+01:00' } satisfies ApiShipmentDelivery,
    );
    expect(delivered).toMatchObject({
      status: 200,
      body: {
        id: second.id,
        lines: [{ line: 1, count: 1 }],
        deliveredAt: '2025-03-20T08:00:00.000Z',
      },
    });
    const order = await shown(id, 'to@example.no');
    expect(order.shipments).toEqual([
      {
        id: second.id - 1,
        lines: [{ line: 0, count: 1 }],
        deliveredAt: '2025-03-14T10:00:00.000Z',
      },
      delivered.body,
    ]);
    // Thursday 20 March + 14 is Thursday 3 April: past the first parcel's 28 March.
    expect(order.withdrawal).toMatchObject({ receivedDay: '2025-03-20', lastDay: '2025-04-03' });
    f.setNow(TOO_LATE);
    expect((await withdraw(id, 'to@example.no', [{ line: 0, count: 1 }])).status).toBe(200);
    f.setNow(new Date('2025-04-03T22:00:00Z'));
    expect(await withdraw(id, 'to@example.no')).toEqual(expired('3. april 2025'));
  });

  it('accepts a withdrawal while the goods are not delivered, however late', async () => {
    const id = await paidOrder(await shopper(), 'venter@example.no', [
      [f.variant(0), 1],
      [f.variant(1), 1],
    ]);
    const order = await shown(id, 'venter@example.no');
    expect(order.shipments).toEqual([]);
    expect(order.withdrawal).toMatchObject({ receivedDay: null, lastDay: null });
    // One parcel delivered, the other still on its way, months later.
    await ship(id, ON_TIME, [{ line: 0, count: 1 }]);
    await ship(id, null);
    f.setNow(new Date('2025-09-01T10:00:00Z'));
    const accepted = await withdraw(id, 'venter@example.no');
    expect(accepted.status).toBe(200);
    expect(accepted.body.lines).toEqual([
      { line: 0, count: 1 },
      { line: 1, count: 1 },
    ]);
  });

  it('is the extended period when the confirmation went without its information', async () => {
    const id = await paidOrder(await shopper(), 'uinformert@example.no');
    expect(
      count('SELECT count(*) AS n FROM orders WHERE id = ? AND informed_at IS NOT NULL', id),
    ).toBe(1);
    // An order whose confirmation carried no information, as before issue 44.
    f.db.prepare('UPDATE orders SET informed_at = NULL WHERE id = ?').run(id);
    await ship(id, '2025-03-19T14:05:00+01:00');
    // The normal period ended 2 April 2025; 12 months later is Maundy Thursday 2 April
    // 2026, so the extended one runs through Tuesday 7 April 2026.
    expect((await shown(id, 'uinformert@example.no')).withdrawal).toMatchObject({
      receivedDay: '2025-03-19',
      lastDay: '2026-04-07',
      extended: true,
    });
    f.setNow(new Date('2026-04-07T22:00:00Z'));
    expect(await withdraw(id, 'uinformert@example.no')).toEqual(expired('7. april 2026'));
    f.setNow(new Date('2025-12-01T10:00:00Z'));
    expect((await withdraw(id, 'uinformert@example.no')).status).toBe(200);
  });
});

describe('partial withdrawal', () => {
  it('withdraws chosen units, refunds their price, and shipping only with the last of the order', async () => {
    const [a, b] = twoArticles();
    f.setArticle(a, { price: 50_000, pant: null });
    f.setArticle(b, { price: 30_000, pant: null });
    const id = await paidOrder(await shopper(), 'delvis@example.no', [
      [a, 2],
      [b, 1],
    ]);
    await ship(id, ON_TIME);
    f.setNow(new Date('2025-03-17T08:05:00Z'));
    const first = await withdraw(id, 'delvis@example.no', [{ line: 0, count: 1 }]);
    expect(first).toMatchObject({
      status: 200,
      body: { orderId: id, lines: [{ line: 0, count: 1 }], refund: 50_000, shipping: 0 },
    });
    const [receipt] = receipts('delvis@example.no');
    const text = receipt?.text.replaceAll('\u00a0', ' ') ?? '';
    expect(text).toContain(`angringen din av ordre ${String(id)} 17. mars 2025 kl. 09:05`);
    expect(text).toContain(`1 × `);
    expect(text).toContain('Du får tilbake  500,00 kr');
    expect(text).toContain('eller til du har vist at du har sendt dem');
    const [lineB] = (await shown(id, 'delvis@example.no')).articles.slice(1);
    expect(text).not.toContain(lineB?.Name ?? '?');

    let order = await shown(id, 'delvis@example.no');
    expect(order.status).toBe('paid');
    expect(order.withdrawal.lines).toEqual([
      { line: 0, count: 2, withdrawn: 1, withdrawable: 1 },
      { line: 1, count: 1, withdrawn: 0, withdrawable: 1 },
    ]);
    expect(order.withdrawal.withdrawnAt).toBeNull();
    expect(order.withdrawal.withdrawals).toEqual([
      {
        id: first.body.id,
        withdrawnAt: '2025-03-17T08:05:00.000Z',
        lines: [{ line: 0, count: 1 }],
        refund: 50_000,
        shipping: 0,
      },
    ]);

    // The rest: the other unit and line, with the home delivery's 199 kr.
    f.setNow(new Date('2025-03-18T12:00:00Z'));
    const rest = await withdraw(id, 'delvis@example.no');
    expect(rest.body).toMatchObject({
      lines: [
        { line: 0, count: 1 },
        { line: 1, count: 1 },
      ],
      refund: 80_000 + 19_900,
      shipping: 19_900,
    });
    order = await shown(id, 'delvis@example.no');
    expect(order.status).toBe('withdrawn');
    expect(order.withdrawal.withdrawnAt).toBe('2025-03-18T12:00:00.000Z');
    expect(order.withdrawal.lines.every((l) => l.withdrawable === 0)).toBe(true);
    // What was refunded adds up to what was paid.
    expect(order.withdrawal.withdrawals.reduce((n, w) => n + w.refund, 0)).toBe(order.total);
    const last = receipts('delvis@example.no')[0]?.text ?? '';
    expect(last).toContain('hele ordren');
    expect(last).toContain('Frakt');

    // Sent again without lines: the last withdrawal again, no new record or receipt.
    const again = await withdraw(id, 'delvis@example.no');
    expect(again.body).toEqual(rest.body);
    expect(count('SELECT count(*) AS n FROM withdrawals WHERE order_id = ?', id)).toBe(2);
    expect(receipts('delvis@example.no')).toHaveLength(2);
    // Naming a line again: nothing is left of it.
    const more = await withdraw(id, 'delvis@example.no', [{ line: 1, count: 1 }]);
    expect(more.status).toBe(422);
    expect(more.body.errors).toHaveProperty('lines');
  });

  it('refunds express shipping only up to the standard home delivery', async () => {
    const id = await paidOrder(await shopper(), 'ekspress@example.no', undefined, {
      shipping_method_id: 'express',
    });
    const whole = await withdraw(id, 'ekspress@example.no');
    expect(whole.body.shipping).toBe(19_900);
    const order = await shown(id, 'ekspress@example.no');
    expect(whole.body.refund).toBe(order.total - 34_900 + 19_900);
  });

  it('shares a promo code’s discount among the parts, which add up to what was paid', async () => {
    const [a, b] = twoArticles();
    f.setArticle(a, { price: 33_333, pant: null });
    f.setArticle(b, { price: 10_001, pant: null });
    const code = f.db.prepare("SELECT name FROM promo_codes WHERE name = 'vinter20'").get() as
      { name: string } | undefined;
    const id = await paidOrder(
      await shopper(),
      'rabatt@example.no',
      [
        [a, 2],
        [b, 1],
      ],
      { PromoCode: code?.name },
    );
    const order = await shown(id, 'rabatt@example.no');
    const reservation = f.db
      .prepare(
        'SELECT subtotal, discount, shipping_price FROM reservations r JOIN orders o ON o.reservation_id = r.id WHERE o.id = ?',
      )
      .get(id) as { subtotal: number; discount: number; shipping_price: number };
    expect(reservation.discount).toBeGreaterThan(0);
    const paidForGoods = reservation.subtotal - reservation.discount;
    const first = await withdraw(id, 'rabatt@example.no', [{ line: 0, count: 1 }]);
    expect(first.body.refund).toBe(Math.round((33_333 * paidForGoods) / reservation.subtotal));
    const second = await withdraw(id, 'rabatt@example.no', [{ line: 1, count: 1 }]);
    expect(second.body.refund).toBe(Math.round((10_001 * paidForGoods) / reservation.subtotal));
    const last = await withdraw(id, 'rabatt@example.no', [{ line: 0, count: 1 }]);
    expect(first.body.refund + second.body.refund + last.body.refund).toBe(order.total);
    expect(last.body.shipping).toBe(reservation.shipping_price);
  });

  it('refuses lines that are not the order’s, counts out of range and repeats, in Norwegian', async () => {
    const id = await paidOrder(await shopper(), 'feil@example.no', [[f.variant(0), 2]]);
    for (const lines of [
      [],
      [{ line: 1, count: 1 }],
      [{ line: -1, count: 1 }],
      [{ line: 0, count: 3 }],
      [{ line: 0, count: 0 }],
      [{ line: 0, count: 1.5 }],
      [{ line: 0, count: '1' }],
      [
        { line: 0, count: 1 },
        { line: 0, count: 1 },
      ],
      'alt',
    ]) {
      const answer = await withdraw(id, 'feil@example.no', lines as ApiLineUnits[]);
      expect(answer.status, JSON.stringify(lines)).toBe(422);
      expect(answer.body.errors?.['lines']?.[0], JSON.stringify(lines)).toBe(answer.body.message);
    }
    expect(count('SELECT count(*) AS n FROM withdrawals')).toBe(0);
  });

  it('records a retried partial withdrawal with the same Idempotency-Key once', async () => {
    const id = await paidOrder(await shopper(), 'igjen@example.no', [[f.variant(0), 2]]);
    const client = await shopper();
    const send = () =>
      client.request(`/api/v1/orders/${String(id)}/withdrawal`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'Idempotency-Key': 'angre-1',
        },
        body: JSON.stringify({ email: 'igjen@example.no', lines: [{ line: 0, count: 1 }] }),
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(count('SELECT count(*) AS n FROM withdrawals WHERE order_id = ?', id)).toBe(1);
  });
});

describe('the receipt of an order whose account was deleted', () => {
  it('goes to the address given beside the link’s token', async () => {
    const kari = await loggedIn();
    const id = await paidOrder(kari);
    const { token } = withdrawalLink(KARI.email);
    const me = await callApi<{ id: number }>(kari, 'GET', 'customers/current');
    expect((await callApi(kari, 'DELETE', `customers/${String(me.body.id)}`)).status).toBe(204);
    const answer = await callApi<ApiWithdrawal>(
      await shopper(),
      'POST',
      `orders/${String(id)}/withdrawal`,
      { token, email: ' Kari.Ny@Example.no ' },
    );
    expect(answer.body).toMatchObject({ orderId: id, email: 'kari.ny@example.no' });
    const [receipt] = receipts('kari.ny@example.no');
    expect(receipt?.subject).toBe(`Kvittering: ordre ${String(id)} er angret`);
    expect(receipt?.text).toMatch(/^Hei!/u);
    // Without an address nothing can go, and the answer says so.
    const other = await paidOrder(
      await loggedIn({ ...KARI, email: 'ola@example.no', phone: '41234567' }),
      'ola@example.no',
    );
    const link = withdrawalLink('ola@example.no');
    f.db
      .prepare(
        "UPDATE reservations SET email = '' WHERE id = (SELECT reservation_id FROM orders WHERE id = ?)",
      )
      .run(other);
    const silent = await callApi<ApiWithdrawal>(
      await shopper(),
      'POST',
      `orders/${String(other)}/withdrawal`,
      {
        token: link.token,
      },
    );
    expect(silent.body).toMatchObject({ orderId: other, email: '' });
  });
});

describe('the delivery administration', () => {
  it('needs the bearer token', async () => {
    const id = await paidOrder(await shopper(), 'lager@example.no');
    const res = await f.app.request(`/api/v1/admin/orders/${String(id)}/shipments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(count('SELECT count(*) AS n FROM shipments')).toBe(0);
  });

  it('refuses unknown orders and parcels, bad lines and bad instants', async () => {
    const id = await paidOrder(await shopper(), 'lager@example.no', [[f.variant(0), 2]]);
    const path = `admin/orders/${String(id)}/shipments`;
    expect(await admin('POST', 'admin/orders/999999/shipments', {})).toEqual({
      status: 404,
      body: { message: 'Ordren finnes ikke.' },
    });
    for (const body of [
      { lines: [{ line: 0, count: 3 }] },
      { lines: [{ line: 4, count: 1 }] },
      { lines: [] },
      { deliveredAt: '2025-03-14' },
      { deliveredAt: '14.03.2025 10:00' },
      { sentAt: '2025-03-14T10:00:00Z' },
    ]) {
      expect((await admin('POST', path, body)).status, JSON.stringify(body)).toBe(422);
    }
    const parcel = await ship(id, null, [{ line: 0, count: 2 }]);
    expect(await admin('POST', path, {})).toMatchObject({
      status: 422,
      body: { message: 'Ordren har ingen enheter igjen å sende.' },
    });
    expect(
      await admin('PATCH', `admin/orders/999999/shipments/${String(parcel.id)}`, {
        deliveredAt: ON_TIME,
      }),
    ).toEqual({ status: 404, body: { message: UNKNOWN_SHIPMENT } });
    expect(
      (await admin('PATCH', `${path}/${String(parcel.id)}`, { deliveredAt: null })).status,
    ).toBe(422);
    expect(count('SELECT count(*) AS n FROM shipments')).toBe(1);
  });
});

describe('withdrawal routes', () => {
  it('never answer 5xx to odd paths, queries or bodies', async () => {
    const db = openDatabase(':memory:');
    const app = createTestApp({ db }, [{ path: '/api/v1', routes: withdrawalRoutes }]);
    await expectNoServerErrors(app, [
      '/api/v1/orders/',
      '/api/v1/orders/1/withdrawal',
      '/api/v1/orders/1/withdrawal/lookup',
    ]);
  });
});
