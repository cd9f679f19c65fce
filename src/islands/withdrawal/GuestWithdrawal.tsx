import { useEffect, useRef, useState } from 'react';
import { WITHDRAWAL_FUNCTION_HREF } from '../../lib/content/withdrawal.ts';
import { withdrawalLinkOf, type WithdrawalLink } from '../../lib/domain/withdrawal.ts';
import type { WithdrawalReceipt } from '../../lib/types.ts';
import { PRIMARY_BUTTON } from '../account/FormMessage.tsx';
import { announceLive } from '../directives/hydrate-event.ts';
import { useModule } from '../shared/use-module.ts';
import { useWithdrawnFocus, WithdrawnStatus } from './WithdrawnStatus.tsx';

// The dialog, its store and the API calls load once the shopper asks to withdraw.
const loadWithdrawalDialog = () => import('./WithdrawalDialog.tsx');

/**
 * The withdrawal page's button (`/angre?ordre=…&token=…`, the link in the order
 * confirmation): 'Angre kjøpet' opens the dialog that names the order and asks to confirm.
 * Hydrates on interaction; its server HTML is the same button, so the first click is replayed.
 */
export default function GuestWithdrawal() {
  const root = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const [link, setLink] = useState<WithdrawalLink | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [withdrawn, setWithdrawn] = useState<WithdrawalReceipt | null>(null);
  const dialogModule = useModule(loadWithdrawalDialog, link !== null);

  // Live now: a click made before hydration may be replayed (client:interaction).
  useEffect(() => announceLive(root.current), []);

  const start = () => {
    const read = withdrawalLinkOf(location.search);
    setInvalid(read === null);
    setLink(read);
  };

  const closed = () => setLink(null);

  useWithdrawnFocus(status, withdrawn, link !== null);

  return (
    <div ref={root} className="grid justify-items-start gap-3" data-guest-withdrawal>
      {withdrawn ? (
        <WithdrawnStatus receipt={withdrawn} node={status} />
      ) : (
        <button type="button" className={PRIMARY_BUTTON} onClick={start}>
          Angre kjøpet
        </button>
      )}
      {invalid && (
        <p role="alert" className="font-semibold text-red-800">
          Lenken er ikke gyldig. Bruk lenken i ordrebekreftelsen, logg inn og angre fra Min side,
          eller{' '}
          <a href={WITHDRAWAL_FUNCTION_HREF} className="underline underline-offset-2">
            angre med ordrenummer og e-postadresse
          </a>
          .
        </p>
      )}
      {link && dialogModule && (
        <dialogModule.WithdrawalDialog
          orderId={link.orderId}
          access={{ token: link.token }}
          onClose={closed}
          onWithdrawn={setWithdrawn}
        />
      )}
    </div>
  );
}
