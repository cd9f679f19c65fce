import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCustomer } from '../../../contract/index.ts';
import { ApiRequestError, createApiClient, type ApiClient } from './client.ts';
import {
  currentCustomer,
  customerCode,
  deleteCustomer,
  getFavourites,
  login,
  loginType,
  logout,
  postReview,
  register,
  requestPasswordReset,
  resetPassword,
  saveFavourites,
  updateCustomer,
  verifyEmail,
} from './customers.ts';
import { historyPage } from './customer-history.ts';

/** A fake API: routes `METHOD path` to a status and JSON body (none: an empty answer). */
function fakeApi(routes: Record<string, [number, unknown?]>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      url: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const [status, body] = routes[`${method} ${url.pathname}`] ?? [404, { message: 'Not found.' }];
    return body === undefined
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
  });
  const client: ApiClient = createApiClient({
    baseURL: 'http://api.test/api/v1',
    fetch,
    readToken: () => 'token',
  });
  return { client, calls };
}

const wireCustomer: ApiCustomer = {
  id: 9,
  first_name: 'Kari',
  last_name: 'Nordmann',
  auth_id: 'abc',
  email: 'kari@example.no',
  phone: '91234567',
  birth_date: null,
  gender_id: null,
  cookies: 1,
  permissions: [],
  terms_conditions: 1,
  email_verified: false,
  address: null,
  postal_code: null,
  city: null,
  preferences: [],
  club: 0,
  marketing: 0,
  newsletter: 1,
  event_invite: 0,
  birthday_gift: 0,
  cookie_default: 0,
  cookie_ga: 0,
  cookie_google_tag_manager: 0,
  cookie_meta_pixel: 0,
};

const meta = (page: number, last: number, total: number) => ({
  current_page: page,
  last_page: last,
  per_page: 2,
  total,
  from: 1,
  to: 2,
});

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('login', () => {
  it.each([
    ['91234567', 'phone'],
    ['+47 41234567', 'phone'],
    ['004791234567', 'phone'],
    ['kari@example.no', 'email'],
    ['81234567', 'email'],
  ])('%s logs in by %s', (identifier, type) => {
    expect(loginType(identifier)).toBe(type);
  });

  it('posts a phone number to customers/login/phone in the phone field', async () => {
    const { client, calls } = fakeApi({
      'POST /api/v1/customers/login/phone': [200, wireCustomer],
    });
    const customer = await login(' 91234567 ', 'hemmelig1', client);
    expect(customer.firstname).toBe('Kari');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/customers/login/phone',
        body: { phone: '91234567', password: 'hemmelig1' },
      },
    ]);
  });

  it('posts an e-mail address to customers/login/email in the email field', async () => {
    const { client, calls } = fakeApi({
      'POST /api/v1/customers/login/email': [200, wireCustomer],
    });
    await login('kari@example.no', 'hemmelig1', client);
    expect(calls[0]?.body).toEqual({ email: 'kari@example.no', password: 'hemmelig1' });
  });

  it('fails with the status and field errors of the answer', async () => {
    const { client } = fakeApi({
      'POST /api/v1/customers/login/email': [
        422,
        { message: 'Wrong', errors: { email: ['These credentials do not match.'] } },
      ],
    });
    const error = await login('kari@example.no', 'feil', client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 422,
      errors: { email: ['These credentials do not match.'] },
    });
  });
});

describe('register', () => {
  const input = {
    firstname: 'Kari',
    surname: 'Nordmann',
    email: 'kari@example.no',
    phone: '91234567',
    password: 'hemmelig1',
    passwordConfirmation: 'hemmelig1',
    termsAccepted: true,
  };

  it('posts terms_conditions 1 and answers the new customer', async () => {
    const { client, calls } = fakeApi({ 'POST /api/v1/customers/register': [201, wireCustomer] });
    expect((await register(input, client)).id).toBe(9);
    expect(calls[0]?.body).toMatchObject({ first_name: 'Kari', terms_conditions: 1 });
  });

  it('refuses terms not accepted without asking the server', async () => {
    const { client, calls } = fakeApi({});
    const error = await register({ ...input, termsAccepted: false }, client).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      status: 422,
      errors: { terms_conditions: [expect.any(String)] },
    });
    expect(calls).toEqual([]);
  });
});

describe('session', () => {
  it('reads 204 from customers/current as nobody', async () => {
    const { client } = fakeApi({ 'GET /api/v1/customers/current': [204] });
    expect(await currentCustomer(client)).toBeNull();
  });

  it.each([401, 404])('reads %i from customers/current as nobody', async (status) => {
    const { client } = fakeApi({ 'GET /api/v1/customers/current': [status, { message: 'x' }] });
    expect(await currentCustomer(client)).toBeNull();
  });

  it('answers the current customer', async () => {
    const { client } = fakeApi({ 'GET /api/v1/customers/current': [200, wireCustomer] });
    expect(await currentCustomer(client)).toMatchObject({ id: 9, verified: false });
  });

  it('passes on a server failure', async () => {
    const { client } = fakeApi({ 'GET /api/v1/customers/current': [500, { message: 'x' }] });
    await expect(currentCustomer(client)).rejects.toMatchObject({ status: 500 });
  });

  it('logs out with a POST', async () => {
    const { client, calls } = fakeApi({ 'POST /api/v1/customers/logout': [204] });
    await logout(client);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/v1/customers/logout']);
  });

  it('reads the customer code', async () => {
    const { client } = fakeApi({ 'GET /api/v1/customers/current/code': [200, { code: 'K-9' }] });
    expect(await customerCode(client)).toBe('K-9');
  });
});

