/**
 * Making a cookie choice (docs/spec.md §4, 9): what 'Godta alle' allows, the account fields that
 * record a choice, and the choice my page shows. Apart from reading the choice in force
 * (consent.ts), which every page's layout chunk does: only the cookie modal's settings and
 * my page choose, and they load this when they do.
 */

import type { AccountChanges, Customer } from '../types.ts';
import {
  accountConsent,
  NECESSARY_ONLY,
  type ConsentChoice,
  type ConsentVendorIds,
} from './consent.ts';

/** The account fields that record `choice`: `cookie_default` says one was made. */
export function accountConsentChanges(choice: ConsentChoice): AccountChanges {
  return {
    cookie_default: true,
    cookie_ga: choice.analytics,
    cookie_google_tag_manager: choice.tagManager,
    cookie_meta_pixel: choice.pixel,
  };
}

/**
 * The choice to show a logged-in customer: the one in force in this browser, else the
 * account's, else nothing allowed.
 */
export function shownConsent(consent: ConsentChoice | null, customer: Customer): ConsentChoice {
  return consent ?? accountConsent(customer) ?? NECESSARY_ONLY;
}

/**
 * 'Godta alle': every kind the brand uses (those with a vendor id), and no other, so an
 * allowance is never recorded for a vendor the shopper was not told of.
 */
export function allUsedKinds(ids: ConsentVendorIds): ConsentChoice {
  return {
    analytics: ids.analytics !== null,
    tagManager: ids.tagManager !== null,
    pixel: ids.pixel !== null,
  };
}
