import { useState, type FormEvent } from 'react';
import { requestPasswordReset } from '../../stores/session.ts';
import { FormField } from '../shared/FormField.tsx';
import { FormMessage, PRIMARY_BUTTON } from './FormMessage.tsx';

/**
 * Asks for a password reset link. The answer is the same whether the e-mail has an account
 * or not, so the page never tells who is a customer.
 */
export default function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ kind: 'error' | 'success'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await requestPasswordReset(email.trim());
    setBusy(false);
    setResult(
      answer.ok
        ? {
            kind: 'success',
            message: `Hvis ${email.trim()} har en konto hos oss, har vi sendt en lenke for å lage nytt passord. Lenken gjelder i 60 minutter.`,
          }
        : { kind: 'error', message: answer.message },
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid max-w-md gap-4" noValidate data-forgot>
      <FormMessage message={result?.message ?? null} kind={result?.kind ?? 'error'} />
      <FormField
        label="E-post"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <p>
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy} aria-busy={busy}>
          Send lenke
        </button>
      </p>
      <p>
        <a href="/logg-inn" className="underline underline-offset-2">
          Tilbake til innlogging
        </a>
      </p>
    </form>
  );
}
