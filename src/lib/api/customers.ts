/**
 * The customer's account (docs/spec.md §7, `customers/*`): session, registration, updates, e-mail
 * verification, password reset, the customer code, favourites and reviews (the history's
 * pages are in customer-history.ts). The client comes last
 * (default client); answers are app shapes. Failures throw {@link ApiRequestError}: 422
 * carries field errors in wire names, 401 means another or no user, 404 (history, code,
 * favourites) nobody logged in.
 */

import type {
  ApiCustomer,
  ApiCustomerCode,
  ApiCustomerReview,
  ApiFavourites,
  ApiLoginRequest,
  ApiMessage,
  ApiPasswordEmailRequest,
  ApiPasswordResetRequest,
  ApiVerifyEmailRequest,
} from '../../../contract/index.ts';
import { isValidPhone } from '../domain/validation.ts';
import {
  toCustomer,
  toCustomerReview,
  toCustomerUpdate,
  toFavouriteIds,
  toRegisterRequest,
  toReviewRequest,
} from '../mappers/customer.ts';
import type {
  AccountChanges,
  Customer,
  CustomerReview,
  PasswordResetInput,
  RegisterInput,
  ReviewInput,
} from '../types.ts';
import { ApiRequestError, defaultClient, unreadableAnswer, type ApiClient } from './client.ts';

function customerOf(wire: ApiCustomer): Customer {
  const customer = toCustomer(wire);
  if (!customer) throw unreadableAnswer('a customer');
  return customer;
}

function messageOf(wire: ApiMessage | undefined): string {
  return typeof wire?.message === 'string' ? wire.message : '';
}

/** How a login names the account: `customers/login/{type}` and the body field it sends. */
export type LoginType = 'email' | 'phone';

/** `phone` when the identifier passes docs/spec.md §5's phone rule, else `email`. */
export function loginType(identifier: string): LoginType {
  return isValidPhone(identifier.trim()) ? 'phone' : 'email';
}

/** Logs in with an e-mail address or a mobile number; answers the logged-in customer. */
export async function login(
  identifier: string,
  password: string,
  client: ApiClient = defaultClient(),
): Promise<Customer> {
  const type = loginType(identifier);
  const body: ApiLoginRequest = { [type]: identifier.trim(), password };
  return customerOf(await client.post<ApiCustomer>(`customers/login/${type}`, { ...body }));
}

/**
 * Registers and logs in. An input whose terms are not accepted is refused here with the
 * 422 the server would give (`errors.terms_conditions`), as the request must carry 1.
 */
export async function register(
  input: RegisterInput,
  client: ApiClient = defaultClient(),
): Promise<Customer> {
  if (!input.termsAccepted) {
    throw new ApiRequestError(422, 'The terms must be accepted.', {
      terms_conditions: ['The terms must be accepted.'],
    });
  }
  const body = toRegisterRequest({ ...input, termsAccepted: true });
  return customerOf(await client.post<ApiCustomer>('customers/register', { ...body }));
}

/** Ends the session. */
export async function logout(client: ApiClient = defaultClient()): Promise<void> {
  await client.post<undefined>('customers/logout');
}

/**
 * The logged-in customer, or null when nobody is: 204, 401 and 404 all mean that (docs/spec.md §4:
 * 204 is treated as 404).
 */
export async function currentCustomer(
  client: ApiClient = defaultClient(),
): Promise<Customer | null> {
  try {
    const wire = await client.get<ApiCustomer | undefined>('customers/current');
    return wire === undefined ? null : customerOf(wire);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 404)) {
      return null;
    }
    throw error;
  }
}

/** The text the customer's QR code encodes. */
export async function customerCode(client: ApiClient = defaultClient()): Promise<string> {
  const wire = await client.get<ApiCustomerCode>('customers/current/code');
  if (typeof wire?.code !== 'string' || wire.code === '') throw unreadableAnswer('a customer code');
  return wire.code;
}

/** Sends the changed, non-empty fields of customer `id` (docs/spec.md §5); answers the customer. */
export async function updateCustomer(
  id: number,
  changes: AccountChanges,
  client: ApiClient = defaultClient(),
): Promise<Customer> {
  return customerOf(await client.put<ApiCustomer>(`customers/${id}`, toCustomerUpdate(changes)));
}

/** Deletes customer `id`. */
export async function deleteCustomer(
  id: number,
  client: ApiClient = defaultClient(),
): Promise<void> {
  await client.delete<undefined>(`customers/${id}`);
}

/** Sends the verification e-mail again; answers the server's confirmation. */
export async function resendVerification(client: ApiClient = defaultClient()): Promise<string> {
  return messageOf(await client.get<ApiMessage>('customers/email/resend'));
}

/** Confirms the e-mail address from the verification link; answers the customer. */
export async function verifyEmail(
  id: number,
  token: string,
  client: ApiClient = defaultClient(),
): Promise<Customer> {
  const body: ApiVerifyEmailRequest = { id, token };
  return customerOf(await client.post<ApiCustomer>('customers/email/verify', { ...body }));
}

/**
 * Asks for a password reset link; answers the server's message, which is the same whether
 * the address has an account or not.
 */
export async function requestPasswordReset(
  email: string,
  client: ApiClient = defaultClient(),
): Promise<string> {
  const body: ApiPasswordEmailRequest = { email: email.trim() };
  return messageOf(await client.post<ApiMessage>('customers/password/email', { ...body }));
}

/** Sets a new password with the token of a reset link; answers the server's message. */
export async function resetPassword(
  input: PasswordResetInput,
  client: ApiClient = defaultClient(),
): Promise<string> {
  const body: ApiPasswordResetRequest = {
    token: input.token,
    email: input.email.trim(),
    password: input.password,
    password_confirmation: input.passwordConfirmation,
  };
  return messageOf(await client.post<ApiMessage>('customers/password/reset', { ...body }));
}

function favouritesOf(wire: ApiFavourites): number[] {
  const ids = toFavouriteIds(wire);
  if (!ids) throw unreadableAnswer('favourites');
  return ids;
}

/** The logged-in customer's favourite article ids. */
export async function getFavourites(client: ApiClient = defaultClient()): Promise<number[]> {
  return favouritesOf(await client.get<ApiFavourites>('customers/current/favourites'));
}

/** Replaces the logged-in customer's favourites; answers the set the server keeps. */
export async function saveFavourites(
  ids: readonly number[],
  client: ApiClient = defaultClient(),
): Promise<number[]> {
  const body: ApiFavourites = { ids: [...ids] };
  return favouritesOf(await client.put<ApiFavourites>('customers/current/favourites', { ...body }));
}

/** Posts a review of an article the customer bought; it waits for approval. */
export async function postReview(
  input: ReviewInput,
  client: ApiClient = defaultClient(),
): Promise<CustomerReview> {
  const wire = await client.post<ApiCustomerReview>('customers/current/reviews', {
    ...toReviewRequest(input),
  });
  const review = toCustomerReview(wire);
  if (!review) throw unreadableAnswer('a review');
  return review;
}
