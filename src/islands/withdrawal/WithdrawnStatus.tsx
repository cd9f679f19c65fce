import type { Ref } from 'react';
import type { Withdrawal } from '../../lib/types.ts';

/**
 * What stands where the withdrawal page's button or form was, once the order is withdrawn:
 * the order and where the receipt went. Takes focus after the dialog closes (`node`), since
 * the control that opened it is gone.
 */
export function WithdrawnStatus({
  withdrawal,
  node,
}: {
  withdrawal: Withdrawal;
  node: Ref<HTMLParagraphElement>;
}) {
  return (
    <p ref={node} role="status" tabIndex={-1} className="font-semibold">
      Ordre {withdrawal.orderId} er angret.
      {withdrawal.email !== '' && ` Kvitteringen er sendt til ${withdrawal.email}.`}
    </p>
  );
}
