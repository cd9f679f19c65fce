import type { ApiFlag } from './common.ts';

/**
 * The yes/no settings of an account (docs/spec.md §3 Customer), named alike on the wire and in the
 * shop: the server stores and answers them, the shop reads them back from storage.
 */
export const CUSTOMER_SETTING_FLAGS = [
  'cookies',
  'club',
  'marketing',
  'newsletter',
  'event_invite',
  'birthday_gift',
  'cookie_default',
  'cookie_ga',
  'cookie_google_tag_manager',
  'cookie_meta_pixel',
] as const;

/** A customer on the wire (snake_case). Never carries the password back. */
export interface ApiCustomer {
  id: number;
  first_name: string;
  last_name: string;
  auth_id: string;
  email: string;
  phone: string;
  birth_date: string | null;
  gender_id: number | null;
  cookies: ApiFlag;
  permissions: string[];
  terms_conditions: ApiFlag;
  email_verified: boolean;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  preferences: number[];
  club: ApiFlag;
  marketing: ApiFlag;
  newsletter: ApiFlag;
  event_invite: ApiFlag;
  birthday_gift: ApiFlag;
  cookie_default: ApiFlag;
  cookie_ga: ApiFlag;
  cookie_google_tag_manager: ApiFlag;
  cookie_meta_pixel: ApiFlag;
}

/** Body of `POST customers/login[/{type}]`; `type` is `email` (default) or `phone`. */
export interface ApiLoginRequest {
  email?: string;
  phone?: string;
  password: string;
  /** Accepted and ignored by the reference backend: every session lives 120 idle minutes. */
  remember?: boolean;
}

/** Body of `POST customers/register`. `terms_conditions` must be 1. */
export interface ApiRegisterRequest {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  terms_conditions: 1;
  birth_date?: string;
  gender_id?: number;
  address?: string;
  postal_code?: string;
  city?: string;
  club?: ApiFlag;
  marketing?: ApiFlag;
  newsletter?: ApiFlag;
}

/** Body of `PUT customers/{id}`: only the changed, non-empty fields. */
export type ApiCustomerUpdate = Partial<
  Omit<ApiCustomer, 'id' | 'auth_id' | 'email_verified' | 'permissions'>
> & { password?: string; password_confirmation?: string };

/** Answer of `GET customers/current/code`: the text the customer's QR code encodes. */
export interface ApiCustomerCode {
  code: string;
}

/** Body of `POST customers/password/email`. */
export interface ApiPasswordEmailRequest {
  email: string;
}

/** Body of `POST customers/password/reset`. */
export interface ApiPasswordResetRequest {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/**
 * A customer's review in history: the review plus the article it is about. `approved` is 0
 * while it waits for approval (the shop shows it as pending).
 */
export interface ApiCustomerReview {
  id: number;
  content: string;
  rating: number;
  approved: ApiFlag;
  created_at: string;
  articleId: number;
  articleName: string;
  /** 1 when the customer found the fit as expected; 0 says nothing about the fit. */
  true_to_size: ApiFlag;
  anonymous: ApiFlag;
}

/**
 * Body of `POST customers/current/reviews`: a review of an article the logged-in customer
 * bought (an order or reservation line of theirs holds one of its variants). Answers 201
 * {@link ApiCustomerReview} with `approved` 0; 422 when the article was not bought by them
 * or a field is invalid (rating 1 to 5, content 1 to 2,000 characters).
 */
export interface ApiReviewRequest {
  article_id: number;
  rating: number;
  content: string;
  /** 1: the fit was as expected (0 when left out). */
  true_to_size: ApiFlag;
  /** 1: shown without the customer's name (0 when left out). */
  anonymous: ApiFlag;
}

/** Body of `POST customers/email/verify`: the id and token of the verification link. */
export interface ApiVerifyEmailRequest {
  id: number;
  token: string;
}

/** Body and answer of `PUT customers/current/favourites`, answer of its GET: article ids. */
export interface ApiFavourites {
  ids: number[];
}

/** A plain confirmation (`{message}`) of the calls that answer nothing else. */
export interface ApiMessage {
  message: string;
}
