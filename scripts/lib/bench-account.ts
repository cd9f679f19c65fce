import type { ApiCustomer } from '../../contract/index.ts';

/**
 * Registers a fresh customer with `origin`'s API from inside a page of that origin, so the
 * browser holds the logged-in session cookies, as after a shopper's own registration; run
 * in the page (Playwright's evaluate), so it must not close over anything.
 */
export async function registerInPage(): Promise<number> {
  await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin' });
  const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/u.exec(document.cookie)?.[1] ?? '');
  const n = String(Date.now() % 1e7).padStart(7, '0');
  const response = await fetch('/api/v1/customers/register', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': token,
    },
    body: JSON.stringify({
      first_name: 'Benk',
      last_name: 'Måling',
      email: `benk.${n}@eksempel.no`,
      phone: `9${n}`,
      password: 'benk-passord-1',
      password_confirmation: 'benk-passord-1',
      terms_conditions: 1,
    }),
  });
  if (response.status !== 201) throw new Error(`Registration answered ${String(response.status)}`);
  return ((await response.json()) as ApiCustomer).id;
}
