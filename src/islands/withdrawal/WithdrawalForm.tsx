import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  checkWithdrawalForm,
  type WithdrawalFormErrors,
} from '../../lib/domain/withdrawal-form.ts';
import type { WithdrawalReceipt } from '../../lib/types.ts';
import { PRIMARY_BUTTON } from '../account/FormMessage.tsx';
import { announceLive } from '../directives/hydrate-event.ts';
import { FormField } from '../shared/FormField.tsx';
import { useModule } from '../shared/use-module.ts';
import { useWithdrawnFocus, WithdrawnStatus } from './WithdrawnStatus.tsx';

// The dialog, its store and the API calls load once the form is sent.
const loadWithdrawalDialog = () => import('./WithdrawalDialog.tsx');

/**
 * The withdrawal form (`/angre-kjop`): the order number and the e-mail address the order was
 * made with; 'Angre kjøpet' opens the dialog that shows the order and asks to confirm. For
 * a shopper with neither the confirmation's link nor an account. Hydrates on interaction;
 * a form sent before that is held back and sent again once the island is live. The fields
 * have no `name`, so that the address never reaches a URL, even should the browser send
 * the form itself.
 */
export default function WithdrawalForm() {
  const root = useRef<HTMLDivElement>(null);
  const orderField = useRef<HTMLInputElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const [errors, setErrors] = useState<WithdrawalFormErrors>({});
  const [request, setRequest] = useState<{ orderId: number; email: string } | null>(null);
  const [withdrawn, setWithdrawn] = useState<WithdrawalReceipt | null>(null);
  const dialogModule = useModule(loadWithdrawalDialog, request !== null);

  // Live now: a click made before hydration may be replayed (client:interaction).
  useEffect(() => announceLive(root.current), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Read from the fields themselves: what was typed before hydration is there too.
    const checked = checkWithdrawalForm({
      orderNumber: orderField.current?.value ?? '',
      email: emailField.current?.value ?? '',
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      (checked.errors.orderNumber === undefined ? emailField : orderField).current?.focus();
      return;
    }
    setErrors({});
    setRequest({ orderId: checked.orderId, email: checked.email });
  };

  const closed = () => setRequest(null);

  useWithdrawnFocus(status, withdrawn, request !== null);

  return (
    <div ref={root} className="grid gap-4" data-withdrawal-by-order>
      {withdrawn ? (
        <WithdrawnStatus receipt={withdrawn} node={status} />
      ) : (
        <form
          onSubmit={submit}
          className="grid max-w-md gap-4"
          noValidate
          aria-label="Angre et kjøp"
        >
          <FormField
            ref={orderField}
            label="Ordrenummer"
            hint="Står i ordrebekreftelsen på e-post."
            inputMode="numeric"
            autoComplete="off"
            required
            error={errors.orderNumber}
          />
          <FormField
            ref={emailField}
            label="E-postadresse"
            hint="Den du brukte da du bestilte."
            type="email"
            autoComplete="email"
            required
            error={errors.email}
          />
          <p>
            <button type="submit" className={PRIMARY_BUTTON}>
              Angre kjøpet
            </button>
          </p>
        </form>
      )}
      {request && dialogModule && (
        <dialogModule.WithdrawalDialog
          orderId={request.orderId}
          access={{ email: request.email }}
          onClose={closed}
          onWithdrawn={setWithdrawn}
        />
      )}
    </div>
  );
}
