import { useState, type FormEvent } from 'react';
import { accountChanges, draftOf, type AccountDraft } from '../../lib/domain/account-form.ts';
import type { Customer } from '../../lib/types.ts';
import { updateAccount } from '../../stores/session.ts';
import { FormField } from '../shared/FormField.tsx';
import { FormMessage, PRIMARY_BUTTON } from './FormMessage.tsx';

const FIELDS: ReadonlyArray<{
  key: keyof AccountDraft;
  label: string;
  type?: string;
  autoComplete: string;
  wide?: boolean;
}> = [
  { key: 'firstname', label: 'Fornavn', autoComplete: 'given-name' },
  { key: 'surname', label: 'Etternavn', autoComplete: 'family-name' },
  { key: 'email', label: 'E-post', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Mobilnummer', type: 'tel', autoComplete: 'tel' },
  {
    key: 'addr',
    label: 'Gateadresse',
    autoComplete: 'street-address',
    wide: true,
  },
  { key: 'postnr', label: 'Postnummer', autoComplete: 'postal-code' },
  { key: 'city', label: 'Poststed', autoComplete: 'address-level2' },
  {
    key: 'password',
    label: 'Nytt passord (valgfritt)',
    type: 'password',
    autoComplete: 'new-password',
  },
  {
    key: 'passwordConfirmation',
    label: 'Gjenta nytt passord',
    type: 'password',
    autoComplete: 'new-password',
  },
];

/** The account's details, changed in place; only what changed is sent (docs/spec.md §5). */
export function AccountDetailsForm({ customer }: { customer: Customer }) {
  const [draft, setDraft] = useState<AccountDraft>(() => draftOf(customer));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const changes = accountChanges(customer, draft);
    if (changes === null) {
      setMessage({ kind: 'success', text: 'Ingen endringer å lagre.' });
      return;
    }
    setBusy(true);
    const result = await updateAccount(changes);
    setBusy(false);
    if (result.ok) {
      setFields({});
      setDraft((d) => ({ ...d, password: '', passwordConfirmation: '' }));
      setMessage({ kind: 'success', text: 'Endringene er lagret.' });
    } else {
      setFields(result.fields);
      setMessage({ kind: 'error', text: result.message });
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid max-w-2xl gap-4 sm:grid-cols-2"
      noValidate
      data-account-details
    >
      <div className="sm:col-span-2">
        <FormMessage message={message?.text ?? null} kind={message?.kind ?? 'error'} />
      </div>
      {FIELDS.map((f) => (
        <FormField
          key={f.key}
          label={f.label}
          name={f.key}
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete}
          className={f.wide ? 'sm:col-span-2' : ''}
          error={fields[f.key]}
          value={draft[f.key]}
          onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
        />
      ))}
      <p className="sm:col-span-2">
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy} aria-busy={busy}>
          Lagre endringene
        </button>
      </p>
    </form>
  );
}
