import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { loginPathFor } from '../../lib/routes/account.ts';
import type { Customer } from '../../lib/types.ts';
import { loadUser, type AccountResult } from '../../stores/session.ts';
import { $user } from '../../stores/user.ts';

// Set while the shopper ends the account here on purpose (log out, delete): the page then
// goes where that action leads, not to the login page.
let leaving = false;

/**
 * Runs `action`, which ends the account in this browser (log out, delete), and on success
 * goes to `path`. While it runs, the cleared user does not send the page to log in.
 */
export async function leaveAccount(
  action: () => Promise<AccountResult>,
  path = '/',
): Promise<AccountResult> {
  leaving = true;
  const result = await action();
  if (result.ok) location.assign(path);
  else leaving = false;
  return result;
}

/**
 * The logged-in customer of a page that requires an account: the stored one at once (so the
 * page draws without waiting), confirmed with the server; a shopper without an account is
 * sent to log in and back here afterwards (docs/spec.md §4). Null while nobody is known yet.
 */
export function useAccount(): Customer | null {
  const user = useStore($user);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    void loadUser().then(() => setChecked(true));
  }, []);

  useEffect(() => {
    if (checked && !user.customer && !leaving) {
      location.replace(loginPathFor(location.pathname + location.search));
    }
  }, [checked, user.customer]);

  return user.customer;
}
