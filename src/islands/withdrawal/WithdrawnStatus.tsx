import { useEffect, type Ref, type RefObject } from 'react';
import { unitsText } from '../../lib/domain/withdrawal.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import type { WithdrawalReceipt } from '../../lib/types.ts';

/**
 * Gives the status `node` focus once the withdrawal is recorded and its dialog has closed,
 * whichever comes last: the control that opened the dialog is gone then, and Escape may close
 * the dialog before the status has rendered (the dialog shows its receipt first).
 */
export function useWithdrawnFocus(
  node: RefObject<HTMLParagraphElement | null>,
  withdrawn: WithdrawalReceipt | null,
  dialogOpen: boolean,
): void {
  useEffect(() => {
    if (withdrawn !== null && !dialogOpen) node.current?.focus();
  }, [node, withdrawn, dialogOpen]);
}

/**
 * What stands where the withdrawal page's button or form was, once a withdrawal is recorded:
 * what was withdrawn, when, and where the receipt went. Takes focus after the dialog closes
 * (`node`, {@link useWithdrawnFocus}), since the control that opened it is gone.
 */
export function WithdrawnStatus({
  receipt,
  node,
}: {
  receipt: WithdrawalReceipt;
  node: Ref<HTMLParagraphElement>;
}) {
  const { withdrawal, units } = receipt;
  const whole = receipt.order.status === 'withdrawn';
  const order = String(withdrawal.orderId);
  const when = formatDateTime(withdrawal.withdrawnAt);
  return (
    <p ref={node} role="status" tabIndex={-1} className="font-semibold">
      {whole
        ? `Ordre ${order} er angret ${when}.`
        : `Du har angret ${unitsText(units)} fra ordre ${order} ${when}.`}
      {withdrawal.email !== '' && ` Kvitteringen er sendt til ${withdrawal.email}.`}
    </p>
  );
}
