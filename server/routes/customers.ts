import { type Context, Hono } from 'hono';
import type {
  ApiCustomer,
  ApiCustomerCode,
  ApiCustomerReview,
  ApiFavourites,
  ApiMessage,
  ApiOrderHistory,
  ApiPaginated,
  ApiReservation,
} from '../../contract/index.ts';
import { type CustomerRow, toApiCustomer } from '../accounts/customer-row.ts';
import {
  type Registration,
  accountExists,
  customerCode,
  deleteCustomer,
  endSessions,
  findCustomer,
  findCustomerBy,
  insertCustomer,
  markVerified,
  setPasswordHash,
  updateCustomer,
} from '../accounts/customers.ts';
import { favouritesOf, replaceFavourites } from '../accounts/favourites.ts';
import { orderHistory, reservationHistory, reviewHistory } from '../accounts/history.ts';
import { resetMail, shopUrl, verificationMail } from '../accounts/mail.ts';
import { queueMail } from '../accounts/outbox.ts';
import { checkPassword, hashPassword } from '../accounts/passwords.ts';
import { postReview } from '../accounts/reviews.ts';
import { rotateSession, sessionCustomerId } from '../accounts/session-customer.ts';
import { deleteTokens, issueToken, tokenOwner } from '../accounts/tokens.ts';
import {
  normalizeEmail,
  normalizePhone,
  readCustomerInput,
  readPassword,
  requiredMessage,
} from '../accounts/validation.ts';
import { transaction } from '../db/database.ts';
import { readJsonObject } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError, FieldErrors, notFound, validationError } from '../http/errors.ts';
import { optionalIntParam } from '../http/params.ts';
import { type RateLimit, RequestLimiter, TOO_MANY_LOGINS } from '../http/rate-limit.ts';

/** 404 of every `customers/current/...` call (and the resend) when nobody is logged in. */
export const NOT_LOGGED_IN = 'Ingen bruker logget inn.';
/** 401 of login and registration on a session that is already logged in. */
export const ALREADY_LOGGED_IN = 'You are already logged in. Log out to log in as someone else.';
/** 401 of `PUT`/`DELETE customers/{id}` for another id than the logged-in customer's. */
export const OTHER_CUSTOMER = 'Another customer is logged in.';
/** 401 of `PUT`/`DELETE customers/{id}` when nobody is logged in. */
export const UNAUTHENTICATED = 'Unauthenticated.';
/** 423 when the e-mail address or phone number already has an account. */
export const ACCOUNT_EXISTS = 'An account with this email or phone number already exists.';
/** 422 of a login with a wrong password or an unknown account, in both cases the same. */
export const BAD_CREDENTIALS = 'These credentials do not match our records.';
/** 422 of a verification link that is unknown, used, replaced or past its 24 hours. */
export const INVALID_VERIFICATION = 'This verification link is invalid or has expired.';
/** 422 of `customers/email/resend` when the address is verified already. */
export const ALREADY_VERIFIED = 'The email address is already verified.';
/** 422 of a reset token that is unknown, used, replaced, past its 60 minutes or not the e-mail's. */
export const INVALID_RESET_TOKEN = 'This password reset token is invalid.';
/** Answer of `customers/password/email`, whether the address has an account or not. */
export const RESET_LINK_SENT =
  'Hvis e-postadressen har en konto hos oss, har vi sendt en lenke for å lage nytt passord.';
/** Answer of a password reset. */
export const PASSWORD_CHANGED = 'Passordet er endret. Du kan logge inn med det nye passordet.';
/** Answer of `customers/email/resend`. */
export const VERIFICATION_SENT = 'Vi har sendt en ny lenke for å bekrefte e-postadressen.';

/** Options of {@link customerRoutes}. */
export interface CustomerRoutesOptions {
  /** Failed logins allowed per account identifier and client address; null for no limit. */
  loginLimit: RateLimit | null;
}

function currentCustomer(c: Context<AppEnv>): CustomerRow | undefined {
  const id = sessionCustomerId(c);
  return id === null ? undefined : findCustomer(c.get('db'), id);
}

function requireCustomer(c: Context<AppEnv>): CustomerRow {
  const row = currentCustomer(c);
  if (row === undefined) throw new ApiHttpError(404, { message: NOT_LOGGED_IN });
  return row;
}

/** The logged-in customer when `{id}` is theirs; 401 for anyone else's id or no login. */
function ownAccount(c: Context<AppEnv>): CustomerRow {
  const row = currentCustomer(c);
  if (row === undefined) throw new ApiHttpError(401, { message: UNAUTHENTICATED });
  if (c.req.param('id') !== String(row.id)) {
    throw new ApiHttpError(401, { message: OTHER_CUSTOMER });
  }
  return row;
}

function refuseIfLoggedIn(c: Context<AppEnv>): void {
  if (sessionCustomerId(c) !== null) throw new ApiHttpError(401, { message: ALREADY_LOGGED_IN });
}

