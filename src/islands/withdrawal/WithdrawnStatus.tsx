import type { Ref } from 'react';
import { unitsText } from '../../lib/domain/withdrawal.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import type { WithdrawalReceipt } from '../../lib/types.ts';

/**
 * What stands where the withdrawal page's button or form was, once a withdrawal is recorded:
 * what was withdrawn, when, and where the receipt went. Takes focus after the dialog closes
 * (`node`), since the control that opened it is gone.
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
