/** Mapper for the customer: snake_case wire names to the names of SPEC 3. */

import type { ApiCustomer } from '../../../contract/index.ts';
import type { Customer } from '../types.ts';
import { flag, hasFields, isNumber, list, missingData } from './common.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
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
