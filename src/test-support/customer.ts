import type { Customer } from '../lib/types.ts';

/** A logged-in customer as the shop stores it, with `changes` applied. */
export function customer(changes: Partial<Customer> = {}): Customer {
  return {
    id: 4,
    firstname: 'Kari',
    surname: 'Nordmann',
    auth_id: 'a',
    email: 'kari@eksempel.no',
    phone: '91234567',
    birth_date: null,
    gender_id: null,
    cookies: false,
    permissions: [],
    terms_conditions: true,
    verified: true,
    address: { addr: 'Storgata 1', postnr: '0155' },
    city: 'Oslo',
    preferences: [],
    club: false,
    marketing: false,
    newsletter: false,
    event_invite: false,
    birthday_gift: false,
    cookie_default: false,
    cookie_ga: false,
    cookie_google_tag_manager: false,
    cookie_meta_pixel: false,
    ...changes,
  };
}
