import { useState, type FormEvent } from 'react';
import type { RegisterInput } from '../../lib/types.ts';
import { registerCustomer, returnAfterLogin, safeNext } from '../../stores/session.ts';
import { FormField } from '../shared/FormField.tsx';
import { FormMessage, PRIMARY_BUTTON } from './FormMessage.tsx';

type TextKey = Exclude<keyof RegisterInput, 'termsAccepted' | 'marketing' | 'newsletter'>;

const FIELDS: ReadonlyArray<{
  key: TextKey;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
}> = [
  { key: 'firstname', label: 'Fornavn', autoComplete: 'given-name' },
  { key: 'surname', label: 'Etternavn', autoComplete: 'family-name' },
  { key: 'email', label: 'E-post', type: 'email', autoComplete: 'email' },
  {
    key: 'phone',
    label: 'Mobilnummer',
    type: 'tel',
    autoComplete: 'tel',
    hint: '8 siffer, med eller uten +47.',
  },
  {
    key: 'password',
    label: 'Passord',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'Minst 8 tegn.',
  },
  {
    key: 'passwordConfirmation',
    label: 'Gjenta passordet',
    type: 'password',
    autoComplete: 'new-password',
  },
];

const empty: RegisterInput = {
  firstname: '',
  surname: '',
  email: '',
  phone: '',
  password: '',
  passwordConfirmation: '',
  termsAccepted: false,
  marketing: false,
  newsletter: false,
};

/**
 * Registration: name, e-mail, mobile number, password twice, the terms (sent as 1) and
 * the optional newsletter. The server's field messages are shown by their fields (docs/spec.md §5),
 * the catalogue's message above the form (docs/spec.md §8).
 */
export default function RegisterForm() {
  const [input, setInput] = useState<RegisterInput>(empty);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next = safeNext(new URLSearchParams(location.search).get('neste'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await registerCustomer(input);
    if (result.ok) {
      returnAfterLogin(next);
      return;
    }
    setBusy(false);
    setError(result.message);
    setFields(result.fields);
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid max-w-xl gap-4 sm:grid-cols-2"
      noValidate
      data-register
    >
      <div className="sm:col-span-2">
        <FormMessage message={error} kind="error" />
      </div>
      {FIELDS.map((f) => (
        <FormField
          key={f.key}
          label={f.label}
          name={f.key}
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete}
          hint={f.hint}
          required
          error={fields[f.key]}
          value={input[f.key]}
          onChange={(e) => setInput({ ...input, [f.key]: e.target.value })}
        />
      ))}
      <label className="flex items-start gap-3 sm:col-span-2">
        <input
          type="checkbox"
          name="terms"
          className="mt-1 h-5 w-5"
          required
          checked={input.termsAccepted}
          onChange={(e) => setInput({ ...input, termsAccepted: e.target.checked })}
        />
        <span>
          Jeg godtar{' '}
          <a href="/vilkar" className="underline underline-offset-2">
            vilkårene
          </a>{' '}
          og har lest{' '}
          <a href="/personvernerklaering" className="underline underline-offset-2">
            personvernerklæringen
          </a>
          .
        </span>
      </label>
      <label className="flex items-start gap-3 sm:col-span-2">
        <input
          type="checkbox"
          name="newsletter"
          className="mt-1 h-5 w-5"
          checked={input.newsletter === true}
          onChange={(e) => setInput({ ...input, newsletter: e.target.checked })}
        />
        <span>Send meg nyhetsbrev med tilbud på e-post.</span>
      </label>
      <p className="sm:col-span-2">
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy} aria-busy={busy}>
          {busy ? 'Registrerer …' : 'Registrer meg'}
        </button>
      </p>
      <p className="sm:col-span-2">
        Har du allerede en konto?{' '}
        <a
          href={`/logg-inn${next ? `?neste=${encodeURIComponent(next)}` : ''}`}
          className="underline underline-offset-2"
        >
          Logg inn
        </a>
      </p>
    </form>
  );
}
