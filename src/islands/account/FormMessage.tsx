import { useEffect, useRef } from 'react';

/** Classes of the account pages' main buttons. */
export const PRIMARY_BUTTON =
  'bg-brand text-brand-ink inline-flex min-h-11 items-center justify-center rounded-md px-5 font-semibold hover:underline disabled:opacity-60';

/** Classes of secondary buttons (outlined). */
export const SECONDARY_BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-black/40 px-5 font-semibold hover:bg-black/5 disabled:opacity-60';

/**
 * A form's message: an error is an alert (read out at once), a confirmation a polite
 * status. It takes focus when it appears, so keyboard users land on what happened.
 */
export function FormMessage({
  message,
  kind,
}: {
  message: string | null;
  kind: 'error' | 'success';
}) {
  const node = useRef<HTMLParagraphElement>(null);
  // Only a new message takes focus: typing in a field afterwards must keep focus there.
  useEffect(() => {
    if (message) node.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p
      ref={node}
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
      className={`rounded-md border-l-4 p-3 font-semibold ${kind === 'error' ? 'border-red-800 bg-red-50 text-red-900' : 'border-green-800 bg-green-50 text-green-900'}`}
      data-form-message={kind}
    >
      {message}
    </p>
  );
}
