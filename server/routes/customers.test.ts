import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ApiCustomer,
  ApiCustomerCode,
  ApiCustomerReview,
  ApiError,
  ApiFavourites,
  ApiKlarnaOrder,
  ApiMessage,
  ApiOrderHistory,
  ApiPaginated,
  ApiRegisterRequest,
  ApiReservation,
} from '../../contract/index.ts';
import { PROXY_SECRET_VARIABLE } from '../../contract/proxy.ts';
import { listOutbox, type OutboxMail } from '../accounts/outbox.ts';
import {
  CHECKOUT_NOW,
  createCheckoutFixture,
  type CheckoutFixture,
  type TestVariant,
} from '../test-support/checkout.ts';
import type { AppEnv } from '../http/env.ts';
import { TOO_MANY_LOGINS, rateLimitsFromEnv } from '../http/rate-limit.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { fromSocket } from '../test-support/socket-bindings.ts';
import { BRAND_ORIGIN, TEST_PROXY_SECRET, signedHeaders } from '../test-support/proxy-signature.ts';
import { callApi, TestClient } from '../test-support/client.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import {
  ALREADY_LOGGED_IN,
  ALREADY_VERIFIED,
  BAD_CREDENTIALS,
  INVALID_RESET_TOKEN,
  INVALID_VERIFICATION,
  NOT_LOGGED_IN,
  OTHER_CUSTOMER,
  RESET_LINK_SENT,
  UNAUTHENTICATED,
  customerRoutes,
} from './customers.ts';

