import { useState, type FormEvent } from 'react';
import { resetPassword } from '../../stores/session.ts';
import { FormField } from '../shared/FormField.tsx';
import { FormMessage, PRIMARY_BUTTON } from './FormMessage.tsx';

/** A new password from the e-mail's link (`?email=…&token=…`). */
export default function ResetPasswordForm() {
  const params = new URLSearchParams(location.search);
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [passwordConfirmation, setConfirmation] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ kind: 'error' | 'success'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (token === '' || email === '') {
    return (
      <div className="grid max-w-md gap-3" data-reset-invalid>
        <p>Lenken er ikke gyldig. Be om en ny lenke for å lage nytt passord.</p>
        <p>
          <a href="/glemt-passord" className="underline underline-offset-2">
            Be om ny lenke
          </a>
        </p>
      </div>
    );
  }

  if (result?.kind === 'success') {
    return (
      <div className="grid max-w-md gap-3">
        <FormMessage message={result.message} kind="success" />
        <p>
          <a href="/logg-inn" className="underline underline-offset-2">
            Logg inn
          </a>
        </p>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await resetPassword({ token, email, password, passwordConfirmation });
    setBusy(false);
    if (answer.ok) {
      setResult({ kind: 'success', message: 'Passordet er endret. Du kan nå logge inn.' });
    } else {
      setResult({ kind: 'error', message: answer.message });
      setFields(answer.fields);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid max-w-md gap-4" noValidate data-reset>
      <FormMessage message={result?.message ?? null} kind="error" />
      <p>
        Nytt passord for <strong>{email}</strong>
      </p>
      <FormField
        label="Nytt passord"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="Minst 8 tegn."
        required
        error={fields['password']}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormField
        label="Gjenta passordet"
        name="passwordConfirmation"
        type="password"
        autoComplete="new-password"
        required
        value={passwordConfirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      <p>
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy} aria-busy={busy}>
          Lagre nytt passord
        </button>
      </p>
    </form>
  );
}
