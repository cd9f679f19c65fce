/**
 * Mappers for the customer and their account: snake_case wire names to the names of docs/spec.md §3,
 * and back for what the shop sends.
 */

import type {
  ApiCustomer,
  ApiCustomerReview,
  ApiCustomerUpdate,
  ApiFavourites,
  ApiFlag,
  ApiRegisterRequest,
  ApiReviewRequest,
} from '../../../contract/index.ts';
import type {
  AccountChanges,
  Customer,
  CustomerReview,
  RegisterInput,
  ReviewInput,
} from '../types.ts';
import { isNumber, isRecord } from '../../../contract/guards.ts';
import { flag, hasFields, list, missingData, text } from './common.ts';

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Maps a customer; needs id and email. Renames first_name -> firstname,
 * last_name -> surname, email_verified -> verified, address -> address.addr,
 * postal_code -> address.postnr; 0/1 flags become booleans.
 */
export function toCustomer(wire: ApiCustomer): Customer | null {
  if (!hasFields(wire, ['id'], ['email'])) return missingData('customer', wire);
  return {
    id: wire.id,
    firstname: text(wire.first_name),
    surname: text(wire.last_name),
    auth_id: text(wire.auth_id),
    email: wire.email,
    phone: text(wire.phone),
    birth_date: textOrNull(wire.birth_date),
    gender_id: isNumber(wire.gender_id) ? wire.gender_id : null,
    cookies: flag(wire.cookies),
    permissions: list(wire.permissions),
    terms_conditions: flag(wire.terms_conditions),
    verified: wire.email_verified === true,
    address: { addr: textOrNull(wire.address), postnr: textOrNull(wire.postal_code) },
    city: textOrNull(wire.city),
    preferences: list(wire.preferences),
    club: flag(wire.club),
    marketing: flag(wire.marketing),
    newsletter: flag(wire.newsletter),
    event_invite: flag(wire.event_invite),
    birthday_gift: flag(wire.birthday_gift),
    cookie_default: flag(wire.cookie_default),
    cookie_ga: flag(wire.cookie_ga),
    cookie_google_tag_manager: flag(wire.cookie_google_tag_manager),
    cookie_meta_pixel: flag(wire.cookie_meta_pixel),
  };
}

/** Maps a review of the customer's history; needs id, articleId and rating. */
export function toCustomerReview(wire: ApiCustomerReview): CustomerReview | null {
  if (!hasFields(wire, ['id', 'articleId', 'rating'])) return missingData('customer review', wire);
  return {
    id: wire.id,
    articleId: wire.articleId,
    articleName: text(wire.articleName),
    rating: wire.rating,
    content: text(wire.content),
    createdAt: text(wire.created_at),
    approved: flag(wire.approved),
    trueToSize: flag(wire.true_to_size),
    anonymous: flag(wire.anonymous),
  };
}

const toFlag = (value: boolean): ApiFlag => (value ? 1 : 0);

/** A text worth sending: trimmed, or undefined when it is empty, null or missing. */
function filled(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function setIf<K extends keyof ApiCustomerUpdate>(
  update: ApiCustomerUpdate,
  key: K,
  value: ApiCustomerUpdate[K] | undefined,
): void {
  if (value !== undefined) update[key] = value;
}

/**
 * The body of an account update in wire names. Empty strings, null and undefined are left
 * out (docs/spec.md §5), so a blank form field never wipes what the account holds; texts are sent
 * trimmed, passwords as typed.
 */
export function toCustomerUpdate(changes: AccountChanges): ApiCustomerUpdate {
  const update: ApiCustomerUpdate = {};
  setIf(update, 'first_name', filled(changes.firstname));
  setIf(update, 'last_name', filled(changes.surname));
  setIf(update, 'email', filled(changes.email));
  setIf(update, 'phone', filled(changes.phone));
  setIf(update, 'birth_date', filled(changes.birth_date));
  setIf(update, 'address', filled(changes.address?.addr));
  setIf(update, 'postal_code', filled(changes.address?.postnr));
  setIf(update, 'city', filled(changes.city));
  for (const key of [
    'marketing',
    'newsletter',
    'club',
    'cookie_default',
    'cookie_ga',
    'cookie_google_tag_manager',
    'cookie_meta_pixel',
  ] as const) {
    const value = changes[key];
    if (value !== undefined) update[key] = toFlag(value);
  }
  if (changes.password) update.password = changes.password;
  if (changes.passwordConfirmation) update.password_confirmation = changes.passwordConfirmation;
  return update;
}

/**
 * The body of a registration. Only an input whose terms are accepted can be sent, as the
 * server needs `terms_conditions` 1 (docs/spec.md §5); the optional choices go as 0/1 flags.
 */
export function toRegisterRequest(
  input: RegisterInput & { termsAccepted: true },
): ApiRegisterRequest {
  return {
    first_name: input.firstname.trim(),
    last_name: input.surname.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    password: input.password,
    password_confirmation: input.passwordConfirmation,
    terms_conditions: 1,
    ...(input.marketing === undefined ? {} : { marketing: toFlag(input.marketing) }),
    ...(input.newsletter === undefined ? {} : { newsletter: toFlag(input.newsletter) }),
  };
}

/** The body of a new review; the two choices go as 0/1 flags. */
export function toReviewRequest(input: ReviewInput): ApiReviewRequest {
  return {
    article_id: input.articleId,
    rating: input.rating,
    content: input.content,
    true_to_size: toFlag(input.trueToSize),
    anonymous: toFlag(input.anonymous),
  };
}

/**
 * The favourite article ids of an answer: positive whole numbers, each once, in order.
 * Null (logged as 'Missing data') when the answer has no `ids` list.
 */
export function toFavouriteIds(wire: ApiFavourites): number[] | null {
  if (!isRecord(wire) || !Array.isArray(wire.ids)) return missingData('favourites', wire);
  const ids = list(wire.ids).filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

// Wire field names that differ from the app's; the address parts are named as the account
// form names them.
const APP_FIELD_NAMES: Readonly<Record<string, string>> = {
  first_name: 'firstname',
  last_name: 'surname',
  address: 'addr',
  postal_code: 'postnr',
  password_confirmation: 'passwordConfirmation',
  terms_conditions: 'termsAccepted',
  email_verified: 'verified',
  article_id: 'articleId',
  true_to_size: 'trueToSize',
};

/**
 * The app's name of a field the server named in its errors (`first_name` -> `firstname`,
 * `address` -> `addr`, `postal_code` -> `postnr`, `password_confirmation` ->
 * `passwordConfirmation`, `terms_conditions` -> `termsAccepted`); other names are the same.
 */
export function appFieldName(wireField: string): string {
  return APP_FIELD_NAMES[wireField] ?? wireField;
}

/** `errors` keyed by the app's field names ({@link appFieldName}). */
export function toAppFieldErrors<T>(errors: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, value]) => [appFieldName(field), value]),
  );
}