const KARI: ApiRegisterRequest = {
  first_name: 'Kari',
  last_name: 'Nordmann',
  email: 'Kari.Nordmann@example.no',
  phone: '+47 91234567',
  password: 'hemmelig-passord',
  password_confirmation: 'hemmelig-passord',
  terms_conditions: 1,
};
const OLA: ApiRegisterRequest = {
  ...KARI,
  first_name: 'Ola',
  email: 'ola@example.no',
  phone: '41234567',
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let f: CheckoutFixture;

/** A browser: its own cookies, with the XSRF handshake done. */
async function shopper(app: Hono<AppEnv> = f.app): Promise<TestClient> {
  const client = new TestClient(app);
  await client.request('/sanctum/csrf-cookie');
  return client;
}

/**
 * A browser on a brand's own site: every request comes through the brand's proxy with
 * `headers` (its signature, or a forgery), to an app that knows the proxy secret from
 * `API_PROXY_SECRET`.
 */
function shopperBehind(headers: Record<string, string>): Promise<TestClient> {
  const app = {
    request: (path: string, init?: RequestInit) => {
      const merged = new Headers(init?.headers);
      for (const [name, value] of Object.entries(headers)) merged.set(name, value);
      return f.app.request(path, { ...init, headers: merged });
    },
  };
  return shopper(app as unknown as Hono<AppEnv>);
}

/** A browser whose requests come from the socket address `address`. */
function shopperAt(address: string): Promise<TestClient> {
  const app = {
    request: (path: string, init?: RequestInit) => f.app.request(path, init, fromSocket(address)),
  };
  return shopper(app as unknown as Hono<AppEnv>);
}

async function register(
  client: TestClient,
  fields: ApiRegisterRequest = KARI,
  query = '',
): Promise<ApiCustomer> {
  const { status, body } = await callApi<ApiCustomer>(
    client,
    'POST',
    `customers/register${query}`,
    fields,
  );
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

const login = (client: TestClient, email: string, password: string) =>
  callApi<ApiCustomer | ApiError>(client, 'POST', 'customers/login', { email, password });

const mails = (to?: string): OutboxMail[] => listOutbox(f.db, 500, to);

/** The `name` query value of the first link in the newest mail to `to`. */
function linkParam(to: string, name: string): string {
  const [mail] = mails(to);
  const link = /https?:\/\/\S+/u.exec(mail?.text ?? '')?.[0];
  if (link === undefined) throw new Error(`No link in a mail to ${to}.`);
  return new URL(link).searchParams.get(name) ?? '';
}

const one = <T>(sql: string, ...params: Array<string | number>): T =>
  f.db.prepare(sql).get(...params) as T;

beforeEach(() => {
  f = createCheckoutFixture();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('POST customers/register', () => {
  it('answers 201 with the new, unverified customer, logged in on a new session id', async () => {
    const client = await shopper();
    const before = client.sessionId;
    const customer = await register(client);
    expect(customer).toMatchObject({
      first_name: 'Kari',
      last_name: 'Nordmann',
      email: 'kari.nordmann@example.no',
      phone: '91234567',
      email_verified: false,
      terms_conditions: 1,
      permissions: [],
      club: 0,
    });
    expect(customer).not.toHaveProperty('password');
    expect(customer).not.toHaveProperty('password_hash');
    expect(client.sessionId).not.toBe(before);
    expect(one(`SELECT count(*) AS n FROM sessions WHERE id = ?`, before ?? '')).toEqual({ n: 0 });
    const current = await callApi<ApiCustomer>(client, 'GET', 'customers/current');
    expect(current.status).toBe(200);
    expect(current.body.id).toBe(customer.id);
  });

  it('stores an Argon2id hash with OWASP parameters, never the password', async () => {
    await register(await shopper());
    const { password_hash: hash } = one<{ password_hash: string }>(
      'SELECT password_hash FROM customers',
    );
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/u);
    expect(hash).not.toContain(KARI.password);
  });

  it('queues a Norwegian verification mail with the link to the shop', async () => {
    const customer = await register(await shopper());
    const [mail] = mails(customer.email);
    expect(mail?.subject).toBe('Bekreft e-postadressen din');
    expect(mail?.text).toContain('Hei Kari!');
    expect(mail?.text).toMatch(
      new RegExp(
        `http://localhost/bekreft-epost\\?id=${String(customer.id)}&token=[\\w-]{43}`,
        'u',
      ),
    );
    expect(mail?.html).toContain('<a href="http://localhost/bekreft-epost?id=');
  });

  it("links to the tenant's own shop when SHOP_URL_<TENANT> is set, else SHOP_URL", async () => {
    vi.stubEnv('SHOP_URL', 'https://toppfart.example/');
    vi.stubEnv('SHOP_URL_VILLMARK', 'https://villmark.example');
    await register(await shopper(), KARI, '?tenant=villmark');
    expect(mails(KARI.email.toLowerCase())[0]?.text).toContain(
      'https://villmark.example/bekreft-epost?id=',
    );
    await register(await shopper(), OLA, '?tenant=smatroll');
    expect(mails(OLA.email)[0]?.text).toContain('https://toppfart.example/bekreft-epost?id=');
  });

  describe('behind the brand’s signed proxy', () => {
    const brandAt = (options: Parameters<typeof signedHeaders>[0] = {}) =>
      signedHeaders({ now: CHECKOUT_NOW, client_ip: '203.0.113.9', ...options });

    beforeEach(() => {
      vi.stubEnv(PROXY_SECRET_VARIABLE, TEST_PROXY_SECRET);
      f = createCheckoutFixture();
    });

    it('links the verification and reset mails to the brand’s origin', async () => {
      const customer = await register(await shopperBehind(await brandAt()));
      expect(mails(customer.email)[0]?.text).toMatch(
        new RegExp(
          `^${BRAND_ORIGIN}/bekreft-epost\\?id=${String(customer.id)}&token=[\\w-]{43}$`,
          'mu',
        ),
      );
      const guest = await shopperBehind(await brandAt({ site_url: 'http://shop.test:4321/' }));
      const asked = await callApi(guest, 'POST', 'customers/password/email', { email: KARI.email });
      expect(asked.status).toBe(200);
      const [reset] = mails(customer.email);
      expect(reset?.subject).toBe('Lag nytt passord');
      expect(reset?.text).toContain(
        'http://shop.test:4321/nytt-passord?email=kari.nordmann%40example.no&token=',
      );
    });

    it('links to the request’s own origin when the signature or the secret is wrong', async () => {
      const forged = await brandAt({ secret: 'guessed' });
      const customer = await register(
        await shopperBehind({ ...forged, 'X-Forwarded-Host': 'evil.example' }),
      );
      expect(mails(customer.email)[0]?.text).toContain('http://localhost/bekreft-epost?id=');
      vi.stubEnv(PROXY_SECRET_VARIABLE, '');
      f = createCheckoutFixture();
      const other = await register(await shopperBehind(await brandAt()), OLA);
      expect(mails(other.email)[0]?.text).toContain('http://localhost/bekreft-epost?id=');
    });

    it('still takes SHOP_URL_<TENANT>, else SHOP_URL, when set', async () => {
      vi.stubEnv('SHOP_URL', 'https://toppfart.example/');
      vi.stubEnv('SHOP_URL_VILLMARK', 'https://villmark.example');
      await register(await shopperBehind(await brandAt()), KARI, '?tenant=villmark');
      expect(mails(KARI.email.toLowerCase())[0]?.text).toContain(
        'https://villmark.example/bekreft-epost?id=',
      );
      await register(await shopperBehind(await brandAt()), OLA, '?tenant=smatroll');
      expect(mails(OLA.email)[0]?.text).toContain('https://toppfart.example/bekreft-epost?id=');
    });
  });

  it('answers 422 with a Laravel message per invalid field', async () => {
    const client = await shopper();
    const empty = await callApi<ApiError>(client, 'POST', 'customers/register', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      first_name: ['The first name field is required.'],
      last_name: ['The last name field is required.'],
      email: ['The email field is required.'],
      phone: ['The phone field is required.'],
      password: ['The password field is required.'],
      terms_conditions: ['The terms conditions field must be accepted.'],
    });
    expect(empty.body.message).toBe('The first name field is required.');

    const bad = await callApi<ApiError>(client, 'POST', 'customers/register', {
      ...KARI,
      email: 'kari@',
      phone: '+47 31234567',
      password: 'kort',
      password_confirmation: 'kort',
      terms_conditions: 0,
      postal_code: '123',
      birth_date: '2025-02-30',
      gender_id: 99,
      club: 2,
    });
    expect(bad.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      phone: ['The phone field format is invalid.'],
      password: ['The password field must be at least 8 characters.'],
      terms_conditions: ['The terms conditions field must be accepted.'],
      postal_code: ['The postal code field format is invalid.'],
      birth_date: ['The birth date field must be a valid date.'],
      gender_id: ['The selected gender id is invalid.'],
      club: ['The club field must be true or false.'],
    });
    const unconfirmed = await callApi<ApiError>(client, 'POST', 'customers/register', {
      ...KARI,
      password_confirmation: 'noe-annet',
    });
    expect(unconfirmed.body.errors).toEqual({
      password: ['The password field confirmation does not match.'],
    });
    expect(one('SELECT count(*) AS n FROM customers')).toEqual({ n: 0 });
    expect(mails()).toEqual([]);
  });

  it('answers 423 when the e-mail or the phone already has an account, however written', async () => {
    await register(await shopper());
    const sameEmail = await callApi<ApiError>(await shopper(), 'POST', 'customers/register', {
      ...OLA,
      email: ' KARI.NORDMANN@example.no ',
    });
    expect(sameEmail.status).toBe(423);
    expect(sameEmail.body.message).toMatch(/already exists/u);
    const samePhone = await callApi(await shopper(), 'POST', 'customers/register', {
      ...OLA,
      phone: '004791234567',
    });
    expect(samePhone.status).toBe(423);
    expect(one('SELECT count(*) AS n FROM customers')).toEqual({ n: 1 });
  });

  it('answers 401 when the session is logged in already', async () => {
    const client = await shopper();
    await register(client);
    const again = await callApi<ApiError>(client, 'POST', 'customers/register', OLA);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(ALREADY_LOGGED_IN);
  });
});

describe('POST customers/login', () => {
  let customer: ApiCustomer;

  beforeEach(async () => {
    const client = await shopper();
    customer = await register(client);
    await callApi(client, 'POST', 'customers/logout');
  });

  it('answers 200 with the customer on a new session id, the old session deleted', async () => {
    const client = await shopper();
    const before = client.sessionId ?? '';
    const { status, body } = await login(client, 'KARI.nordmann@example.no ', KARI.password);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: customer.id, email: customer.email });
    expect(client.sessionId).not.toBe(before);
    expect(one('SELECT count(*) AS n FROM sessions WHERE id = ?', before)).toEqual({ n: 0 });
    expect(one('SELECT customer_id FROM sessions WHERE id = ?', client.sessionId ?? '')).toEqual({
      customer_id: customer.id,
    });
  });

  it('logs in by phone at login/phone, in any docs/spec.md §5 spelling', async () => {
    for (const phone of ['91234567', '+4791234567', '0047 91234567']) {
      const client = await shopper();
      const { status } = await callApi(client, 'POST', 'customers/login/phone', {
        phone,
        password: KARI.password,
      });
      expect(status).toBe(200);
    }
    const wrong = await callApi<ApiError>(await shopper(), 'POST', 'customers/login/phone', {
      phone: '91234567',
      password: 'feil-passord',
    });
    expect(wrong.body).toEqual({ message: BAD_CREDENTIALS, errors: { phone: [BAD_CREDENTIALS] } });
    expect(
      (
        await callApi(await shopper(), 'POST', 'customers/login/email', {
          email: KARI.email,
          password: KARI.password,
        })
      ).status,
    ).toBe(200);
    expect((await callApi(await shopper(), 'POST', 'customers/login/sms', {})).status).toBe(404);
  });

  it('answers a wrong password and an unknown account with the same 422', async () => {
    const wrong = await login(await shopper(), KARI.email, 'feil-passord');
    const unknown = await login(await shopper(), 'ingen@example.no', 'feil-passord');
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.body).toEqual({ message: BAD_CREDENTIALS, errors: { email: [BAD_CREDENTIALS] } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 422 naming a missing field', async () => {
    const { status, body } = await callApi<ApiError>(
      await shopper(),
      'POST',
      'customers/login',
      {},
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
  });

  it('answers 401 when the session is logged in already', async () => {
    const client = await shopper();
    await login(client, KARI.email, KARI.password);
    const again = await login(client, KARI.email, KARI.password);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: ALREADY_LOGGED_IN });
  });
});

