import { beforeEach, describe, expect, it } from 'vitest';
import type {
  ApiError,
  ApiKlarnaOrder,
  ApiOrderHistory,
  ApiPaginated,
  ApiRegisterRequest,
  ApiWithdrawal,
} from '../../contract/index.ts';
import { listOutbox } from '../accounts/outbox.ts';
import {
  CHECKOUT_NOW,
  createCheckoutFixture,
  type CheckoutFixture,
} from '../checkout/test-fixture.ts';
import { openDatabase } from '../db/database.ts';
import { callApi, TestClient } from '../http/test-client.ts';
import { createTestApp, expectNoServerErrors } from '../http/test-harness.ts';
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
// working days, so the goods count as received on Friday 14 March and the period ends 14 days
// later, on Friday 28 March 2025, at midnight Norwegian time (23:00 UTC in winter).
const LAST_DAY = '2025-03-28';
const LAST_MOMENT = new Date('2025-03-28T22:59:59Z');
const TOO_LATE = new Date('2025-03-28T23:00:00Z');

let f: CheckoutFixture;

beforeEach(() => {
  f = createCheckoutFixture();
});

async function shopper(): Promise<TestClient> {
  const client = new TestClient(f.app);
  await client.request('/sanctum/csrf-cookie');
  return client;
}

/** Pays for one unit of a variant at the first provider; answers the order's id. */
async function paidOrder(client: TestClient, email = KARI.email): Promise<number> {
  const started = await callApi<ApiKlarnaOrder>(
    client,
    'POST',
    'checkout/first/orders',
    f.body([[f.variant(), 1]], { Email: email, returnUrl: '/checkout/kvittering' }),
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
    const history = await callApi<ApiPaginated<ApiOrderHistory>>(
      client,
      'GET',
      'customers/current/orders',
    );
    expect(history.body.data[0]).toMatchObject({
      id,
      status: 'paid',
      withdrawal: { receivedDay: '2025-03-14', lastDay: LAST_DAY, withdrawnAt: null },
    });

    f.setNow(LAST_MOMENT);
    const later = await loggedInAgain();
    const answer = await callApi<ApiWithdrawal>(later, 'POST', `orders/${String(id)}/withdrawal`);
    expect(answer).toEqual({
      status: 200,
      body: { orderId: id, withdrawnAt: LAST_MOMENT.toISOString(), email: KARI.email },
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
    expect(receipt?.text).toContain(`angringen din av ordre ${String(id)} 28. mars 2025`);
    expect(receipt?.html).toContain('Denne e-posten er kvitteringen din.');
  });

  it('refuses a withdrawal after the period in Norwegian, saying when it ran out', async () => {
    const client = await loggedIn();
    const id = await paidOrder(client);
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
    expect(first).toEqual({
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
