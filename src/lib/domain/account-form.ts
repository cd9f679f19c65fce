/**
 * The account details form: what it edits of a customer, and which of its values are
 * changes worth sending (docs/spec.md §5: empty fields are left out of an update).
 */

import type { AccountChanges, Customer } from '../types.ts';

/** The text fields of the details form, as the shopper edits them. */
export interface AccountDraft {
  firstname: string;
  surname: string;
  email: string;
  phone: string;
  addr: string;
  postnr: string;
  city: string;
  password: string;
  passwordConfirmation: string;
}

/** The form's starting values: the customer's own, no new password. */
export function draftOf(customer: Customer): AccountDraft {
  return {
    firstname: customer.firstname,
    surname: customer.surname,
    email: customer.email,
    phone: customer.phone,
    addr: customer.address.addr ?? '',
    postnr: customer.address.postnr ?? '',
    city: customer.city ?? '',
    password: '',
    passwordConfirmation: '',
  };
}

/**
 * The values of `draft` that differ from `customer` and are not empty; null when nothing
 * changed. An address goes as a whole when a part of it changed.
 */
export function accountChanges(customer: Customer, draft: AccountDraft): AccountChanges | null {
  const before = draftOf(customer);
  const changed = (key: keyof AccountDraft) =>
    draft[key].trim() !== '' && draft[key].trim() !== before[key];
  const changes: AccountChanges = {
    ...(changed('firstname') ? { firstname: draft.firstname.trim() } : {}),
    ...(changed('surname') ? { surname: draft.surname.trim() } : {}),
    ...(changed('email') ? { email: draft.email.trim() } : {}),
    ...(changed('phone') ? { phone: draft.phone.trim() } : {}),
    ...(changed('addr') || changed('postnr')
      ? { address: { addr: draft.addr.trim(), postnr: draft.postnr.trim() } }
      : {}),
    ...(changed('city') ? { city: draft.city.trim() } : {}),
    ...(draft.password !== ''
      ? { password: draft.password, passwordConfirmation: draft.passwordConfirmation }
      : {}),
  };
  return Object.keys(changes).length > 0 ? changes : null;
}