describe('the login limit', () => {
  const start = new Date('2025-03-10T12:00:00.000Z');

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const client = await shopper();
    await register(client);
    await callApi(client, 'POST', 'customers/logout');
  });

  it('refuses the 6th attempt after 5 failures in 60 s with 429 and Retry-After, even with the right password', async () => {
    const client = await shopperAt('198.51.100.7');
    for (let i = 0; i < 5; i++) {
      expect((await login(client, KARI.email, `feil-${String(i)}`)).status).toBe(422);
    }
    vi.setSystemTime(start.getTime() + 20_000);
    const refused = await login(client, KARI.email, KARI.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_LOGINS });
    expect(refused.res.headers.get('Retry-After')).toBe('40');

    // Another address, or another account from this one, is not blocked.
    expect((await login(await shopperAt('198.51.100.8'), KARI.email, KARI.password)).status).toBe(
      200,
    );
    expect((await login(client, 'ola@example.no', 'feil')).status).toBe(422);

    vi.setSystemTime(start.getTime() + 60_001);
    expect((await login(client, KARI.email, KARI.password)).status).toBe(200);
  });

  it('counts failures only: a successful login starts the count again', async () => {
    const client = await shopperAt('198.51.100.9');
    for (let i = 0; i < 4; i++) await login(client, KARI.email, 'feil-passord');
    expect((await login(client, KARI.email, KARI.password)).status).toBe(200);
    await callApi(client, 'POST', 'customers/logout');
    for (let i = 0; i < 5; i++) {
      expect((await login(client, KARI.email, 'feil-passord')).status).toBe(422);
    }
    expect((await login(client, KARI.email, 'feil-passord')).status).toBe(429);
  });

  it('reads RATE_LIMIT_LOGIN, and is off with null', async () => {
    expect(rateLimitsFromEnv({ RATE_LIMIT_LOGIN: '3/30' }).login).toEqual({
      requests: 3,
      seconds: 30,
    });
    expect(rateLimitsFromEnv({ RATE_LIMIT_LOGIN: 'off' }).login).toBeNull();
    f = createCheckoutFixture({ rateLimits: { search: null, unsafe: null, login: null } });
    const client = await shopper();
    for (let i = 0; i < 8; i++) {
      expect((await login(client, 'ingen@example.no', 'feil')).status).toBe(422);
    }
  });

  it('takes its limit from the rateLimits option', async () => {
    f = createCheckoutFixture({
      rateLimits: { search: null, unsafe: null, login: { requests: 2, seconds: 10 } },
    });
    const client = await shopper();
    await register(client);
    await callApi(client, 'POST', 'customers/logout');
    await login(client, KARI.email, 'feil-1');
    await login(client, KARI.email, 'feil-2');
    const refused = await login(client, KARI.email, KARI.password);
    expect(refused.status).toBe(429);
    expect(refused.res.headers.get('Retry-After')).toBe('10');
  });
});

