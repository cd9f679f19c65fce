import { useState, type FormEvent } from 'react';
import { logIn, returnAfterLogin, safeNext } from '../../stores/session.ts';
import { FormField } from '../shared/FormField.tsx';
import { FormMessage, PRIMARY_BUTTON } from './FormMessage.tsx';

/**
 * Logging in with e-mail or mobile number and password. docs/spec.md §8's messages are shown as an
 * alert; success goes on to `?neste=` (a same-site path, e.g. back to the cart) or my page.
 */
export default function LoginForm() {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next = safeNext(new URLSearchParams(location.search).get('neste'));
  const carry = next ? `?neste=${encodeURIComponent(next)}` : '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await logIn(identifier.trim(), password);
    if (result.ok) {
      returnAfterLogin(next);
      return;
    }
    setBusy(false);
    setError(result.message);
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid max-w-md gap-4" noValidate data-login>
      <FormMessage message={error} kind="error" />
      <FormField
        label="E-post eller mobilnummer"
        name="identifier"
        autoComplete="username"
        required
        value={identifier}
        onChange={(e) => setIdentifier(e.target.value)}
      />
      <FormField
        label="Passord"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p>
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy} aria-busy={busy}>
          {busy ? 'Logger inn …' : 'Logg inn'}
        </button>
      </p>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <a href="/glemt-passord" className="underline underline-offset-2">
          Glemt passordet?
        </a>
        <a href={`/registrer${carry}`} className="underline underline-offset-2">
          Ny kunde? Registrer deg
        </a>
      </p>
    </form>
  );
}
