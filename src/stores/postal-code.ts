/**
 * The checkout's place filled in from its postal code (docs/spec.md §7's postal code lookup). Loaded
 * when the shopper first types or leaves a postal code (CheckoutFields.tsx), so the
 * checkout's first load carries none of it.
 */

import { getPostalCode } from '../lib/api/shops.ts';
import { $checkoutForm, setCheckoutField } from './checkout.ts';

/** Fills in the city from a four-digit postal code, when the server knows the code. */
export async function fillCityFromPostalCode(code: string): Promise<void> {
  if (!/^\d{4}$/u.test(code.trim())) return;
  try {
    const found = await getPostalCode(code.trim());
    if (found && $checkoutForm.get().postalCode.trim() === code.trim()) {
      setCheckoutField('city', found.place);
    }
  } catch {
    // The shopper can type the city; a failed lookup is no reason to stop them.
  }
}