describe('POST customers/logout', () => {
  it('answers 204 and gives the browser a new, anonymous session id', async () => {
    const client = await shopper();
    await register(client);
    const loggedIn = client.sessionId ?? '';
    const { status, body } = await callApi(client, 'POST', 'customers/logout');
    expect(status).toBe(204);
    expect(body).toBeNull();
    expect(client.sessionId).not.toBe(loggedIn);
    expect(one('SELECT count(*) AS n FROM sessions WHERE id = ?', loggedIn)).toEqual({ n: 0 });
    expect((await callApi(client, 'GET', 'customers/current')).status).toBe(204);
  });

  it('answers 204 without a login too', async () => {
    expect((await callApi(await shopper(), 'POST', 'customers/logout')).status).toBe(204);
  });
});

describe('GET customers/current and its sub-resources without a login', () => {
  it('answers current 204 with no body and starts no session for a cookieless request', async () => {
    const before = one<{ n: number }>('SELECT count(*) AS n FROM sessions').n;
    const res = await f.app.request('/api/v1/customers/current');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM sessions').n).toBe(before);
  });

  it('answers 404 Ingen bruker logget inn. for every current/* call and the resend', async () => {
    const client = await shopper();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', 'customers/current/code'],
      ['GET', 'customers/current/reservations'],
      ['GET', 'customers/current/orders'],
      ['GET', 'customers/current/reviews'],
      ['POST', 'customers/current/reviews', { article_id: 1, rating: 5, content: 'Fin' }],
      ['GET', 'customers/current/favourites'],
      ['PUT', 'customers/current/favourites', { ids: [1] }],
      ['GET', 'customers/email/resend'],
    ];
    for (const [method, path, body] of calls) {
      const answer = await callApi(client, method, path, body);
      expect([method, path, answer.status, answer.body]).toEqual([
        method,
        path,
        404,
        { message: NOT_LOGGED_IN },
      ]);
    }
  });
});

describe('GET customers/current/code', () => {
  it('answers a code that stays the same for the account and differs between accounts', async () => {
    const client = await shopper();
    await register(client);
    const first = await callApi<ApiCustomerCode>(client, 'GET', 'customers/current/code');
    expect(first.status).toBe(200);
    expect(first.body.code).toMatch(/^K[0-9A-F]{15}$/u);
    await callApi(client, 'POST', 'customers/logout');
    await login(client, KARI.email, KARI.password);
    expect((await callApi<ApiCustomerCode>(client, 'GET', 'customers/current/code')).body).toEqual(
      first.body,
    );
    const other = await shopper();
    await register(other, OLA);
    const second = await callApi<ApiCustomerCode>(other, 'GET', 'customers/current/code');
    expect(second.body.code).not.toBe(first.body.code);
  });
});

