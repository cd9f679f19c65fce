import { useState } from 'react';
import type { Customer } from '../../lib/types.ts';
import { updateAccount } from '../../stores/session.ts';
import { FormMessage, SECONDARY_BUTTON } from './FormMessage.tsx';

const CHOICES = [
  {
    key: 'cookie_ga',
    label: 'Analyse',
    text: 'Hjelper oss å se hvilke sider som brukes, så vi kan gjøre butikken bedre.',
  },
  {
    key: 'cookie_google_tag_manager',
    label: 'Tag manager',
    text: 'Laster verktøy for måling og markedsføring.',
  },
  {
    key: 'cookie_meta_pixel',
    label: 'Annonsepiksel',
    text: 'Måler om annonsene våre i sosiale medier virker.',
  },
] as const;

type ChoiceKey = (typeof CHOICES)[number]['key'];

/**
 * The account's cookie choices: the optional cookies, each off until chosen. The required
 * ones (XSRF-TOKEN, the session cookie, cookiesAccepted) are named but cannot be turned off.
 */
export function CookieChoices({ customer }: { customer: Customer }) {
  const [chosen, setChosen] = useState<Record<ChoiceKey, boolean>>({
    cookie_ga: customer.cookie_ga,
    cookie_google_tag_manager: customer.cookie_google_tag_manager,
    cookie_meta_pixel: customer.cookie_meta_pixel,
  });
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function save() {
    const result = await updateAccount({ ...chosen, cookie_default: true });
    setMessage(
      result.ok
        ? { kind: 'success', text: 'Valgene dine er lagret.' }
        : { kind: 'error', text: result.message },
    );
  }

  return (
    <div className="grid max-w-2xl gap-4" data-cookie-choices>
      <FormMessage message={message?.text ?? null} kind={message?.kind ?? 'error'} />
      <p>
        Nødvendige informasjonskapsler (XSRF-TOKEN, øktkapselen og cookiesAccepted) trengs for at
        handlekurven og innloggingen skal virke, og kan ikke slås av.
      </p>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">Valgfrie informasjonskapsler</legend>
        {CHOICES.map((c) => (
          <label key={c.key} className="flex items-start gap-3">
            <input
              type="checkbox"
              name={c.key}
              className="mt-1 h-5 w-5"
              checked={chosen[c.key]}
              onChange={(e) => setChosen({ ...chosen, [c.key]: e.target.checked })}
            />
            <span>
              <span className="font-semibold">{c.label}</span>
              <span className="block text-sm">{c.text}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p>
        <button type="button" className={SECONDARY_BUTTON} onClick={() => void save()}>
          Lagre valgene
        </button>
      </p>
    </div>
  );
}
