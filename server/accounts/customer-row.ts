import { CUSTOMER_SETTING_FLAGS } from '../../contract/customer.ts';
import type { ApiCustomer, ApiFlag } from '../../contract/index.ts';
import { toApiFlag } from '../serialize/flag.ts';

/** One of an account's yes/no settings, kept together in `customers.flags` (JSON). */
export type FlagField = (typeof CUSTOMER_SETTING_FLAGS)[number];

/** A row of `customers`. */
export interface CustomerRow {
  id: number;
  auth_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password_hash: string;
  birth_date: string | null;
  gender_id: number | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  email_verified_at: string | null;
  terms_conditions: number;
  flags: string;
  preferences: string;
  created_at: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The stored flags, every one present (0 when never set). */
export function flagsOf(row: Pick<CustomerRow, 'flags'>): Record<FlagField, ApiFlag> {
  const stored = parseJson(row.flags);
  const object = typeof stored === 'object' && stored !== null ? stored : {};
  return Object.fromEntries(
    CUSTOMER_SETTING_FLAGS.map((field) => [
      field,
      toApiFlag((object as Record<string, unknown>)[field]),
    ]),
  ) as Record<FlagField, ApiFlag>;
}

/** A customer on the wire: never the password hash; `permissions` is always empty here. */
export function toApiCustomer(row: CustomerRow): ApiCustomer {
  const preferences = parseJson(row.preferences);
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    auth_id: row.auth_id,
    email: row.email,
    phone: row.phone,
    birth_date: row.birth_date,
    gender_id: row.gender_id,
    terms_conditions: toApiFlag(row.terms_conditions),
    email_verified: row.email_verified_at !== null,
    address: row.address,
    postal_code: row.postal_code,
    city: row.city,
    preferences: Array.isArray(preferences)
      ? preferences.filter((p): p is number => Number.isSafeInteger(p))
      : [],
    permissions: [],
    ...flagsOf(row),
  };
}
