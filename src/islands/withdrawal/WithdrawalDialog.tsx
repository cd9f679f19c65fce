import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatNorwegianDay } from '../../../contract/withdrawal.ts';
import type { WithdrawalAccess } from '../../lib/domain/withdrawal.ts';
import { formatDate } from '../../lib/format/date.ts';
import { formatPrice } from '../../lib/format/money.ts';
import type { Withdrawal } from '../../lib/types.ts';
import {
  $withdrawal,
  closeWithdrawal,
  confirmWithdrawal,
  startWithdrawal,
  type WithdrawalState,
} from '../../stores/withdrawal.ts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../account/FormMessage.tsx';
import { OrderLines } from '../shared/OrderLines.tsx';
import { useModalDialog } from '../shared/use-modal-dialog.ts';

/** Props of {@link WithdrawalDialog}. */
export interface WithdrawalDialogProps {
  orderId: number;
  /** What it is made by: the link's token, the order's e-mail address, or (null) my page. */
  access: WithdrawalAccess;
  /** The order when the page has it (my page's list); else it is loaded. */
  order?: WithdrawalState['order'];
  /** Called once the dialog has closed. */
  onClose: () => void;
  /** Called when the withdrawal is recorded. */
  onWithdrawn: (withdrawal: Withdrawal) => void;
}

function OrderSummary({ state }: { state: WithdrawalState }) {
  const { order } = state;
  if (order === null) return null;
  return (
    <div className="grid gap-2">
      <p>
        Ordre {order.id} fra {formatDate(order.date)}:
      </p>
      <OrderLines lines={order.lines} />
      <p className="font-semibold">Totalt {formatPrice(order.total)}</p>
    </div>
  );
}

/**
 * The second step of a withdrawal (angrefunksjon), a native modal `<dialog>`: it names the
 * order with its lines and total and asks 'Bekreft angring'; then it says the order is
 * withdrawn and where the receipt went, or why not (a period that ran out, in the backend's
 * words). Opens when mounted; Escape, 'Avbryt' and 'Lukk' close it.
 */
export function WithdrawalDialog({
  orderId,
  access,
  order = null,
  onClose,
  onWithdrawn,
}: WithdrawalDialogProps) {
  const state = useStore($withdrawal);
  const [open, setOpen] = useState(true);
  const dialog = useModalDialog(open, () => {
    closeWithdrawal();
    onClose();
  });
  const id = useId();
  const result = useRef<HTMLHeadingElement>(null);
  const failure = useRef<HTMLParagraphElement>(null);

  // Once per dialog: the props of an opened dialog do not change.
  useEffect(() => {
    void startWithdrawal(orderId, access, order);
  }, []);

  // The button that had focus is gone from the new content: focus goes to what happened.
  useEffect(() => {
    if (state.step === 'done') result.current?.focus();
    if (state.step === 'error') failure.current?.focus();
  }, [state.step]);

  const confirm = async () => {
    const withdrawal = await confirmWithdrawal();
    if (withdrawal !== null) onWithdrawn(withdrawal);
  };

  const done = state.step === 'done';
  const canConfirm =
    state.order !== null &&
    (state.step === 'confirm' ||
      state.step === 'sending' ||
      (state.step === 'error' && state.retry));

  return (
    <dialog
      {...dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="text-ink m-auto w-[min(92vw,32rem)] rounded-lg bg-white p-6 backdrop:bg-black/50"
      data-withdrawal-dialog={state.step}
    >
      <h2 id={`${id}-title`} ref={result} tabIndex={-1} className="text-2xl font-bold">
        {done ? 'Kjøpet er angret' : `Angre kjøpet av ordre ${String(orderId)}?`}
      </h2>
      <div id={`${id}-body`} className="mt-4 grid gap-4">
        {state.step === 'loading' && <p aria-busy="true">Henter ordren …</p>}
        {!done && <OrderSummary state={state} />}
        {state.order?.withdrawal && !done && state.step !== 'error' && (
          <p>
            Du kan angre til og med {formatNorwegianDay(state.order.withdrawal.lastDay)}. Når du
            bekrefter, er hele ordren angret, og vi sender en kvittering på e-post med en gang.
          </p>
        )}
        {done && state.receipt && (
          <div role="status" className="grid gap-2" data-withdrawal-done>
            <p>
              Ordre {state.receipt.orderId} er angret.
              {state.receipt.email !== '' && (
                <>
                  {' '}
                  Vi har sendt en kvittering til <strong>{state.receipt.email}</strong>.
                </>
              )}
            </p>
            <p>
              Send varene tilbake innen 14 dager. Du får pengene tilbake senest 14 dager etter
              angringen, men vi kan vente til vi har fått varene.
            </p>
          </div>
        )}
        {state.step === 'error' && (
          <p
            ref={failure}
            role="alert"
            tabIndex={-1}
            className="rounded-md border-l-4 border-red-800 bg-red-50 p-3 font-semibold text-red-900"
            data-withdrawal-error
          >
            {state.message}
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {canConfirm && (
          <button
            type="button"
            className={PRIMARY_BUTTON}
            onClick={() => void confirm()}
            disabled={state.step === 'sending'}
            data-withdrawal-confirm
          >
            {state.step === 'sending' ? 'Angrer …' : 'Bekreft angring'}
          </button>
        )}
        <button type="button" className={SECONDARY_BUTTON} onClick={() => setOpen(false)}>
          {done || (state.step === 'error' && !state.retry) ? 'Lukk' : 'Avbryt'}
        </button>
      </div>
    </dialog>
  );
}
