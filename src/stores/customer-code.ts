/**
 * My page's customer code (docs/spec.md §4), the text of its QR code. Apart from the history's store
 * (account-history.ts): my page shows the code at once, and so loads neither the history's
 * code nor the order and reservation mappers that come with it.
 */

import { atom } from 'nanostores';
import { customerCode } from '../lib/api/customers.ts';
import { handleUnauthorised } from './session.ts';

/** The text of the customer's QR code, once loaded. */
export const $customerCode = atom<string | null>(null);

/** Loads the customer code; null when it cannot be had (logged, or the user cleared). */
export async function loadCustomerCode(): Promise<string | null> {
  try {
    const code = await customerCode();
    $customerCode.set(code);
    return code;
  } catch (error) {
    // A session that ended elsewhere clears the user (docs/spec.md §8); anything else is logged.
    if (!handleUnauthorised(error)) console.error('Could not load the customer code', error);
    return null;
  }
}