describe('history', () => {
  let a: TestVariant;

  beforeEach(() => {
    a = f.variant(0);
    f.setArticle(a, { price: 12_345, pant: 0, limit: 5 });
    f.setStock(a, 100);
  });

  const reserve = (client: TestClient, count = 1) =>
    callApi<ApiReservation>(client, 'POST', 'reservations', f.body([[a, count]]));

  it('gives a reservation made while logged in to the customer, and confirms it by e-mail', async () => {
    const client = await shopper();
    const customer = await register(client);
    const made = await reserve(client, 2);
    expect(made.status).toBe(201);
    expect(made.body.customerID).toBe(customer.id);
    const guest = await callApi<ApiReservation>(
      await shopper(),
      'POST',
      'reservations',
      f.body([[a, 1]], { Email: 'gjest@example.no' }),
    );
    expect(guest.body.customerID).toBeNull();

    const { body } = await callApi<ApiPaginated<ApiReservation>>(
      client,
      'GET',
      'customers/current/reservations',
    );
    expect(body.data.map((r) => r.id)).toEqual([made.body.id]);
    expect(body.data[0]?.articles[0]).toMatchObject({ EanNo: a.ean, Count: 2, Price: 12_345 });

    const [mail] = mails('kari@example.no');
    expect(mail?.subject).toBe(`Reservasjon ${String(made.body.id)} er mottatt`);
    expect(mail?.text).toContain(`2 × ${made.body.articles[0]?.Name ?? ''}`);
    expect(mail?.text).toMatch(/246,90\skr/u);
    expect(mail?.text).toMatch(
      new RegExp(`Totalt\\s+${(made.body.total / 100).toFixed(2).replace('.', ',')}`, 'u'),
    );
    expect(mail?.text).toContain('Sendes til Storgata 12B, 0155 Oslo.');
    expect(mail?.html).toContain('<table>');
  });

  it('pages reservations ten at a time, newest first', async () => {
    const client = await shopper();
    await register(client);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      f.setNow(new Date(CHECKOUT_NOW.getTime() + i * MINUTE));
      ids.push((await reserve(client)).body.id);
    }
    const newestFirst = ids.toReversed();
    const first = await callApi<ApiPaginated<ApiReservation>>(
      client,
      'GET',
      'customers/current/reservations',
    );
    expect(first.body.data.map((r) => r.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.body.meta).toEqual({
      current_page: 1,
      last_page: 2,
      per_page: 10,
      total: 12,
      from: 1,
      to: 10,
    });
    const second = await callApi<ApiPaginated<ApiReservation>>(
      client,
      'GET',
      'customers/current/reservations?page=2',
    );
    expect(second.body.data.map((r) => r.id)).toEqual(newestFirst.slice(10));
    expect(second.body.meta).toEqual({
      current_page: 2,
      last_page: 2,
      per_page: 10,
      total: 12,
      from: 11,
      to: 12,
    });
    const bad = await callApi(client, 'GET', 'customers/current/reservations?page=0');
    expect(bad.status).toBe(422);
  });

  it('lists a provider order paid while logged in among the orders, confirmed by e-mail', async () => {
    const client = await shopper();
    const customer = await register(client);
    const started = await callApi<ApiKlarnaOrder>(
      client,
      'POST',
      'checkout/first/orders',
      f.body([[a, 1]], { returnUrl: '/kasse/kvittering' }),
    );
    expect(started.status).toBe(201);
    const paid = await f.app.request(`${started.body.redirectUrl}/approve`, { method: 'POST' });
    expect(paid.status).toBe(303);
    const { body } = await callApi<ApiPaginated<ApiOrderHistory>>(
      client,
      'GET',
      'customers/current/orders',
    );
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({ vat: 25, total: 12_345 + 19_900 });
    expect(one('SELECT customer_id FROM orders')).toEqual({ customer_id: customer.id });
    // The provider's reservation is the order's, not a reservation of its own.
    const reservations = await callApi<ApiPaginated<ApiReservation>>(
      client,
      'GET',
      'customers/current/reservations',
    );
    expect(reservations.body.data).toEqual([]);

    const subjects = mails('kari@example.no').map((m) => m.subject);
    expect(subjects).toEqual([`Ordrebekreftelse ${String(body.data[0]?.id)}`]);
    expect(mails('kari@example.no')[0]?.text).toMatch(/Herav mva\.\s+\d/u);
  });
});

describe('PUT customers/{id}', () => {
  let client: TestClient;
  let customer: ApiCustomer;

  beforeEach(async () => {
    client = await shopper();
    customer = await register(client);
  });

  const put = (body: unknown, id = customer.id, who = client) =>
    callApi<ApiCustomer & ApiError>(who, 'PUT', `customers/${String(id)}`, body);

  it('changes only the fields sent', async () => {
    const { status, body } = await put({
      first_name: ' Kari Anne ',
      club: 1,
      city: 'Oslo',
      preferences: [2, 4, 2],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ...customer,
      first_name: 'Kari Anne',
      club: 1,
      city: 'Oslo',
      preferences: [2, 4],
    });
    const cleared = await put({ city: null, birth_date: '1990-05-17' });
    expect(cleared.body).toMatchObject({ city: null, birth_date: '1990-05-17', club: 1 });
  });

  it('resets verification on a new e-mail address and sends a link there', async () => {
    await callApi(client, 'POST', 'customers/email/verify', {
      id: customer.id,
      token: linkParam(customer.email, 'token'),
    });
    const { body } = await put({ email: 'kari@nytt.no' });
    expect(body).toMatchObject({ email: 'kari@nytt.no', email_verified: false });
    expect(mails('kari@nytt.no')[0]?.subject).toBe('Bekreft e-postadressen din');
    const same = await put({ email: 'KARI@nytt.no', last_name: 'Hansen' });
    expect(mails('kari@nytt.no')).toHaveLength(1);
    expect(same.body.last_name).toBe('Hansen');
  });

  it('changes the password only with its confirmation, and ends the other sessions', async () => {
    const phone = await shopper();
    await login(phone, KARI.email, KARI.password);
    const unconfirmed = await put({ password: 'nytt-passord' });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.errors).toEqual({
      password: ['The password field confirmation does not match.'],
    });
    const ok = await put({ password: 'nytt-passord', password_confirmation: 'nytt-passord' });
    expect(ok.status).toBe(200);
    expect((await callApi(phone, 'GET', 'customers/current')).status).toBe(204);
    expect((await callApi(client, 'GET', 'customers/current')).status).toBe(200);
    expect((await login(await shopper(), KARI.email, KARI.password)).status).toBe(422);
    expect((await login(await shopper(), KARI.email, 'nytt-passord')).status).toBe(200);
  });

  it('answers 422 for invalid fields, including emptied required ones', async () => {
    const { status, body } = await put({ phone: '12345678', first_name: '', gender_id: 'x' });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      first_name: ['The first name field is required.'],
      phone: ['The phone field format is invalid.'],
      gender_id: ['The selected gender id is invalid.'],
    });
  });

  it("answers 423 for another account's e-mail or phone", async () => {
    await register(await shopper(), OLA);
    expect((await put({ email: 'OLA@example.no' })).status).toBe(423);
    expect((await put({ phone: '+47 41234567' })).status).toBe(423);
    expect((await put({ phone: '+47 91234567' })).status).toBe(200);
  });

  it("answers 401 for another customer's id, and without a login", async () => {
    const other = await shopper();
    const ola = await register(other, OLA);
    const refused = await put({ first_name: 'Inntrenger' }, ola.id);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: OTHER_CUSTOMER });
    const anonymous = await put({ first_name: 'Inntrenger' }, customer.id, await shopper());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: UNAUTHENTICATED });
    expect(one('SELECT first_name FROM customers WHERE id = ?', ola.id)).toEqual({
      first_name: 'Ola',
    });
  });
});

