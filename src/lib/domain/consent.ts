/**
 * Cookie consent (docs/spec.md §3 Persistence, 4 Navigation, 9): the optional kinds a shopper may
 * allow, how the choice is written in the `cookiesAccepted` cookie, when it expires (one
 * year), and how it maps to the account's cookie fields.
 *
 * The cookie's value is `true.<a|-><t|-><p|->.<seconds>`: `true` records that a choice was
 * made (the spec: "cookiesAccepted=true records consent"), then one letter per optional kind
 * (`a` analytics, `t` tag manager, `p` pixel; `-` where it is refused), then when it was
 * given, in whole seconds since 1970 (UTC). `true.a-p.1767225600` allows analytics and the
 * pixel but not the tag manager; `true.---.1767225600` is 'only necessary'. Any other value
 * (a bare `true` from older code included) counts as no choice, and the shopper is asked.
 *
 * What making a choice needs besides (consent-choice.ts) is apart, so that every page's
 * layout chunk, which reads the choice in force, holds none of it.
 */

import type { Customer } from '../types.ts';

/** The optional kinds of cookie (docs/spec.md §9): analytics, tag manager and pixel. */
export type ConsentKind = 'analytics' | 'tagManager' | 'pixel';

/** Which optional kinds a shopper allows; the required cookies need no consent. */
export type ConsentChoice = Readonly<Record<ConsentKind, boolean>>;

/** A choice in force, with when it was given (milliseconds since 1970). */
export interface Consent extends ConsentChoice {
  givenAt: number;
}

/** The cookie that holds the choice (docs/spec.md §3). */
export const CONSENT_COOKIE = 'cookiesAccepted';

/** 'Bare nødvendige'. */
export const NECESSARY_ONLY: ConsentChoice = { analytics: false, tagManager: false, pixel: false };

const LETTERS: ReadonlyArray<[ConsentKind, string]> = [
  ['analytics', 'a'],
  ['tagManager', 't'],
  ['pixel', 'p'],
];
const VALUE = /^true\.([a-])([t-])([p-])\.(\d{1,12})$/u;

/** The cookie value of `choice` given at `at` (see the module's description). */
export function encodeConsent(choice: ConsentChoice, at: Date): string {
  const letters = LETTERS.map(([kind, letter]) => (choice[kind] ? letter : '-')).join('');
  return `true.${letters}.${String(Math.floor(at.getTime() / 1000))}`;
}

/** The choice a cookie value holds; null for a missing or unreadable value. */
export function decodeConsent(value: string | null): Consent | null {
  const match = value === null ? null : VALUE.exec(value);
  if (!match) return null;
  const [, analytics, tagManager, pixel, seconds] = match;
  return {
    analytics: analytics === 'a',
    tagManager: tagManager === 't',
    pixel: pixel === 'p',
    givenAt: Number(seconds) * 1000,
  };
}

/** When a choice given at `givenAt` ends: one year later (docs/spec.md §9), same day and time. */
export function consentExpiry(givenAt: number): Date {
  const expiry = new Date(givenAt);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  return expiry;
}

/**
 * Whether `consent` still holds at `now`. Checked in the page as well as by the cookie's
 * own expiry, so a choice older than a year is asked again even where the browser's clock
 * kept the cookie.
 */
export function isConsentCurrent(consent: Consent, now: Date): boolean {
  return now.getTime() < consentExpiry(consent.givenAt).getTime();
}

/** The choice a customer's account holds, or null when it holds none (`cookie_default`). */
export function accountConsent(customer: Customer): ConsentChoice | null {
  if (!customer.cookie_default) return null;
  return {
    analytics: customer.cookie_ga,
    tagManager: customer.cookie_google_tag_manager,
    pixel: customer.cookie_meta_pixel,
  };
}

/** The vendor ids of a brand, per optional kind; null where the brand does not use it. */
export type ConsentVendorIds = Readonly<Record<ConsentKind, string | null>>;
