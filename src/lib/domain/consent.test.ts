import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customer } from '../../test-support/customer.ts';
import { accountConsentChanges, allUsedKinds, shownConsent } from './consent-choice.ts';
import {
  accountConsent,
  consentExpiry,
  decodeConsent,
  encodeConsent,
  isConsentCurrent,
  NECESSARY_ONLY,
  type ConsentChoice,
} from './consent.ts';

const at = new Date('2026-11-01T12:00:00Z');
const seconds = at.getTime() / 1000;
const choice = (analytics: boolean, tagManager: boolean, pixel: boolean): ConsentChoice => ({
  analytics,
  tagManager,
  pixel,
});

describe('encodeConsent and decodeConsent', () => {
  it.each([
    [choice(true, true, true), `true.atp.${seconds}`],
    [choice(false, false, false), `true.---.${seconds}`],
    [choice(true, false, true), `true.a-p.${seconds}`],
    [choice(false, true, false), `true.-t-.${seconds}`],
  ])('%o is written as %s and read back', (given, value) => {
    expect(encodeConsent(given, at)).toBe(value);
    expect(decodeConsent(value)).toEqual({ ...given, givenAt: at.getTime() });
  });

  it('reads back any choice at any second', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 4_000_000_000 }),
        (a, t, p, s) => {
          const given = choice(a, t, p);
          expect(decodeConsent(encodeConsent(given, new Date(s * 1000)))).toEqual({
            ...given,
            givenAt: s * 1000,
          });
        },
      ),
    );
  });

  it.each([
    null,
    '',
    'true',
    'false',
    'true.atp',
    'true.xyz.1767268800',
    'true.pta.1767268800',
    'true.atp.-1',
    'true.atp.12.5',
    'true.atp.1767268800;',
    ' true.atp.1767268800',
  ])('reads %j as no choice', (value) => {
    expect(decodeConsent(value)).toBeNull();
  });
});

describe('the one-year expiry', () => {
  const given = { ...NECESSARY_ONLY, givenAt: at.getTime() };

  it('ends a year to the second after the choice', () => {
    expect(consentExpiry(at.getTime()).toISOString()).toBe('2027-11-01T12:00:00.000Z');
  });

  it('holds until then and not after', () => {
    expect(isConsentCurrent(given, at)).toBe(true);
    expect(isConsentCurrent(given, new Date('2027-11-01T11:59:59Z'))).toBe(true);
    expect(isConsentCurrent(given, new Date('2027-11-01T12:00:00Z'))).toBe(false);
    expect(isConsentCurrent(given, new Date('2028-01-01T00:00:00Z'))).toBe(false);
  });

  it('counts a leap day as a day of the year', () => {
    expect(consentExpiry(Date.parse('2027-03-01T00:00:00Z')).toISOString()).toBe(
      '2028-03-01T00:00:00.000Z',
    );
    expect(consentExpiry(Date.parse('2028-02-29T08:00:00Z')).toISOString()).toBe(
      '2029-03-01T08:00:00.000Z',
    );
  });
});

describe('the account mapping', () => {
  it('reads no choice from an account without cookie_default', () => {
    expect(accountConsent(customer({ cookie_ga: true }))).toBeNull();
  });

  it("reads the account's fields as the choice", () => {
    expect(
      accountConsent(customer({ cookie_default: true, cookie_ga: true, cookie_meta_pixel: true })),
    ).toEqual(choice(true, false, true));
  });

  it('writes a choice as the account fields, marked as made', () => {
    expect(accountConsentChanges(choice(false, true, false))).toEqual({
      cookie_default: true,
      cookie_ga: false,
      cookie_google_tag_manager: true,
      cookie_meta_pixel: false,
    });
  });

  it('shows the browser choice first, then the account, then nothing allowed', () => {
    const kari = customer({ cookie_default: true, cookie_ga: true });
    expect(shownConsent(choice(false, false, true), kari)).toEqual(choice(false, false, true));
    expect(shownConsent(null, kari)).toEqual(choice(true, false, false));
    expect(shownConsent(null, customer())).toEqual(NECESSARY_ONLY);
  });
});

describe('the choices', () => {
  it("'Godta alle' allows every kind the brand uses, and no other", () => {
    expect(allUsedKinds({ analytics: 'G-A', tagManager: 'GTM-B', pixel: '1' })).toEqual(
      choice(true, true, true),
    );
    expect(allUsedKinds({ analytics: 'G-A', tagManager: null, pixel: null })).toEqual(
      choice(true, false, false),
    );
  });

  it("'Bare nødvendige' allows none", () => {
    expect(Object.values(NECESSARY_ONLY)).toEqual([false, false, false]);
  });
});
