import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCustomer, ApiCustomerReview, ApiFavourites } from '../../../contract/index.ts';
import {
  appFieldName,
  toAppFieldErrors,
  toCustomer,
  toCustomerReview,
  toCustomerUpdate,
  toFavouriteIds,
  toRegisterRequest,
  toReviewRequest,
} from './customer.ts';

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
  it('renames the snake_case wire fields to the the spec names', () => {
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

describe('toCustomerReview', () => {
  const review: ApiCustomerReview = {
    id: 4,
    content: 'God og varm',
    rating: 5,
    approved: 0,
    created_at: '2025-01-02T10:00:00Z',
    articleId: 77,
    articleName: 'Vinterjakke',
    true_to_size: 1,
    anonymous: 0,
  };

  it('renames the fields and turns flags into booleans', () => {
    expect(toCustomerReview(review)).toEqual({
      id: 4,
      articleId: 77,
      articleName: 'Vinterjakke',
      rating: 5,
      content: 'God og varm',
      createdAt: '2025-01-02T10:00:00Z',
      approved: false,
      trueToSize: true,
      anonymous: false,
    });
  });

  it('skips a review without an article id as Missing data', () => {
    // A wire answer is whatever JSON came; the parse is how a malformed one arrives.
    const bad: ApiCustomerReview = JSON.parse(JSON.stringify({ ...review, articleId: null }));
    expect(toCustomerReview(bad)).toBeNull();
    expect(console.warn).toHaveBeenCalledWith('Missing data', 'customer review 4', bad);
  });
});

describe('toCustomerUpdate', () => {
  it('renames to wire names and sends flags as 0/1', () => {
    expect(
      toCustomerUpdate({
        firstname: ' Kari ',
        surname: 'Nordmann',
        email: 'kari@example.no',
        phone: '91234567',
        birth_date: '1990-05-17',
        address: { addr: 'Storgata 1', postnr: '0155' },
        city: 'Oslo',
        marketing: true,
        newsletter: false,
        club: true,
        cookie_default: true,
        cookie_ga: false,
        cookie_google_tag_manager: true,
        cookie_meta_pixel: false,
        password: 'hemmelig1',
        passwordConfirmation: 'hemmelig1',
      }),
    ).toEqual({
      first_name: 'Kari',
      last_name: 'Nordmann',
      email: 'kari@example.no',
      phone: '91234567',
      birth_date: '1990-05-17',
      address: 'Storgata 1',
      postal_code: '0155',
      city: 'Oslo',
      marketing: 1,
      newsletter: 0,
      club: 1,
      cookie_default: 1,
      cookie_ga: 0,
      cookie_google_tag_manager: 1,
      cookie_meta_pixel: 0,
      password: 'hemmelig1',
      password_confirmation: 'hemmelig1',
    });
  });

  it('leaves out empty strings, blanks, null and undefined (docs/spec.md §5)', () => {
    expect(
      toCustomerUpdate({
        firstname: '',
        surname: '   ',
        email: undefined,
        birth_date: null,
        address: { addr: '', postnr: null },
        city: null,
        password: '',
        passwordConfirmation: '',
        phone: '41234567',
      }),
    ).toEqual({ phone: '41234567' });
    expect(toCustomerUpdate({})).toEqual({});
  });

  it('keeps a flag turned off', () => {
    expect(toCustomerUpdate({ newsletter: false })).toEqual({ newsletter: 0 });
  });
});

describe('toRegisterRequest', () => {
  it('sends terms_conditions as 1 and the names in wire form', () => {
    expect(
      toRegisterRequest({
        firstname: 'Kari ',
        surname: 'Nordmann',
        email: ' kari@example.no',
        phone: '+47 91234567',
        password: 'hemmelig1',
        passwordConfirmation: 'hemmelig1',
        termsAccepted: true,
        newsletter: true,
      }),
    ).toEqual({
      first_name: 'Kari',
      last_name: 'Nordmann',
      email: 'kari@example.no',
      phone: '+47 91234567',
      password: 'hemmelig1',
      password_confirmation: 'hemmelig1',
      terms_conditions: 1,
      newsletter: 1,
    });
  });
});

describe('toReviewRequest', () => {
  it('sends the choices as 0/1 flags', () => {
    expect(
      toReviewRequest({
        articleId: 7,
        rating: 4,
        content: 'Fin',
        trueToSize: false,
        anonymous: true,
      }),
    ).toEqual({ article_id: 7, rating: 4, content: 'Fin', true_to_size: 0, anonymous: 1 });
  });
});

describe('toFavouriteIds', () => {
  it('keeps positive whole ids once each, in order', () => {
    expect(toFavouriteIds({ ids: [3, 1, 3, -2, 0, 1.5, 9] })).toEqual([3, 1, 9]);
  });

  it('is Missing data without an ids list', () => {
    for (const raw of ['{}', 'null', '{"ids":"1,2"}']) {
      const wire: ApiFavourites = JSON.parse(raw);
      expect(toFavouriteIds(wire)).toBeNull();
    }
  });
});

describe('field names', () => {
  it("turns the server's field names into the app's", () => {
    expect(appFieldName('first_name')).toBe('firstname');
    expect(appFieldName('last_name')).toBe('surname');
    expect(appFieldName('postal_code')).toBe('postnr');
    expect(appFieldName('email')).toBe('email');
    expect(toAppFieldErrors({ first_name: 'a', password_confirmation: 'b', phone: 'c' })).toEqual({
      firstname: 'a',
      passwordConfirmation: 'b',
      phone: 'c',
    });
  });
});
