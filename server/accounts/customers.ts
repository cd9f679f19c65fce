import { createHash, randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db/database.ts';
import { cachedStatement } from '../db/statement-cache.ts';
import { type CustomerRow, flagsOf } from './customer-row.ts';
import { deleteTokens } from './tokens.ts';
import type { CustomerInput } from './validation.ts';

/** A customer by id, or undefined. */
export function findCustomer(db: DatabaseSync, id: number): CustomerRow | undefined {
  return cachedStatement(db, 'SELECT * FROM customers WHERE id = ?').get(id) as
    CustomerRow | undefined;
}

/** A customer by a normalised e-mail address or phone number, or undefined. */
export function findCustomerBy(
  db: DatabaseSync,
  field: 'email' | 'phone',
  value: string,
): CustomerRow | undefined {
  return cachedStatement(db, `SELECT * FROM customers WHERE ${field} = ?`).get(value) as
    CustomerRow | undefined;
}

/** Whether another account than `exceptId` has the e-mail address or the phone number. */
export function accountExists(
  db: DatabaseSync,
  email: string | undefined,
  phone: string | undefined,
  exceptId = 0,
): boolean {
  return (
    cachedStatement(
      db,
      'SELECT 1 FROM customers WHERE (email = ? OR phone = ?) AND id != ? LIMIT 1',
    ).get(email ?? null, phone ?? null, exceptId) !== undefined
  );
}

/** Fields of a registration, validated (readCustomerInput in register mode). */
export type Registration = Required<
  Pick<
    CustomerInput,
    'first_name' | 'last_name' | 'email' | 'phone' | 'password' | 'terms_conditions'
  >
> &
  CustomerInput;

/** Stores a new, unverified account with a random `auth_id`; returns its id. */
export function insertCustomer(
  db: DatabaseSync,
  input: Registration,
  passwordHash: string,
  now: Date,
): number {
  const { lastInsertRowid } = cachedStatement(
    db,
    `INSERT INTO customers (auth_id, first_name, last_name, email, phone, password_hash,
       birth_date, gender_id, address, postal_code, city, terms_conditions, flags, preferences,
       created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    randomUUID(),
    input.first_name,
    input.last_name,
    input.email,
    input.phone,
    passwordHash,
    input.birth_date ?? null,
    input.gender_id ?? null,
    input.address ?? null,
    input.postal_code ?? null,
    input.city ?? null,
    input.terms_conditions,
    // Flags never sent read as 0 (flagsOf).
    JSON.stringify(input.flags ?? {}),
    JSON.stringify(input.preferences ?? []),
    now.toISOString(),
  );
  return Number(lastInsertRowid);
}

// The columns an update may write, as named in CustomerInput (flags and preferences are JSON).
const PLAIN_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'birth_date',
  'gender_id',
  'address',
  'postal_code',
  'city',
  'terms_conditions',
] as const;

/**
 * Writes the fields of `input` that were sent (the password as `passwordHash`). A new e-mail
 * address is unverified until its new link is opened.
 */
export function updateCustomer(
  db: DatabaseSync,
  row: CustomerRow,
  input: CustomerInput,
  passwordHash: string | null,
): void {
  const sets: string[] = [];
  const values: Array<string | number | null> = [];
  for (const column of PLAIN_COLUMNS) {
    const value = input[column];
    if (value === undefined) continue;
    sets.push(`${column} = ?`);
    values.push(value);
  }
  if (input.email !== undefined && input.email !== row.email) sets.push('email_verified_at = NULL');
  if (input.flags !== undefined) {
    sets.push('flags = ?');
    values.push(JSON.stringify({ ...flagsOf(row), ...input.flags }));
  }
  if (input.preferences !== undefined) {
    sets.push('preferences = ?');
    values.push(JSON.stringify(input.preferences));
  }
  if (passwordHash !== null) {
    sets.push('password_hash = ?');
    values.push(passwordHash);
  }
  if (sets.length === 0) return;
  db.prepare(`UPDATE customers SET ${sets.join(', ')} WHERE id = ?`).run(...values, row.id);
}

/** Sets a new password hash. */
export function setPasswordHash(db: DatabaseSync, customerId: number, passwordHash: string): void {
  cachedStatement(db, 'UPDATE customers SET password_hash = ? WHERE id = ?').run(
    passwordHash,
    customerId,
  );
}

/** Marks the customer's current e-mail address verified. */
export function markVerified(db: DatabaseSync, customerId: number, now: Date): void {
  cachedStatement(db, 'UPDATE customers SET email_verified_at = ? WHERE id = ?').run(
    now.toISOString(),
    customerId,
  );
}

/** Ends every session of a customer except `keepSessionId`. */
export function endSessions(
  db: DatabaseSync,
  customerId: number,
  keepSessionId: string | null,
): void {
  cachedStatement(db, 'DELETE FROM sessions WHERE customer_id = ? AND id IS NOT ?').run(
    customerId,
    keepSessionId,
  );
}

/**
 * The text of the customer's QR code at the till: derived from the random `auth_id`, so it
 * is stable for the account, cannot be guessed from the customer id, and reveals nothing.
 */
export function customerCode(row: Pick<CustomerRow, 'auth_id'>): string {
  const digest = createHash('sha256').update(`customer-code:${row.auth_id}`).digest('hex');
  return `K${digest.slice(0, 15).toUpperCase()}`;
}

/**
 * Deletes an account and its personal data, in one transaction: its sessions (and the
 * idempotent answers kept for them, which may hold a reservation with its address), tokens,
 * favourites and the mails sent to it or to its reservations' addresses go; its reservations and orders stay for the shop's
 * books with no customer and the name, e-mail, phone and address blanked; its reviews stay,
 * anonymous and without a name.
 */
export function deleteCustomer(db: DatabaseSync, row: CustomerRow): void {
  transaction(db, () => {
    const id = row.id;
    db.prepare(
      `DELETE FROM idempotency_keys WHERE substr(scope, 1, instr(scope, ' ') - 1) IN
         (SELECT id FROM sessions WHERE customer_id = ?)`,
    ).run(id);
    db.prepare('DELETE FROM sessions WHERE customer_id = ?').run(id);
    deleteTokens(db, id);
    db.prepare('DELETE FROM favourites WHERE customer_id = ?').run(id);
    db.prepare(
      `DELETE FROM outbox WHERE "to" = ?1 COLLATE NOCASE
         OR "to" IN (SELECT email FROM reservations WHERE customer_id = ?2)`,
    ).run(row.email, id);
    db.prepare(
      `UPDATE reservations SET customer_id = NULL, name = '', email = '', phone = '',
         address = '', zipcode = '', city = '' WHERE customer_id = ?`,
    ).run(id);
    db.prepare('UPDATE orders SET customer_id = NULL WHERE customer_id = ?').run(id);
    db.prepare(
      'UPDATE reviews SET customer_id = NULL, customer_name = NULL, anonymous = 1 WHERE customer_id = ?',
    ).run(id);
    db.prepare('DELETE FROM customers WHERE id = ?').run(id);
  });
}
