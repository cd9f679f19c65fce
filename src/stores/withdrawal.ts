/**
 * A withdrawal (angrefunksjon) in progress, from my page's order list, the confirmation
 * e-mail's link or the withdrawal form: the order is shown, the shopper confirms, the backend
 * records it and sends the receipt. Loaded with the withdrawal dialog, when a shopper starts
 * one.
 */

import { atom } from 'nanostores';
import { ApiRequestError, NO_RESPONSE } from '../lib/api/client.ts';
import { withdrawalOrder, withdrawOrder } from '../lib/api/withdrawal.ts';
import type { WithdrawalAccess } from '../lib/domain/withdrawal.ts';
import {
  choosesEverything,
  chosenUnits,
  everythingLeft,
  NOTHING_CHOSEN,
  receiptOf,
  withdrawalFailure,
  withdrawalRefusal,
  withWithdrawal,
  type WithdrawalChoice,
} from '../lib/domain/withdrawal-step.ts';
import type { CustomerOrder, WithdrawalReceipt } from '../lib/types.ts';

/** Where a withdrawal stands. */
export interface WithdrawalState {
  /**
   * `idle` before one starts; `loading` the order; `confirm` waits for the shopper's choice
   * and yes; `sending` it; `done` recorded; `error` failed (`message`, and whether `retry`
   * can help).
   */
  step: 'idle' | 'loading' | 'confirm' | 'sending' | 'done' | 'error';
  orderId: number | null;
  /** What it is made by: the link's token, the order's e-mail address, or (null) my page. */
  access: WithdrawalAccess;
  /** The order as it stands; once `done`, with the withdrawal recorded in it. */
  order: CustomerOrder | null;
  /** The units chosen to withdraw; at first every unit the order has left. */
  choice: WithdrawalChoice;
  /** Said when the shopper confirms with nothing chosen; '' otherwise. */
  choiceError: string;
  /** What was withdrawn, once `done`. */
  receipt: WithdrawalReceipt | null;
  message: string;
  retry: boolean;
}

const IDLE: WithdrawalState = {
  step: 'idle',
  orderId: null,
  access: null,
  order: null,
  choice: {},
  choiceError: '',
  receipt: null,
  message: '',
  retry: false,
};

/** The withdrawal in progress. */
export const $withdrawal = atom<WithdrawalState>(IDLE);

/**
 * The `Idempotency-Key` of the withdrawal whose answer is not known yet: a retry of the same
 * choice sends it again, so that the backend records it once; an answer or another choice
 * ends it.
 */
let pendingKey: string | null = null;

function failure(error: unknown): Pick<WithdrawalState, 'message' | 'retry'> {
  const answer = error instanceof ApiRequestError ? error : null;
  const status = answer?.status ?? NO_RESPONSE;
  if (status === NO_RESPONSE || status >= 500) console.error('Withdrawal failed', error);
  return withdrawalFailure(status, answer?.message ?? '');
}

/**
 * Starts withdrawing order `orderId`: by the link's token, by the order's e-mail address, or
 * (null) as the logged-in customer. An `order` already at hand is shown at once; otherwise it
 * is loaded, and one that cannot be withdrawn (done already, or too late) says why instead of
 * asking. Every unit the order has left is chosen to begin with.
 */
export async function startWithdrawal(
  orderId: number,
  access: WithdrawalAccess,
  order: CustomerOrder | null = null,
): Promise<void> {
  pendingKey = null;
  const start: WithdrawalState = { ...IDLE, orderId, access, order };
  if (order !== null) {
    $withdrawal.set({ ...start, step: 'confirm', choice: everythingLeft(order) });
    return;
  }
  $withdrawal.set({ ...start, step: 'loading' });
  try {
    const loaded = await withdrawalOrder(orderId, access);
    if ($withdrawal.get().orderId !== orderId) return;
    const refusal = withdrawalRefusal(loaded, new Date());
    $withdrawal.set(
      refusal === null
        ? { ...start, order: loaded, step: 'confirm', choice: everythingLeft(loaded) }
        : { ...start, order: loaded, step: 'error', message: refusal, retry: false },
    );
  } catch (error) {
    if ($withdrawal.get().orderId !== orderId) return;
    $withdrawal.set({ ...start, step: 'error', ...failure(error) });
  }
}

/**
 * Chooses `count` units of the order's line `line` to withdraw (0: none of it), at most what
 * the line has left. Nothing changes while the withdrawal is sent or done, nor for a line
 * the order does not have.
 */
export function chooseUnits(line: number, count: number): void {
  const state = $withdrawal.get();
  if (state.step !== 'confirm' && state.step !== 'error') return;
  const left = state.order?.withdrawal?.lines.find((l) => l.line === line)?.withdrawable;
  if (left === undefined) return;
  const units = Math.max(0, Math.min(left, Math.floor(count)));
  pendingKey = null;
  $withdrawal.set({ ...state, choice: { ...state.choice, [line]: units }, choiceError: '' });
}

/**
 * Sends the confirmed withdrawal of the chosen units; answers its receipt, or null when it
 * failed or nothing was chosen (the state says why). All that is left chosen, it asks for
 * everything left, which sent twice answers the first.
 */
export async function confirmWithdrawal(): Promise<WithdrawalReceipt | null> {
  const state = $withdrawal.get();
  const { orderId, order } = state;
  if (orderId === null || order === null || state.step === 'sending' || state.step === 'done') {
    return null;
  }
  const lines = chosenUnits(state.choice);
  if (lines.length === 0) {
    $withdrawal.set({ ...state, choiceError: NOTHING_CHOSEN });
    return null;
  }
  const key = (pendingKey ??= crypto.randomUUID());
  $withdrawal.set({ ...state, step: 'sending', message: '', choiceError: '' });
  try {
    const everything = choosesEverything(order, state.choice);
    const withdrawal = await withdrawOrder(orderId, state.access, everything ? null : lines, key);
    pendingKey = null;
    const recorded = withWithdrawal(order, withdrawal);
    const receipt = receiptOf(recorded, withdrawal);
    $withdrawal.set({ ...$withdrawal.get(), step: 'done', order: recorded, receipt });
    return receipt;
  } catch (error) {
    const answer = failure(error);
    // Only a retry may carry the key again: a definite refusal ends it.
    if (!answer.retry) pendingKey = null;
    $withdrawal.set({ ...$withdrawal.get(), step: 'error', ...answer });
    return null;
  }
}

/** Ends the withdrawal dialog's state (after it closed). */
export function closeWithdrawal(): void {
  pendingKey = null;
  $withdrawal.set(IDLE);
}
