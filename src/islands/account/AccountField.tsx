import { useEffect, useId, useRef, type InputHTMLAttributes } from 'react';

/** Props of {@link AccountField}: an input's own attributes plus its label, hint and error. */
export interface AccountFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string | undefined;
  /** The field's error, read out with the field; none when valid. */
  error?: string | undefined;
}

/** A labelled field of the account forms whose hint and error are tied to the input. */
export function AccountField({ label, hint, error, className, ...input }: AccountFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].join(' ').trim();
  return (
    <div className={`grid content-start gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm">
          {hint}
        </p>
      )}
      <input
        id={id}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy || undefined}
        className="h-11 rounded-md border border-black/40 px-3 aria-invalid:border-2 aria-invalid:border-red-800"
        {...input}
      />
      {error && (
        <p
          id={`${id}-err`}
          className="text-sm font-semibold text-red-800"
          data-field-error={input.name}
        >
          {error}
        </p>
      )}
    </div>
  );
}

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
