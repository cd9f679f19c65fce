/**
 * A withdrawal (angrefunksjon) in progress, from my page's order list, the confirmation
 * e-mail's link or the withdrawal form: the order is shown, the shopper confirms, the backend
 * records it and sends the receipt. Loaded with the withdrawal dialog, when a shopper starts
 * one.
 */

import { atom } from 'nanostores';
import { ApiRequestError, NO_RESPONSE } from '../lib/api/client.ts';
import { withdrawalOrder, withdrawOrder } from '../lib/api/withdrawal.ts';
import {
  withdrawalFailure,
  withdrawalRefusal,
  type WithdrawalAccess,
} from '../lib/domain/withdrawal.ts';
import type { CustomerOrder, Withdrawal } from '../lib/types.ts';

/** Where a withdrawal stands. */
export interface WithdrawalState {
  /**
   * `idle` before one starts; `loading` the order; `confirm` waits for the shopper's yes;
   * `sending` it; `done` recorded; `error` failed (`message`, and whether `retry` can help).
   */
  step: 'idle' | 'loading' | 'confirm' | 'sending' | 'done' | 'error';
  orderId: number | null;
  /** What it is made by: the link's token, the order's e-mail address, or (null) my page. */
  access: WithdrawalAccess;
  order: CustomerOrder | null;
  receipt: Withdrawal | null;
  message: string;
  retry: boolean;
}

const IDLE: WithdrawalState = {
  step: 'idle',
  orderId: null,
  access: null,
  order: null,
  receipt: null,
  message: '',
  retry: false,
};

/** The withdrawal in progress. */
export const $withdrawal = atom<WithdrawalState>(IDLE);

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
 * asking.
 */
export async function startWithdrawal(
  orderId: number,
  access: WithdrawalAccess,
  order: CustomerOrder | null = null,
): Promise<void> {
  const start: WithdrawalState = { ...IDLE, orderId, access, order };
  if (order !== null) {
    $withdrawal.set({ ...start, step: 'confirm' });
    return;
  }
  $withdrawal.set({ ...start, step: 'loading' });
  try {
    const loaded = await withdrawalOrder(orderId, access);
    if ($withdrawal.get().orderId !== orderId) return;
    const refusal = withdrawalRefusal(loaded, new Date());
    $withdrawal.set(
      refusal === null
        ? { ...start, order: loaded, step: 'confirm' }
        : { ...start, order: loaded, step: 'error', message: refusal, retry: false },
    );
  } catch (error) {
    if ($withdrawal.get().orderId !== orderId) return;
    $withdrawal.set({ ...start, step: 'error', ...failure(error) });
  }
}

/**
 * Sends the confirmed withdrawal; answers the recorded withdrawal, or null when it failed
 * (the state says why). Sent twice, the backend answers the first.
 */
export async function confirmWithdrawal(): Promise<Withdrawal | null> {
  const state = $withdrawal.get();
  if (state.orderId === null || state.step === 'sending' || state.step === 'done') return null;
  const { orderId } = state;
  $withdrawal.set({ ...state, step: 'sending', message: '' });
  try {
    const receipt = await withdrawOrder(orderId, state.access);
    const now = $withdrawal.get();
    const order = now.order && { ...now.order, status: 'withdrawn' as const };
    $withdrawal.set({ ...now, step: 'done', order, receipt });
    return receipt;
  } catch (error) {
    $withdrawal.set({ ...$withdrawal.get(), step: 'error', ...failure(error) });
    return null;
  }
}

/** Ends the withdrawal dialog's state (after it closed). */
export function closeWithdrawal(): void {
  $withdrawal.set(IDLE);
}
