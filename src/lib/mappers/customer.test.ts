import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCustomer } from '../../../contract/index.ts';
import { toCustomer } from './customer.ts';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const wire: ApiCustomer = {
  id: 9,
  first_name: 'Kari',
  last_name: 'Nordmann',
  auth_id: 'abc',
  email: 'kari@example.no',
  phone: '91234567',
  birth_date: '1990-05-17',
  gender_id: 2,
  cookies: 1,
  permissions: [],
  terms_conditions: 1,
  email_verified: true,
  address: 'Storgata 1',
  postal_code: '0155',
  city: 'Oslo',
  preferences: [1, 2],
  club: 1,
  marketing: 0,
  newsletter: 1,
  event_invite: 0,
  birthday_gift: 1,
  cookie_default: 1,
  cookie_ga: 0,
  cookie_google_tag_manager: 0,
  cookie_meta_pixel: 1,
};

describe('toCustomer', () => {
  it('renames the snake_case wire fields to the SPEC names', () => {
    expect(toCustomer(wire)).toEqual({
      id: 9,
      firstname: 'Kari',
      surname: 'Nordmann',
      auth_id: 'abc',
      email: 'kari@example.no',
      phone: '91234567',
      birth_date: '1990-05-17',
      gender_id: 2,
      cookies: true,
      permissions: [],
      terms_conditions: true,
      verified: true,
      address: { addr: 'Storgata 1', postnr: '0155' },
      city: 'Oslo',
      preferences: [1, 2],
      club: true,
      marketing: false,
      newsletter: true,
      event_invite: false,
      birthday_gift: true,
      cookie_default: true,
      cookie_ga: false,
      cookie_google_tag_manager: false,
      cookie_meta_pixel: true,
    });
  });

  it.each([
    [{ email_verified: false }, { verified: false }],
    [{ address: null, postal_code: null }, { address: { addr: null, postnr: null } }],
    [{ gender_id: null }, { gender_id: null }],
  ])('%j -> %j', (overrides, expected) => {
    expect(toCustomer({ ...wire, ...overrides })).toMatchObject(expected);
  });

  it('skips a customer without an email', () => {
    expect(toCustomer({ ...wire, email: undefined } as unknown as ApiCustomer)).toBeNull();
  });
});
