import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatPrice } from '../../lib/format/money.ts';
import { formatPercent } from '../../lib/format/number.ts';
import type { PromoCode } from '../../lib/types.ts';
import { $activePromocode } from '../../stores/cart.ts';
import { applyPromoCode, removePromoCode } from '../../stores/promo-code.ts';
import { useModalDialog } from '../shared/use-modal-dialog.ts';

/** Props of {@link PromoCodeDialog}. */
export interface PromoCodeDialogProps {
  open: boolean;
  onClose: () => void;
}

/** What a code gives, in words: '10 % rabatt på varene', 'Gratis frakt'. */
export function describePromo(promo: Pick<PromoCode, 'fixed' | 'amount' | 'type'>): string {
  if (promo.type === 'shipping' && !promo.fixed && promo.amount >= 1) return 'Gratis frakt';
  const amount = promo.fixed ? formatPrice(promo.amount) : formatPercent(promo.amount, 1);
  return `${amount} rabatt på ${promo.type === 'shipping' ? 'frakten' : 'varene'}`;
}

/**
 * the spec's promo code modal, a native `<dialog>` titled 'Legg til rabattkode': a field
 * 'Rabattkode' with 'Bruk kode'. The code is checked by the store; a refusal (unknown,
 * expired, a second code) is shown beside the field as an alert, and the code in use is
 * shown with 'Fjern rabattkode'. Used by the cart modal and the checkout.
 */
export function PromoCodeDialog({ open, onClose }: PromoCodeDialogProps) {
  const active = useStore($activePromocode);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  // A dialog opened again starts without the last visit's messages.
  const dialog = useModalDialog(open, () => {
    setError('');
    setNote('');
    onClose();
  });
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // Cleared first so that the same message given twice is announced twice.
    setError('');
    setNote('');
    setBusy(true);
    const result = await applyPromoCode(code);
    setBusy(false);
    if (result.ok) {
      setNote(`Rabattkoden ${code.trim().toUpperCase()} er lagt til.`);
      setCode('');
    } else {
      setError(result.message);
      input.current?.focus();
    }
  };

  const remove = () => {
    removePromoCode();
    setNote('Rabattkoden er fjernet.');
    input.current?.focus();
  };

  const button = 'min-h-11 rounded-md px-4 font-bold';

  return (
    <dialog
      {...dialog}
      aria-labelledby={`${id}-title`}
      className="text-ink m-auto w-[min(92vw,26rem)] rounded-lg bg-white p-6 backdrop:bg-black/50"
      data-promo-dialog
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          Legg til rabattkode
        </h2>
        <button type="button" onClick={onClose} className="min-h-11 rounded-md px-3 underline">
          Lukk
        </button>
      </div>
      {active && (
        <div className="bg-surface mb-4 rounded-md p-4" data-promo-active={active.name}>
          <p>
            Rabattkode i bruk: <strong>{active.name}</strong>
          </p>
          <p className="text-sm">{describePromo(active)}</p>
          <button
            type="button"
            onClick={remove}
            className={`${button} mt-2 border border-gray-500 font-semibold`}
          >
            Fjern rabattkode
          </button>
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-2">
        <label htmlFor={`${id}-code`} className="font-semibold">
          Rabattkode
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id={`${id}-code`}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-error`}
            className="min-h-11 min-w-0 flex-1 rounded-md border border-gray-500 px-3 uppercase"
          />
          <button
            type="submit"
            disabled={busy}
            className={`${button} bg-brand text-brand-ink disabled:opacity-60`}
          >
            Bruk kode
          </button>
        </div>
        <p
          id={`${id}-error`}
          role="alert"
          className="min-h-6 font-semibold text-red-700"
          data-promo-error
        >
          {error}
        </p>
        <p role="status" className="min-h-6" data-promo-note>
          {busy ? 'Sjekker rabattkoden …' : note}
        </p>
      </form>
    </dialog>
  );
}
