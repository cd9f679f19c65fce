import { useId, type InputHTMLAttributes, type Ref } from 'react';

/** Props of {@link FormField}: an input's own attributes plus its label, hint and error. */
export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** The input element itself, for a form that reads or focuses it. */
  ref?: Ref<HTMLInputElement>;
  label: string;
  hint?: string | undefined;
  /** The field's error, read out with the field; none when valid. */
  error?: string | undefined;
}

/**
 * A labelled field of the shop's forms (checkout, account) whose hint and error are tied to
 * the input and read out with it.
 */
export function FormField({ label, hint, error, className, ...input }: FormFieldProps) {
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