describe('DELETE customers/{id}', () => {
  it("answers 401 for another customer's id", async () => {
    const kari = await shopper();
    await register(kari);
    const ola = await register(await shopper(), OLA);
    const { status } = await callApi(kari, 'DELETE', `customers/${String(ola.id)}`);
    expect(status).toBe(401);
    expect(one('SELECT count(*) AS n FROM customers')).toEqual({ n: 2 });
  });

  it('deletes the personal data; reservations, orders and reviews stay without it', async () => {
    const a = f.variant(0);
    f.setStock(a, 10);
    const client = await shopper();
    const customer = await register(client);
    const second = await shopper();
    await login(second, KARI.email, KARI.password);
    const reservation = await callApi<ApiReservation>(
      client,
      'POST',
      'reservations',
      f.body([[a, 1]]),
    );
    await callApi(client, 'PUT', 'customers/current/favourites', { ids: [1, 2] });
    await callApi(client, 'POST', 'customers/current/reviews', {
      article_id: a.articleId,
      rating: 4,
      content: 'God passform.',
      true_to_size: 1,
      anonymous: 0,
    });
    await callApi(client, 'POST', 'customers/password/email', { email: KARI.email });
    const loggedIn = client.sessionId;

    const { status } = await callApi(client, 'DELETE', `customers/${String(customer.id)}`);
    expect(status).toBe(204);
    expect(client.sessionId).not.toBe(loggedIn);
    expect(one('SELECT count(*) AS n FROM customers')).toEqual({ n: 0 });
    expect(one('SELECT count(*) AS n FROM sessions WHERE customer_id IS NOT NULL')).toEqual({
      n: 0,
    });
    expect(one('SELECT count(*) AS n FROM sessions WHERE id = ?', loggedIn ?? '')).toEqual({
      n: 0,
    });
    expect(one('SELECT count(*) AS n FROM customer_tokens')).toEqual({ n: 0 });
    expect(one('SELECT count(*) AS n FROM favourites')).toEqual({ n: 0 });
    expect(mails()).toEqual([]);
    expect(
      one(
        `SELECT customer_id, name, email, phone, address, zipcode, city, total FROM reservations
         WHERE id = ?`,
        reservation.body.id,
      ),
    ).toEqual({
      customer_id: null,
      name: '',
      email: '',
      phone: '',
      address: '',
      zipcode: '',
      city: '',
      total: reservation.body.total,
    });
    expect(
      one(
        'SELECT customer_id, customer_name, anonymous FROM reviews WHERE content = ?',
        'God passform.',
      ),
    ).toEqual({
      customer_id: null,
      customer_name: null,
      anonymous: 1,
    });
    expect((await callApi(client, 'GET', 'customers/current')).status).toBe(204);
    expect((await callApi(second, 'GET', 'customers/current')).status).toBe(204);
    expect((await login(await shopper(), KARI.email, KARI.password)).status).toBe(422);
  });
});

describe('e-mail verification', () => {
  let client: TestClient;
  let customer: ApiCustomer;

  beforeEach(async () => {
    client = await shopper();
    customer = await register(client);
  });

  const verify = (token: string, id = customer.id, who = client) =>
    callApi<ApiCustomer & ApiError>(who, 'POST', 'customers/email/verify', { id, token });

  it('verifies with the link once, without a login', async () => {
    const token = linkParam(customer.email, 'token');
    const guest = await shopper();
    const ok = await verify(token, customer.id, guest);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: customer.id, email_verified: true });
    const again = await verify(token);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      message: INVALID_VERIFICATION,
      errors: { token: [INVALID_VERIFICATION] },
    });
  });

  it('refuses a wrong token, another id and a token past 24 hours', async () => {
    const token = linkParam(customer.email, 'token');
    expect((await verify(`${token}x`)).status).toBe(422);
    expect((await verify(token, customer.id + 1)).status).toBe(422);
    f.setNow(new Date(CHECKOUT_NOW.getTime() + 24 * HOUR + 1000));
    expect((await verify(token, customer.id, await shopper())).status).toBe(422);
    f.setNow(new Date(CHECKOUT_NOW.getTime() + 24 * HOUR - 1000));
    expect((await verify(token, customer.id, await shopper())).status).toBe(200);
  });

  it('resends a new link that replaces the old one, and refuses once verified', async () => {
    const old = linkParam(customer.email, 'token');
    const resent = await callApi<ApiMessage>(client, 'GET', 'customers/email/resend');
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBeTypeOf('string');
    expect(mails(customer.email)).toHaveLength(2);
    const fresh = linkParam(customer.email, 'token');
    expect(fresh).not.toBe(old);
    expect((await verify(old)).status).toBe(422);
    expect((await verify(fresh)).status).toBe(200);
    const verified = await callApi<ApiError>(client, 'GET', 'customers/email/resend');
    expect(verified.status).toBe(422);
    expect(verified.body).toEqual({ message: ALREADY_VERIFIED });
  });
});