describe('historyPage', () => {
  it('maps a page of reservations and skips a malformed one', async () => {
    const { client, calls } = fakeApi({
      'GET /api/v1/customers/current/reservations': [
        200,
        {
          data: [{ id: 1, shopID: 55, total: 19900, articles: [], date: '2025-01-01' }, { id: 2 }],
          meta: meta(2, 3, 5),
        },
      ],
    });
    const page = await historyPage('reservations', 2, client);
    expect(calls[0]?.url).toBe('/api/v1/customers/current/reservations?page=2');
    expect(page.items.map((r) => [r.id, r.shopId, r.total])).toEqual([[1, 55, 19900]]);
    expect(page.page).toEqual({ currentPage: 2, lastPage: 3, perPage: 2, total: 5 });
  });

  it('maps orders and reviews', async () => {
    const { client } = fakeApi({
      'GET /api/v1/customers/current/orders': [
        200,
        { data: [{ id: 3, total: 100, vat: 25, articles: [] }], meta: meta(1, 1, 1) },
      ],
      'GET /api/v1/customers/current/reviews': [
        200,
        {
          data: [
            {
              id: 4,
              articleId: 7,
              articleName: 'Lue',
              rating: 4,
              content: 'Fin',
              approved: 1,
              created_at: '2025-01-01',
              true_to_size: 1,
              anonymous: 0,
            },
          ],
          meta: meta(1, 1, 1),
        },
      ],
    });
    expect((await historyPage('orders', 1, client)).items[0]).toMatchObject({ id: 3, vat: 25 });
    expect((await historyPage('reviews', 1, client)).items[0]).toMatchObject({
      id: 4,
      articleName: 'Lue',
      approved: true,
    });
  });

  it('fails with 404 when nobody is logged in', async () => {
    const { client } = fakeApi({});
    await expect(historyPage('orders', 1, client)).rejects.toMatchObject({ status: 404 });
  });
});

describe('account', () => {
  it('puts only the changed, non-empty fields in wire names', async () => {
    const { client, calls } = fakeApi({ 'PUT /api/v1/customers/9': [200, wireCustomer] });
    await updateCustomer(9, { firstname: 'Kari', surname: '', phone: undefined }, client);
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/api/v1/customers/9',
      body: { first_name: 'Kari' },
    });
  });

  it('deletes the customer', async () => {
    const { client, calls } = fakeApi({ 'DELETE /api/v1/customers/9': [204] });
    await deleteCustomer(9, client);
    expect(calls[0]?.method).toBe('DELETE');
  });

  it('verifies the e-mail with id and token', async () => {
    const { client, calls } = fakeApi({
      'POST /api/v1/customers/email/verify': [200, { ...wireCustomer, email_verified: true }],
    });
    expect((await verifyEmail(9, 'tok', client)).verified).toBe(true);
    expect(calls[0]?.body).toEqual({ id: 9, token: 'tok' });
  });

  it('asks for a reset link and answers the server message', async () => {
    const { client, calls } = fakeApi({
      'POST /api/v1/customers/password/email': [200, { message: 'Sendt' }],
    });
    expect(await requestPasswordReset(' kari@example.no ', client)).toBe('Sendt');
    expect(calls[0]?.body).toEqual({ email: 'kari@example.no' });
  });

  it('resets the password in wire names', async () => {
    const { client, calls } = fakeApi({
      'POST /api/v1/customers/password/reset': [200, { message: 'Endret' }],
    });
    const message = await resetPassword(
      {
        token: 't',
        email: 'kari@example.no',
        password: 'nytt1234',
        passwordConfirmation: 'nytt1234',
      },
      client,
    );
    expect(message).toBe('Endret');
    expect(calls[0]?.body).toEqual({
      token: 't',
      email: 'kari@example.no',
      password: 'nytt1234',
      password_confirmation: 'nytt1234',
    });
  });
});

describe('favourites and reviews', () => {
  it('reads and saves the favourite ids', async () => {
    const { client, calls } = fakeApi({
      'GET /api/v1/customers/current/favourites': [200, { ids: [1, 2] }],
      'PUT /api/v1/customers/current/favourites': [200, { ids: [1, 2, 3] }],
    });
    expect(await getFavourites(client)).toEqual([1, 2]);
    expect(await saveFavourites([1, 2, 3], client)).toEqual([1, 2, 3]);
    expect(calls[1]?.body).toEqual({ ids: [1, 2, 3] });
  });

  it('posts a review in wire names and answers it pending', async () => {
    const { client, calls } = fakeApi({
      'POST /api/v1/customers/current/reviews': [
        201,
        {
          id: 5,
          articleId: 7,
          articleName: 'Lue',
          rating: 5,
          content: 'Varm',
          approved: 0,
          created_at: '2025-02-01',
          true_to_size: 1,
          anonymous: 1,
        },
      ],
    });
    const review = await postReview(
      { articleId: 7, rating: 5, content: 'Varm', trueToSize: true, anonymous: true },
      client,
    );
    expect(review).toMatchObject({ id: 5, approved: false, anonymous: true });
    expect(calls[0]?.body).toEqual({
      article_id: 7,
      rating: 5,
      content: 'Varm',
      true_to_size: 1,
      anonymous: 1,
    });
  });
});
