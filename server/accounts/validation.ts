import { CUSTOMER_SETTING_FLAGS } from '../../contract/customer.ts';
import type { DatabaseSync } from 'node:sqlite';
import { EMAIL, PHONE, POSTAL_CODE } from '../checkout/pricing.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { FieldErrors } from '../http/errors.ts';
import type { FlagField } from './customer-row.ts';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';

/** Most preference ids an account keeps. */
export const MAX_PREFERENCES = 100;

/** `first_name` -> `first name`, as Laravel names a field in its messages. */
function label(field: string): string {
  return field.replaceAll('_', ' ');
}

/** `The first name field is required.` */
export function requiredMessage(field: string): string {
  return `The ${label(field)} field is required.`;
}

/** An e-mail address as stored: trimmed and lower-cased, so one address is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A docs/spec.md §5 phone number as stored: its 8 digits, without +47, 0047 or the space. */
export function normalizePhone(phone: string): string {
  return phone.trim().replace(/^(?:\+47|0047)? ?/u, '');
}

/**
 * Reads a new `password`: at least {@link MIN_PASSWORD_LENGTH} characters and equal to
 * `password_confirmation`; undefined, with the error recorded, otherwise.
 */
export function readPassword(
  body: Record<string, unknown>,
  errors: FieldErrors,
): string | undefined {
  const password = body['password'];
  if (password === undefined || password === null || password === '') {
    errors.add('password', requiredMessage('password'));
  } else if (typeof password !== 'string') {
    errors.add('password', 'The password field must be a string.');
  } else if (password.length < MIN_PASSWORD_LENGTH) {
    errors.add(
      'password',
      `The password field must be at least ${String(MIN_PASSWORD_LENGTH)} characters.`,
    );
  } else if (body['password_confirmation'] !== password) {
    errors.add('password', 'The password field confirmation does not match.');
  } else return password;
  return undefined;
}

/** The columns a registration or an update may set, validated and normalised. */
export interface CustomerInput {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  password?: string;
  birth_date?: string | null;
  gender_id?: number | null;
  address?: string | null;
  postal_code?: string | null;
  city?: string | null;
  terms_conditions?: 0 | 1;
  preferences?: number[];
  flags?: Partial<Record<FlagField, 0 | 1>>;
}

/** Whether fields are validated for `POST customers/register` or `PUT customers/{id}`. */
export type InputMode = 'register' | 'update';

const REQUIRED_TEXT = { first_name: 100, last_name: 100 } as const;
const OPTIONAL_TEXT = { address: 200, city: 100 } as const;

function flagValue(value: unknown): 0 | 1 | null {
  if (value === 1 || value === true || value === '1') return 1;
  if (value === 0 || value === false || value === '0') return 0;
  return null;
}

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(text)) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

// What readText gives for a field that was not text; its error is already recorded.
const INVALID = Symbol('invalid');

/**
 * Reads one text field: undefined when absent, null when sent as null, the trimmed text, or
 * {@link INVALID}.
 */
function readText(
  body: Record<string, unknown>,
  field: string,
  errors: FieldErrors,
): string | null | undefined | typeof INVALID {
  const value = body[field];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string') {
    errors.add(field, `The ${label(field)} field must be a string.`);
    return INVALID;
  }
  return value.trim();
}

/**
 * Validates the account fields of a registration (required fields must be there,
 * `terms_conditions` must be 1) or of an update (only the fields sent are read; a nullable
 * field sent as null or '' is cleared). Unknown fields are ignored, as Laravel's validated()
 * ignores them. The password is read, not hashed.
 * @throws ApiHttpError 422 with a message per offending field.
 */
