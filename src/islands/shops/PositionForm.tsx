import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import {
  $position,
  $positionStatus,
  positionFromBrowser,
  positionFromPostalCode,
} from '../../stores/position.ts';

/**
 * Where the shopper is, for sorting shops by distance (SPEC 4, Client position): a postal
 * code ('Finn nærmeste') or the browser's position ('Bruk min posisjon'), with the lookup's
 * progress and errors read out politely.
 */
export function PositionForm() {
  const position = useStore($position);
  const status = useStore($positionStatus);
  const [code, setCode] = useState('');
  const ids = useId();
  const error = status.state === 'error' ? status.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void positionFromPostalCode(code);
  };

  return (
    <>
      <form onSubmit={submit} className="mb-3 flex flex-wrap items-end gap-2" noValidate>
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
            aria-invalid={error !== null}
            aria-describedby={error ? `${ids}-err` : undefined}
            className="h-11 w-28 rounded-md border border-black/40 px-3"
          />
        </div>
        <button
          type="submit"
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
      </form>
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
