/**
 * The cookie consent in force on this page (docs/spec.md §4: once given, it lasts one year), read
 * from and written to the `cookiesAccepted` cookie (lib/domain/consent.ts says its value).
 * The consent modal and my page's cookie choices both choose through chooseConsent
 * (consent-choice.ts), which every page's layout chunk, holding this module, does not carry.
 */

import { atom } from 'nanostores';
import {
  accountConsent,
  CONSENT_COOKIE,
  consentExpiry,
  decodeConsent,
  encodeConsent,
  isConsentCurrent,
  type Consent,
  type ConsentChoice,
} from '../lib/domain/consent.ts';
import { readCookie } from '../lib/domain/cookies.ts';
import { $user, isLoggedIn } from './user.ts';

function storedConsent(): Consent | null {
  if (!globalThis.document) return null;
  const consent = decodeConsent(readCookie(document.cookie, CONSENT_COOKIE));
  return consent && isConsentCurrent(consent, new Date()) ? consent : null;
}

/**
 * The choice in force, from the cookie when the page loads; null while the shopper has made
 * none (or it is more than a year old).
 */
export const $consent = atom<Consent | null>(storedConsent());

/** Writes `choice`, given now, into the cookie for a year and answers it. */
export function storeConsent(choice: ConsentChoice): Consent {
  const now = new Date();
  const value = encodeConsent(choice, now);
  const expires = consentExpiry(now.getTime()).toUTCString();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${value}; Path=/; Expires=${expires}; SameSite=Lax${secure}`;
  return { ...choice, givenAt: now.getTime() };
}

/**
 * Where no choice is in force, takes a logged-in customer's account choice without asking
 * (and writes it to the cookie). Answers the choice in force, or null when the shopper is
 * still to be asked.
 */
export function takeAccountConsent(): Consent | null {
  const user = $user.get();
  const choice = isLoggedIn(user) ? accountConsent(user.customer) : null;
  if (!$consent.get() && choice) $consent.set(storeConsent(choice));
  return $consent.get();
}
