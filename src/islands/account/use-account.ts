import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { loginPathFor } from '../../lib/routes/account.ts';
import type { Customer } from '../../lib/types.ts';
import { loadUser } from '../../stores/session.ts';
import { $user } from '../../stores/user.ts';

/**
 * The logged-in customer of a page that requires an account: the stored one at once (so the
 * page draws without waiting), confirmed with the server; a shopper without an account is
 * sent to log in and back here afterwards (SPEC 4). Null while nobody is known yet.
 */
export function useAccount(): Customer | null {
  const user = useStore($user);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    void loadUser().then(() => setChecked(true));
  }, []);

  useEffect(() => {
    if (checked && !user.customer) {
      location.replace(loginPathFor(location.pathname + location.search));
    }
  }, [checked, user.customer]);

  return user.customer;
}
