import { useRef, useState } from 'react';
import { deleteAccount } from '../../stores/session.ts';
import { FormMessage, SECONDARY_BUTTON } from './FormMessage.tsx';
import { leaveAccount } from './use-account.ts';

/**
 * Deleting the account, behind a confirmation dialog: the personal data goes, orders stay
 * for the accounts without the personal fields.
 */
export function DeleteAccount() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await leaveAccount(deleteAccount);
    if (result.ok) return;
    setBusy(false);
    dialog.current?.close();
    setError(result.message);
  }

  return (
    <div className="grid justify-items-start gap-3">
      <FormMessage message={error} kind="error" />
      <button
        type="button"
        className={`${SECONDARY_BUTTON} border-red-800 text-red-800`}
        onClick={() => dialog.current?.showModal()}
        data-delete-account
      >
        Slett kontoen
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="slett-tittel"
        className="m-auto max-w-md rounded-lg p-6 backdrop:bg-black/50"
        data-delete-dialog
      >
        <h2 id="slett-tittel" className="text-xl font-bold">
          Slette kontoen?
        </h2>
        <p className="mt-3">
          Navn, e-post, telefon, adresse, favoritter og anmeldelser kobles fra deg og slettes. Ordre
          beholdes for regnskapet, uten personopplysninger. Dette kan ikke angres.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="button"
            className="inline-flex min-h-11 items-center rounded-md bg-red-800 px-5 font-semibold text-white disabled:opacity-60"
            onClick={() => void confirm()}
            disabled={busy}
            data-confirm-delete
          >
            Ja, slett kontoen
          </button>
          <button
            type="button"
            className={SECONDARY_BUTTON}
            onClick={() => dialog.current?.close()}
            autoFocus
          >
            Avbryt
          </button>
        </div>
      </dialog>
    </div>
  );
}