export function readCustomerInput(
  db: DatabaseSync,
  body: Record<string, unknown>,
  mode: InputMode,
  now: Date,
): CustomerInput {
  const errors = new FieldErrors();
  const input: CustomerInput = {};
  // Whether a required field holds a value; records 'required' when a registration lacks it
  // or an update empties it.
  const requireIfRegister = (field: string, value: unknown): boolean => {
    if (value === INVALID) return false;
    if (value !== undefined && value !== null && value !== '') return true;
    if (mode === 'register' || value !== undefined) errors.add(field, requiredMessage(field));
    return false;
  };

  for (const [field, max] of Object.entries(REQUIRED_TEXT)) {
    const value = readText(body, field, errors);
    if (!requireIfRegister(field, value)) continue;
    if ((value as string).length > max) {
      errors.add(
        field,
        `The ${label(field)} field must not be greater than ${String(max)} characters.`,
      );
    } else input[field as keyof typeof REQUIRED_TEXT] = value as string;
  }

  const email = readText(body, 'email', errors);
  if (requireIfRegister('email', email)) {
    const normalized = normalizeEmail(email as string);
    if (normalized.length > 254 || !EMAIL.test(normalized)) {
      errors.add('email', 'The email field must be a valid email address.');
    } else input.email = normalized;
  }

  const phone = readText(body, 'phone', errors);
  if (requireIfRegister('phone', phone)) {
    if (PHONE.test(phone as string)) input.phone = normalizePhone(phone as string);
    else errors.add('phone', 'The phone field format is invalid.');
  }

  if (mode === 'register' || body['password'] !== undefined) {
    const password = readPassword(body, errors);
    if (password !== undefined) input.password = password;
  }

  const terms = body['terms_conditions'];
  if (mode === 'register') {
    if (flagValue(terms) === 1) input.terms_conditions = 1;
    else errors.add('terms_conditions', 'The terms conditions field must be accepted.');
  } else if (terms !== undefined) {
    const value = flagValue(terms);
    if (value === null)
      errors.add('terms_conditions', 'The terms conditions field must be true or false.');
    else input.terms_conditions = value;
  }

  for (const [field, max] of Object.entries(OPTIONAL_TEXT)) {
    const value = readText(body, field, errors);
    if (value === undefined || value === INVALID) continue;
    if (value !== null && value.length > max) {
      errors.add(
        field,
        `The ${label(field)} field must not be greater than ${String(max)} characters.`,
      );
    } else input[field as keyof typeof OPTIONAL_TEXT] = value === '' ? null : value;
  }

  const postalCode = readText(body, 'postal_code', errors);
  if (postalCode !== undefined && postalCode !== INVALID) {
    if (postalCode === null || postalCode === '') input.postal_code = null;
    else if (POSTAL_CODE.test(postalCode)) input.postal_code = postalCode;
    else errors.add('postal_code', 'The postal code field format is invalid.');
  }

  const birthDate = readText(body, 'birth_date', errors);
  if (birthDate !== undefined && birthDate !== INVALID) {
    if (birthDate === null || birthDate === '') input.birth_date = null;
    else if (!isDate(birthDate))
      errors.add('birth_date', 'The birth date field must be a valid date.');
    else if (birthDate >= now.toISOString().slice(0, 10)) {
      errors.add('birth_date', 'The birth date field must be a date before today.');
    } else input.birth_date = birthDate;
  }

  const genderId = body['gender_id'];
  if (genderId === null || genderId === '') input.gender_id = null;
  else if (genderId !== undefined) {
    const known =
      Number.isSafeInteger(genderId) &&
      cachedStatement(db, 'SELECT 1 FROM genders WHERE id = ?').get(genderId as number) !==
        undefined;
    if (known) input.gender_id = genderId as number;
    else errors.add('gender_id', 'The selected gender id is invalid.');
  }

  const preferences = body['preferences'];
  if (preferences !== undefined) {
    if (
      !Array.isArray(preferences) ||
      !preferences.every((p) => Number.isSafeInteger(p) && p > 0)
    ) {
      errors.add('preferences', 'The preferences field must be an array of positive integers.');
    } else if (preferences.length > MAX_PREFERENCES) {
      errors.add(
        'preferences',
        `The preferences field must not have more than ${String(MAX_PREFERENCES)} items.`,
      );
    } else input.preferences = [...new Set(preferences as number[])];
  }

  for (const field of CUSTOMER_SETTING_FLAGS) {
    const value = body[field];
    if (value === undefined) continue;
    const parsed = flagValue(value);
    if (parsed === null) errors.add(field, `The ${label(field)} field must be true or false.`);
    else (input.flags ??= {})[field] = parsed;
  }

  errors.throwIfAny();
  return input;
}