describe('password reset', () => {
  let customer: ApiCustomer;
  // A browser that is not logged in, asking for and using the reset link.
  let guest: TestClient;

  beforeEach(async () => {
    guest = await shopper();
    customer = await register(guest);
    await callApi(guest, 'POST', 'customers/logout');
  });

  const ask = (email: string) =>
    callApi<ApiMessage>(guest, 'POST', 'customers/password/email', { email });

  const reset = (
    token: string,
    password = 'helt-nytt-passord',
    fields: Record<string, unknown> = {},
  ) =>
    callApi<ApiMessage & ApiError>(guest, 'POST', 'customers/password/reset', {
      token,
      email: KARI.email,
      password,
      password_confirmation: password,
      ...fields,
    });

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const before = mails().length;
    const unknown = await ask('ingen@example.no');
    expect(mails()).toHaveLength(before);
    const known = await ask(KARI.email);
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual({ message: RESET_LINK_SENT });
    expect(known.body).toEqual(unknown.body);
    const [mail] = mails(customer.email);
    expect(mail?.subject).toBe('Lag nytt passord');
    expect(mail?.text).toMatch(
      /http:\/\/localhost\/nytt-passord\?email=kari\.nordmann%40example\.no&token=[\w-]{43}/u,
    );
  });

  it('sets the password once with the token, ending every session of the account', async () => {
    const elsewhere = await shopper();
    await login(elsewhere, KARI.email, KARI.password);
    await ask(KARI.email);
    const token = linkParam(customer.email, 'token');
    const before = guest.sessionId;
    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.body.message).toBeTypeOf('string');
    expect(guest.sessionId).not.toBe(before);
    expect((await callApi(elsewhere, 'GET', 'customers/current')).status).toBe(204);
    expect((await login(await shopper(), KARI.email, KARI.password)).status).toBe(422);
    expect((await login(await shopper(), KARI.email, 'helt-nytt-passord')).status).toBe(200);
    const again = await reset(token, 'tredje-passord');
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ token: [INVALID_RESET_TOKEN] });
  });

  it('refuses a short or unconfirmed password without spending the token', async () => {
    await ask(KARI.email);
    const token = linkParam(customer.email, 'token');
    const short = await reset(token, 'kort');
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({
      password: ['The password field must be at least 8 characters.'],
    });
    const unconfirmed = await reset(token, 'helt-nytt-passord', { password_confirmation: 'annet' });
    expect(unconfirmed.body.errors).toEqual({
      password: ['The password field confirmation does not match.'],
    });
    expect((await reset(token)).status).toBe(200);
  });

  it('refuses a wrong token, a token for another e-mail, and one past 60 minutes', async () => {
    await ask(KARI.email);
    const token = linkParam(customer.email, 'token');
    expect((await reset('feil')).body.errors).toEqual({ token: [INVALID_RESET_TOKEN] });
    expect((await reset(token, 'helt-nytt-passord', { email: 'ola@example.no' })).status).toBe(422);
    f.setNow(new Date(CHECKOUT_NOW.getTime() + 61 * MINUTE));
    const late = await reset(token);
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({ token: [INVALID_RESET_TOKEN] });
    // A new request replaces the old link.
    await ask(KARI.email);
    const fresh = linkParam(customer.email, 'token');
    f.setNow(new Date(CHECKOUT_NOW.getTime() + 61 * MINUTE + 59 * MINUTE));
    expect((await reset(fresh)).status).toBe(200);
  });
});

describe('favourites', () => {
  it('stores the set sent and answers it, per customer', async () => {
    const client = await shopper();
    await register(client);
    expect(
      (await callApi<ApiFavourites>(client, 'GET', 'customers/current/favourites')).body,
    ).toEqual({
      ids: [],
    });
    const put = await callApi<ApiFavourites>(client, 'PUT', 'customers/current/favourites', {
      ids: [30, 10, 30, 20],
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ids: [30, 10, 20] });
    expect((await callApi(client, 'GET', 'customers/current/favourites')).body).toEqual({
      ids: [30, 10, 20],
    });
    await callApi(client, 'PUT', 'customers/current/favourites', { ids: [5] });
    expect((await callApi(client, 'GET', 'customers/current/favourites')).body).toEqual({
      ids: [5],
    });

    const other = await shopper();
    await register(other, OLA);
    expect((await callApi(other, 'GET', 'customers/current/favourites')).body).toEqual({ ids: [] });
  });

  it('answers 422 unless ids are at most 500 positive whole numbers', async () => {
    const client = await shopper();
    await register(client);
    for (const ids of [
      [0],
      [-1],
      [1.5],
      ['1'],
      null,
      'x',
      Array.from({ length: 501 }, (_, i) => i + 1),
    ]) {
      const { status, body } = await callApi<ApiError>(
        client,
        'PUT',
        'customers/current/favourites',
        {
          ids,
        },
      );
      expect(status).toBe(422);
      expect(Object.keys(body.errors ?? {})).toEqual(['ids']);
    }
    const most = Array.from({ length: 500 }, (_, i) => i + 1);
    expect(
      (await callApi(client, 'PUT', 'customers/current/favourites', { ids: most })).body,
    ).toEqual({
      ids: most,
    });
  });
});