function accountClash(): ApiHttpError {
  return new ApiHttpError(423, { message: ACCOUNT_EXISTS });
}

/** Issues a verification token and queues its link to the customer's current address. */
function sendVerification(c: Context<AppEnv>, row: CustomerRow, now: Date): void {
  const db = c.get('db');
  const token = issueToken(db, row.id, 'verify', now);
  queueMail(
    db,
    verificationMail(row, token, shopUrl(c.req.query('tenant'), c.get('publicOrigin'))),
    now,
  );
}

function reload(c: Context<AppEnv>, id: number): CustomerRow {
  const row = findCustomer(c.get('db'), id);
  if (row === undefined) throw new ApiHttpError(404, { message: NOT_LOGGED_IN });
  return row;
}

function historyPage(c: Context<AppEnv>): number {
  return optionalIntParam(c.req.query('page'), 'page', 1, { max: 100_000 });
}

/**
 * The customer accounts of docs/spec.md §7 under /api/v1: registration, login (limited per
 * account and client), logout, the current customer with history, code, favourites and
 * reviews, account update and deletion, e-mail verification and password reset. Passwords
 * are Argon2id; login, logout, registration and reset give the browser a new session id.
 * contract/README.md lists every answer.
 */
export function customerRoutes({ loginLimit }: CustomerRoutesOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const limiter = loginLimit === null ? null : new RequestLimiter(loginLimit, TOO_MANY_LOGINS);

  routes.post('/customers/register', async (c) => {
    refuseIfLoggedIn(c);
    const db = c.get('db');
    const now = c.get('now')();
    // Register mode has refused every registration without the required fields.
    const input = readCustomerInput(db, await readJsonObject(c), 'register', now) as Registration;
    if (accountExists(db, input.email, input.phone)) throw accountClash();
    const hash = await hashPassword(input.password);
    const row = transaction(db, () => {
      // Another request may have taken the address while the hash was computed.
      if (accountExists(db, input.email, input.phone)) throw accountClash();
      const created = reload(c, insertCustomer(db, input, hash, now));
      sendVerification(c, created, now);
      return created;
    });
    rotateSession(c, row.id);
    return c.json<ApiCustomer>(toApiCustomer(row), 201);
  });

  async function login(c: Context<AppEnv>, type: 'email' | 'phone'): Promise<Response> {
    refuseIfLoggedIn(c);
    const body = await readJsonObject(c);
    const identifier = body[type];
    const password = body['password'];
    const errors = new FieldErrors();
    if (typeof identifier !== 'string' || identifier.trim() === '') {
      errors.add(type, requiredMessage(type));
    }
    if (typeof password !== 'string' || password === '') {
      errors.add('password', requiredMessage('password'));
    }
    errors.throwIfAny();
    const db = c.get('db');
    const normalized =
      type === 'email'
        ? normalizeEmail(identifier as string)
        : normalizePhone(identifier as string);
    const key = `${type}:${normalized} ${c.get('clientAddress')}`;
    await limiter?.consume(key);
    const row = findCustomerBy(db, type, normalized);
    const matches = await checkPassword(row?.password_hash ?? null, password as string);
    // Re-read: the account may have been deleted while the hash was checked.
    const customer = matches && row !== undefined ? findCustomer(db, row.id) : undefined;
    if (customer === undefined) {
      throw new ApiHttpError(422, {
        message: BAD_CREDENTIALS,
        errors: { [type]: [BAD_CREDENTIALS] },
      });
    }
    await limiter?.reset(key);
    rotateSession(c, customer.id);
    return c.json<ApiCustomer>(toApiCustomer(customer));
  }

  routes.post('/customers/login', (c) => login(c, 'email'));
  routes.post('/customers/login/:type', (c) => {
    const type = c.req.param('type');
    if (type !== 'email' && type !== 'phone') throw notFound('Login type');
    return login(c, type);
  });

  routes.post('/customers/logout', (c) => {
    rotateSession(c, null);
    return c.body(null, 204);
  });

  routes.get('/customers/current', (c) => {
    const row = currentCustomer(c);
    return row === undefined ? c.body(null, 204) : c.json<ApiCustomer>(toApiCustomer(row));
  });

  routes.get('/customers/current/code', (c) =>
    c.json<ApiCustomerCode>({ code: customerCode(requireCustomer(c)) }),
  );

  routes.get('/customers/current/reservations', (c) => {
    const row = requireCustomer(c);
    return c.json<ApiPaginated<ApiReservation>>(
      reservationHistory(c.get('db'), row.id, historyPage(c)),
    );
  });

  routes.get('/customers/current/orders', (c) => {
    const row = requireCustomer(c);
    return c.json<ApiPaginated<ApiOrderHistory>>(orderHistory(c.get('db'), row.id, historyPage(c)));
  });

  routes.get('/customers/current/reviews', (c) => {
    const row = requireCustomer(c);
    return c.json<ApiPaginated<ApiCustomerReview>>(
      reviewHistory(c.get('db'), row.id, historyPage(c)),
    );
  });

  routes.post('/customers/current/reviews', async (c) => {
    const row = requireCustomer(c);
    const body = await readJsonObject(c);
    return c.json<ApiCustomerReview>(postReview(c.get('db'), row, body, c.get('now')()), 201);
  });

  routes.get('/customers/current/favourites', (c) => {
    const row = requireCustomer(c);
    return c.json<ApiFavourites>({ ids: favouritesOf(c.get('db'), row.id) });
  });

  routes.put('/customers/current/favourites', async (c) => {
    const row = requireCustomer(c);
    const body = await readJsonObject(c);
    return c.json<ApiFavourites>({ ids: replaceFavourites(c.get('db'), row.id, body['ids']) });
  });

  routes.put('/customers/:id', async (c) => {
    const row = ownAccount(c);
    const db = c.get('db');
    const now = c.get('now')();
    const input = readCustomerInput(db, await readJsonObject(c), 'update', now);
    if (accountExists(db, input.email, input.phone, row.id)) throw accountClash();
    const hash = input.password === undefined ? null : await hashPassword(input.password);
    const updated = transaction(db, () => {
      if (accountExists(db, input.email, input.phone, row.id)) throw accountClash();
      const before = reload(c, row.id);
      updateCustomer(db, before, input, hash);
      // A new password ends the account's other sessions, e.g. on a lost phone.
      if (hash !== null) endSessions(db, row.id, c.get('sessionId'));
      const after = reload(c, row.id);
      if (after.email !== before.email) sendVerification(c, after, now);
      return after;
    });
    return c.json<ApiCustomer>(toApiCustomer(updated));
  });

  routes.delete('/customers/:id', (c) => {
    deleteCustomer(c.get('db'), ownAccount(c));
    rotateSession(c, null);
    return c.body(null, 204);
  });

  routes.get('/customers/email/resend', (c) => {
    const row = requireCustomer(c);
    if (row.email_verified_at !== null) {
      throw new ApiHttpError(422, { message: ALREADY_VERIFIED });
    }
    sendVerification(c, row, c.get('now')());
    return c.json<ApiMessage>({ message: VERIFICATION_SENT });
  });

  routes.post('/customers/email/verify', async (c) => {
    const body = await readJsonObject(c);
    const db = c.get('db');
    const now = c.get('now')();
    const owner = tokenOwner(db, body['token'], 'verify', now);
    if (owner === null || owner !== body['id']) {
      throw validationError({ token: [INVALID_VERIFICATION] });
    }
    transaction(db, () => {
      markVerified(db, owner, now);
      deleteTokens(db, owner, 'verify');
    });
    return c.json<ApiCustomer>(toApiCustomer(reload(c, owner)));
  });

  routes.post('/customers/password/email', async (c) => {
    const body = await readJsonObject(c);
    const email = typeof body['email'] === 'string' ? normalizeEmail(body['email']) : '';
    if (email === '') throw validationError({ email: [requiredMessage('email')] });
    const db = c.get('db');
    const now = c.get('now')();
    // The same answer for any address: whether it has an account is not for the asker to learn.
    const row = findCustomerBy(db, 'email', email);
    if (row !== undefined) {
      const token = issueToken(db, row.id, 'reset', now);
      queueMail(
        db,
        resetMail(row, token, shopUrl(c.req.query('tenant'), c.get('publicOrigin'))),
        now,
      );
    }
    return c.json<ApiMessage>({ message: RESET_LINK_SENT });
  });

  routes.post('/customers/password/reset', async (c) => {
    const body = await readJsonObject(c);
    const db = c.get('db');
    const now = c.get('now')();
    const errors = new FieldErrors();
    const email = typeof body['email'] === 'string' ? normalizeEmail(body['email']) : '';
    const owner = tokenOwner(db, body['token'], 'reset', now);
    const row = owner === null ? undefined : findCustomer(db, owner);
    const tokenOk = row !== undefined && row.email === email;
    if (!tokenOk) errors.add('token', INVALID_RESET_TOKEN);
    const password = readPassword(body, errors);
    if (!tokenOk || password === undefined) throw validationError(errors.errors);
    const hash = await hashPassword(password);
    transaction(db, () => {
      // The token is spent once: a second request with it, racing this one, finds it gone.
      if (tokenOwner(db, body['token'], 'reset', now) !== row.id) {
        throw validationError({ token: [INVALID_RESET_TOKEN] });
      }
      setPasswordHash(db, row.id, hash);
      deleteTokens(db, row.id, 'reset');
      endSessions(db, row.id, null);
    });
    rotateSession(c, null);
    return c.json<ApiMessage>({ message: PASSWORD_CHANGED });
  });

  return routes;
}
