import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  $position,
  $positionStatus,
  positionFromBrowser,
  positionFromPostalCode,
} from '../../stores/position.ts';

/** Props of {@link PositionForm}. */
export interface PositionFormProps {
  /**
   * Inside another form (the checkout) a form of its own would be invalid HTML and its
   * button would submit the outer one, so it renders as a group that answers Enter itself.
   */
  nested?: boolean;
}

/**
 * Where the shopper is, for sorting shops by distance (docs/spec.md §4, Client position): a postal
 * code ('Finn nærmeste') or the browser's position ('Bruk min posisjon'), with the lookup's
 * progress and errors read out politely.
 */
export function PositionForm({ nested = false }: PositionFormProps) {
  const position = useStore($position);
  const status = useStore($positionStatus);
  const [code, setCode] = useState('');
  const ids = useId();
  const error = status.state === 'error' ? status.message : null;

  const submit = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    void positionFromPostalCode(code);
  };
  const Wrapper = nested ? 'div' : 'form';
  const wrapperProps = nested
    ? { role: 'group', 'aria-label': 'Finn nærmeste butikk' }
    : { onSubmit: submit, noValidate: true };

  return (
    <>
      <Wrapper {...wrapperProps} className="mb-3 flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={`${ids}-pc`} className="text-sm font-semibold">
            Postnummer
          </label>
          <input
            id={`${ids}-pc`}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (nested && e.key === 'Enter') submit(e);
            }}
            aria-invalid={error !== null}
            aria-describedby={error ? `${ids}-err` : undefined}
            className="h-11 w-28 rounded-md border border-black/40 px-3"
          />
        </div>
        <button
          type={nested ? 'button' : 'submit'}
          onClick={nested ? submit : undefined}
          className="bg-brand text-brand-ink h-11 rounded-md px-4 font-semibold"
        >
          Finn nærmeste
        </button>
        <button
          type="button"
          onClick={() => void positionFromBrowser()}
          className="h-11 rounded-md border border-black/40 px-4 font-semibold"
        >
          Bruk min posisjon
        </button>
      </Wrapper>
      <div aria-live="polite" className="min-h-6 text-sm">
        {error && (
          <p id={`${ids}-err`} className="font-semibold text-red-800">
            {error}
          </p>
        )}
        {status.state === 'loading' && <p>Finner posisjonen din …</p>}
        {position && status.state === 'idle' && <p>Sortert etter avstand fra {position.label}.</p>}
      </div>
    </>
  );
}
