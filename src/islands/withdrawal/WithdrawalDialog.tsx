import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { formatNorwegianDay } from '../../../contract/withdrawal.ts';
import { linesLeft, unitsLeft } from '../../lib/domain/withdrawal-step.ts';
import { lineLabel, unitsLabel, type WithdrawalAccess } from '../../lib/domain/withdrawal.ts';
import { formatDate } from '../../lib/format/date.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { formatPrice } from '../../lib/format/money.ts';
import type { WithdrawableLine, WithdrawalReceipt } from '../../lib/types.ts';
import {
  $withdrawal,
  chooseUnits,
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
  onWithdrawn: (receipt: WithdrawalReceipt) => void;
}

/**
 * One line to choose: a checkbox for the line and, when more than one unit is left, how
 * many of them.
 */
function LineChoice({
  line,
  chosen,
  disabled,
  checkbox,
}: {
  line: WithdrawableLine;
  chosen: number;
  disabled: boolean;
  checkbox?: Ref<HTMLInputElement> | undefined;
}) {
  const id = useId();
  const { item, withdrawable, withdrawn } = line;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <span className="flex items-start gap-3">
        <input
          ref={checkbox}
          id={id}
          type="checkbox"
          className="mt-1 h-5 w-5"
          checked={chosen > 0}
          disabled={disabled}
          onChange={(e) => chooseUnits(line.line, e.currentTarget.checked ? withdrawable : 0)}
          data-withdraw-line={line.line}
        />
        <label htmlFor={id}>
          {lineLabel(item)}
          {withdrawn > 0 && (
            <span className="text-sm text-gray-700"> ({withdrawn} angret før)</span>
          )}
        </label>
      </span>
      {withdrawable > 1 ? (
        <label className="flex items-center gap-2">
          <span aria-hidden="true">Antall</span>
          <select
            className="min-h-11 rounded-md border border-gray-500 bg-white px-3"
            aria-label={`Antall av ${lineLabel(item)}`}
            value={chosen > 0 ? chosen : withdrawable}
            disabled={disabled || chosen === 0}
            onChange={(e) => chooseUnits(line.line, Number(e.currentTarget.value))}
          >
            {Array.from({ length: withdrawable }, (_, i) => (
              <option key={i} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <span className="text-sm text-gray-700">1 stk.</span>
      )}
    </li>
  );
}

/**
 * What to withdraw, as real form controls: each line with units left, all chosen at first.
 * Confirmed with nothing chosen, it says so and the first checkbox takes focus.
 */
function UnitsChoice({ state, disabled }: { state: WithdrawalState; disabled: boolean }) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const lines = state.order?.withdrawal?.lines ?? [];
  const left = lines.filter((line) => line.withdrawable > 0);

  useEffect(() => {
    if (state.choiceError !== '') first.current?.focus();
  }, [state.choiceError]);

  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={state.choiceError === '' ? undefined : `${id}-error`}
      data-withdrawal-choice
    >
      <legend className="mb-2 font-semibold">Hva vil du angre?</legend>
      <ul className="grid gap-2">
        {left.map((line, i) => (
          <LineChoice
            key={line.line}
            line={line}
            chosen={state.choice[line.line] ?? 0}
            disabled={disabled}
            checkbox={i === 0 ? first : undefined}
          />
        ))}
      </ul>
      {state.choiceError !== '' && (
        <p id={`${id}-error`} role="alert" className="font-semibold text-red-800">
          {state.choiceError}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The order: while the shopper is asked, what is left of it to withdraw (to choose from, or
 * as a list when there is only one unit); otherwise all it holds.
 */
function OrderSummary({
  state,
  asking,
  choosing,
}: {
  state: WithdrawalState;
  asking: boolean;
  choosing: boolean;
}) {
  const { order } = state;
  if (order === null) return null;
  return (
    <div className="grid gap-2">
      <p>
        Ordre {order.id} fra {formatDate(order.date)}:
      </p>
      {choosing ? (
        <UnitsChoice state={state} disabled={state.step === 'sending'} />
      ) : (
        <OrderLines lines={asking ? linesLeft(order) : order.lines} />
      )}
      <p className="font-semibold">Totalt {formatPrice(order.total)}</p>
    </div>
  );
}

/** When the order can be withdrawn until: its last day, or (not delivered yet) no limit yet. */
function PeriodNote({ lastDay, what }: { lastDay: string | null; what: string }) {
  return (
    <p>
      {lastDay === null
        ? 'Du har ikke fått alle varene ennå, så angrefristen har ikke begynt. Du kan angre nå.'
        : `Du kan angre til og med ${formatNorwegianDay(lastDay)}.`}{' '}
      Når du bekrefter, er {what} angret, og vi sender en kvittering på e-post med en gang.
    </p>
  );
}

/** The receipt: what was withdrawn and when, the refund, and where the receipt went. */
function Receipt({ receipt }: { receipt: WithdrawalReceipt }) {
  const { withdrawal, units } = receipt;
  const whole = receipt.order.status === 'withdrawn';
  const order = String(withdrawal.orderId);
  const when = formatDateTime(withdrawal.withdrawnAt);
  return (
    <div role="status" className="grid gap-2" data-withdrawal-done>
      <p>
        {whole
          ? `Ordre ${order} er angret ${when}.`
          : `Du har angret en del av ordre ${order} ${when}.`}
        {withdrawal.email !== '' && (
          <>
            {' '}
            Vi har sendt en kvittering til <strong>{withdrawal.email}</strong>.
          </>
        )}
      </p>
      <ul className="list-disc pl-5" aria-label="Angret" data-withdrawn-lines>
        {units.map((named) => (
          <li key={named.item.ean}>{unitsLabel(named)}</li>
        ))}
      </ul>
      <p>
        Vi betaler tilbake {formatPrice(withdrawal.refund)}
        {withdrawal.shipping > 0 && `, med ${formatPrice(withdrawal.shipping)} for frakten,`} senest
        14 dager etter angringen, men vi kan vente med tilbakebetalingen til vi har mottatt varene,
        eller til du har vist oss at de er sendt. Send varene tilbake innen 14 dager.
      </p>
    </div>
  );
}

/**
 * The second step of a withdrawal (angrefunksjon), a native modal `<dialog>`: it names the
 * order with its total, lets the shopper choose the lines and units to withdraw (all that
 * is left, at first; a choice only when more than one unit is left) and asks 'Bekreft
 * angring'; then it shows the receipt (what was withdrawn, when, the refund, where the
 * receipt went), or why not (a period that ran out, in the backend's words). Opens when
 * mounted; Escape, 'Avbryt' and 'Lukk' close it.
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
    const receipt = await confirmWithdrawal();
    if (receipt !== null) onWithdrawn(receipt);
  };

  const done = state.step === 'done';
  const canConfirm =
    state.order !== null &&
    (state.step === 'confirm' ||
      state.step === 'sending' ||
      (state.step === 'error' && state.retry));
  const choosing = canConfirm && state.order !== null && unitsLeft(state.order) > 1;
  const partlyWithdrawn = (state.order?.withdrawal?.withdrawals.length ?? 0) > 0;
  const asked = choosing ? 'det du har valgt' : partlyWithdrawn ? 'resten av ordren' : 'ordren';
  const heading = !done
    ? `Angre kjøpet av ordre ${String(orderId)}?`
    : state.receipt?.order.status === 'paid'
      ? 'Delvis angret'
      : 'Kjøpet er angret';

  return (
    <dialog
      {...dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="text-ink m-auto w-[min(92vw,32rem)] rounded-lg bg-white p-6 backdrop:bg-black/50"
      data-withdrawal-dialog={state.step}
    >
      <h2 id={`${id}-title`} ref={result} tabIndex={-1} className="text-2xl font-bold">
        {heading}
      </h2>
      <div id={`${id}-body`} className="mt-4 grid gap-4">
        {state.step === 'loading' && <p aria-busy="true">Henter ordren …</p>}
        {!done && <OrderSummary state={state} asking={canConfirm} choosing={choosing} />}
        {state.order?.withdrawal && !done && state.step !== 'error' && (
          <PeriodNote lastDay={state.order.withdrawal.lastDay} what={asked} />
        )}
        {done && state.receipt && <Receipt receipt={state.receipt} />}
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
