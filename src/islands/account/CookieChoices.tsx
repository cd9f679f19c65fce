import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { shownConsent } from '../../lib/domain/consent-choice.ts';
import type { ConsentChoice, ConsentKind } from '../../lib/domain/consent.ts';
import { CONSENT_KINDS } from '../../lib/domain/consent-kinds.ts';
import type { Customer } from '../../lib/types.ts';
import { chooseConsent } from '../../stores/consent-choice.ts';
import { $consent } from '../../stores/consent.ts';
import { FormMessage, SECONDARY_BUTTON } from './FormMessage.tsx';

/**
 * The account's cookie choices: the optional cookies, each off until chosen, starting from
 * the choice in force in this browser (else the account's). Saving records it as the cookie
 * modal does: in the `cookiesAccepted` cookie and in the account. The required ones
 * (XSRF-TOKEN, the session cookie, cookiesAccepted) are named but cannot be turned off.
 */
export function CookieChoices({ customer }: { customer: Customer }) {
  const consent = useStore($consent);
  const [chosen, setChosen] = useState<ConsentChoice>(() => shownConsent(consent, customer));
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function save() {
    const result = await chooseConsent(chosen);
    setMessage(
      result === null || result.ok
        ? { kind: 'success', text: 'Valgene dine er lagret.' }
        : { kind: 'error', text: result.message },
    );
  }

  const set = (kind: ConsentKind, on: boolean) => setChosen({ ...chosen, [kind]: on });

  return (
    <div className="grid max-w-2xl gap-4" data-cookie-choices>
      <FormMessage message={message?.text ?? null} kind={message?.kind ?? 'error'} />
      <p>
        Nødvendige informasjonskapsler (XSRF-TOKEN, øktkapselen og cookiesAccepted) trengs for at
        handlekurven og innloggingen skal virke, og kan ikke slås av.
      </p>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">Valgfrie informasjonskapsler</legend>
        {CONSENT_KINDS.map((c) => (
          <label key={c.kind} className="flex items-start gap-3">
            <input
              type="checkbox"
              name={c.kind}
              className="mt-1 h-5 w-5"
              checked={chosen[c.kind]}
              onChange={(e) => set(c.kind, e.target.checked)}
            />
            <span>
              <span className="font-semibold">
                {c.label} ({c.vendor})
              </span>
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
