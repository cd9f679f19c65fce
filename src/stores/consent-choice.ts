/**
 * Making a cookie choice: the cookie, and for a logged-in customer the account too. Apart from
 * the choice in force (consent.ts), which every page reads in its layout chunk: the cookie
 * modal's controls (src/components/consent/consent-dialog.ts) and my page's cookie choices
 * load this when the shopper chooses.
 */

import { accountConsentChanges } from '../lib/domain/consent-choice.ts';
import type { ConsentChoice } from '../lib/domain/consent.ts';
import { $consent, storeConsent } from './consent.ts';
import type { AccountResult } from './session.ts';
import { $user, isLoggedIn } from './user.ts';

/**
 * Deletes the cookies the vendors of each kind `choice` refuses have set. The rule loads when
 * a choice is made: my page, which shows the choices at once, does not carry it before.
 */
async function deleteVendorCookies(choice: ConsentChoice): Promise<void> {
  const { vendorCookieDeletions } = await import('../lib/domain/consent-vendors.ts');
  for (const deletion of vendorCookieDeletions(choice, document.cookie, location.hostname)) {
    document.cookie = deletion;
  }
}

/**
 * Records `choice` in the cookie for a year and, for a logged-in customer, in the account's
 * cookie fields (the account code loads only then). The cookies the vendors of a refused kind
 * set are deleted: a withdrawn consent leaves none behind. Answers how saving to the account
 * went, or null when nobody is logged in.
 */
export async function chooseConsent(choice: ConsentChoice): Promise<AccountResult | null> {
  $consent.set(storeConsent(choice));
  await deleteVendorCookies(choice);
  if (!isLoggedIn($user.get())) return null;
  const { updateAccount } = await import('./session.ts');
  return updateAccount(accountConsentChanges(choice));
}

/**
 * {@link chooseConsent} for the cookie modal, which shows no answer: a failure to save the
 * choice to the account is logged (the cookie holds it either way).
 */
export function recordConsent(choice: ConsentChoice): void {
  void chooseConsent(choice).then((saved) => {
    if (saved && !saved.ok) console.error('Could not save the cookie choice', saved.message);
  });
}
