import { lazy, Suspense, useState, type ReactNode } from 'react';
import { $favourites } from '../../stores/favourites.ts';
import { logOut, resendVerification } from '../../stores/session.ts';
import { useStore } from '@nanostores/react';
import { FormMessage, SECONDARY_BUTTON } from './FormMessage.tsx';
import { AccountDetailsForm } from './AccountDetailsForm.tsx';
import { CookieChoices } from './CookieChoices.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { leaveAccount, useAccount } from './use-account.ts';

// The QR library is only needed here, and only once the page knows who is logged in.
const CustomerCode = lazy(() => import('./CustomerCode.tsx'));

/** A part of my page, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4 border-t border-gray-200 pt-6">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * My page: the customer code to show at the till, the account's details (update), the
 * e-mail verification state (resend), favourites, cookie choices, history, log out and
 * delete. A shopper without an account is sent to log in first.
 */
export default function MyPage() {
  const customer = useAccount();
  const favourites = useStore($favourites);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  if (!customer) {
    // A failed logout has cleared the user all the same (docs/spec.md §8); its message stays here.
    return message ? (
      <FormMessage message={message.text} kind={message.kind} />
    ) : (
      <p aria-busy="true">Henter kontoen din …</p>
    );
  }

  async function resend() {
    const result = await resendVerification();
    if (!result.ok) setMessage({ kind: 'error', text: result.message });
  }

  async function leave() {
    const result = await leaveAccount(logOut);
    if (!result.ok) setMessage({ kind: 'error', text: result.message });
  }

  return (
    <div className="grid gap-8" data-my-page>
      <p className="text-lg">
        Hei, <span data-customer-name>{customer.firstname}</span>!
      </p>
      <FormMessage message={message?.text ?? null} kind={message?.kind ?? 'error'} />
      {!customer.verified && (
        <div className="grid justify-items-start gap-2 rounded-md bg-amber-50 p-4" data-unverified>
          <p>
            E-postadressen din, {customer.email}, er ikke bekreftet ennå. Se etter e-posten fra oss,
            eller få den på nytt.
          </p>
          <button type="button" className={SECONDARY_BUTTON} onClick={() => void resend()}>
            Send bekreftelsen på nytt
          </button>
        </div>
      )}

      <Section id="kundekode" title="Kundekode">
        <p>Vis koden i kassen i butikken, så får du kjøpet registrert på kontoen din.</p>
        <Suspense fallback={<div className="min-h-[320px]" aria-busy="true" />}>
          <CustomerCode />
        </Suspense>
      </Section>

      <Section id="opplysninger" title="Mine opplysninger">
        <AccountDetailsForm customer={customer} />
      </Section>

      <Section id="favoritter" title="Favoritter">
        {favourites.length === 0 ? (
          <p>Du har ingen favoritter ennå. Trykk på hjertet ved en vare for å lagre den her.</p>
        ) : (
          <p>
            <a
              href={`/utvalg/${favourites.join('+')}`}
              className="underline underline-offset-2"
              data-favourites-link
            >
              Se {favourites.length === 1 ? '1 favoritt' : `${favourites.length} favoritter`}
            </a>
          </p>
        )}
      </Section>

      <Section id="informasjonskapsler" title="Informasjonskapsler">
        <CookieChoices customer={customer} />
      </Section>

      <Section id="historikk" title="Historikk">
        <p>
          <a href="/min-side/historikk" className="underline underline-offset-2">
            Se reservasjoner, ordre og anmeldelser
          </a>
        </p>
        <p>
          Angrer du et kjøp? Innen angrefristen kan du{' '}
          <a href="/min-side/historikk#historikk-orders" className="underline underline-offset-2">
            angre kjøpet fra ordrelisten
          </a>
          .
        </p>
      </Section>

      <Section id="konto" title="Konto">
        <p>
          <button type="button" className={SECONDARY_BUTTON} onClick={() => void leave()}>
            Logg ut
          </button>
        </p>
        <DeleteAccount />
      </Section>
    </div>
  );
}