describe('POST customers/current/reviews', () => {
  it('stores a review of a bought article, waiting for approval, and lists it', async () => {
    const a = f.variant(0);
    const notBought = f.variant(40);
    f.setStock(a, 10);
    const client = await shopper();
    await register(client);
    const review = {
      article_id: notBought.articleId,
      rating: 5,
      content: 'Supert!',
      true_to_size: 1,
      anonymous: 0,
    };
    const refused = await callApi<ApiError>(client, 'POST', 'customers/current/reviews', review);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      article_id: ['You can only review articles you have bought.'],
    });

    await callApi(client, 'POST', 'reservations', f.body([[a, 1]]));
    const made = await callApi<ApiCustomerReview>(client, 'POST', 'customers/current/reviews', {
      ...review,
      article_id: a.articleId,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      articleId: a.articleId,
      rating: 5,
      content: 'Supert!',
      approved: 0,
      true_to_size: 1,
      anonymous: 0,
    });
    expect(made.body.articleName).not.toBe('');
    expect(
      one('SELECT customer_name, true_to_size FROM reviews WHERE id = ?', made.body.id),
    ).toEqual({ customer_name: 'Kari N.', true_to_size: 0 });
    const listed = await callApi<ApiPaginated<ApiCustomerReview>>(
      client,
      'GET',
      'customers/current/reviews',
    );
    expect(listed.body.data).toEqual([made.body]);
    // Not approved yet: the article page does not show it.
    const article = await callApi<{ reviews: Array<{ id: number }> }>(
      client,
      'GET',
      `articles/${String(a.articleId)}`,
    );
    expect(article.body.reviews.map((r) => r.id)).not.toContain(made.body.id);
  });

  it('answers 422 naming each invalid field', async () => {
    const client = await shopper();
    await register(client);
    const { status, body } = await callApi<ApiError>(client, 'POST', 'customers/current/reviews', {
      article_id: 'x',
      rating: 6,
      content: ' ',
      true_to_size: 2,
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      true_to_size: ['The true to size field must be 0 or 1.'],
      rating: ['The rating field must be a whole number between 1 and 5.'],
      content: ['The content field is required.'],
      article_id: ['The article id field must be an integer.'],
    });
  });
});

describe('the development outbox', () => {
  it('lists the mails newest first as JSON and as a page with clickable links', async () => {
    await register(await shopper());
    await register(await shopper(), { ...OLA, first_name: '<b>Ola</b>' });
    const json = await f.app.request('/dev/outbox.json');
    expect(json.status).toBe(200);
    const list = (await json.json()) as OutboxMail[];
    expect(list.map((m) => m.to)).toEqual(['ola@example.no', 'kari.nordmann@example.no']);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual([
      'attachments',
      'created_at',
      'html',
      'id',
      'subject',
      'text',
      'to',
    ]);
    expect(list[0]?.html).toContain('Hei &lt;b&gt;Ola&lt;/b&gt;!');
    expect(list[0]?.attachments).toEqual([]);
    const filtered = (await (
      await f.app.request('/dev/outbox.json?to=OLA@example.no')
    ).json()) as OutboxMail[];
    expect(filtered).toHaveLength(1);

    const page = await f.app.request('/dev/outbox');
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/u);
    const text = await page.text();
    expect(text).toMatch(/<a href="http:\/\/localhost\/bekreft-epost\?id=\d+&amp;token=[\w-]+">/u);
    expect(text).toContain('&lt;b&gt;Ola&lt;/b&gt;');
    expect(text).not.toContain('<b>Ola</b>');
  });

  it('is not mounted with outbox off', async () => {
    f = createCheckoutFixture({ outbox: false });
    expect((await f.app.request('/dev/outbox.json')).status).toBe(404);
    expect((await f.app.request('/dev/outbox')).status).toBe(404);
  });
});

describe('customer routes under random requests', () => {
  it('never answer 5xx', async () => {
    const app = createTestApp({ db: f.db, now: () => CHECKOUT_NOW, sessionId: () => 'none' }, [
      { path: '/api/v1', routes: customerRoutes({ loginLimit: null }) },
    ]);
    await expectNoServerErrors(app, ['/api/v1/customers/', '/api/v1/customers/current/'], 200);
  });
});

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax after login', async () => {
    await register(await shopper());
    const client = await shopper();
    const { res } = await login(client, KARI.email, KARI.password);
    const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(line).toMatch(/; HttpOnly/u);
    expect(line).toMatch(/; SameSite=Lax/u);
  });
});
