import { useEffect, useState } from 'react';
import { verifyEmail } from '../../stores/session.ts';
import { FormMessage } from './FormMessage.tsx';

/** Confirms the e-mail address from the link in the verification e-mail (`?id=…&token=…`). */
export default function VerifyEmail() {
  const [result, setResult] = useState<{ kind: 'error' | 'success'; message: string } | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const id = Number(params.get('id'));
    const token = params.get('token') ?? '';
    if (!Number.isInteger(id) || id <= 0 || token === '') {
      setResult({ kind: 'error', message: 'Lenken er ikke gyldig.' });
      return;
    }
    void verifyEmail(id, token).then((answer) =>
      setResult(
        answer.ok
          ? { kind: 'success', message: 'Takk! E-postadressen din er bekreftet.' }
          : { kind: 'error', message: answer.message },
      ),
    );
  }, []);

  if (result === null) return <p aria-busy="true">Bekrefter e-postadressen …</p>;
  return (
    <div className="grid max-w-md gap-3" data-verify={result.kind}>
      <FormMessage message={result.message} kind={result.kind} />
      <p>
        <a href="/min-side" className="underline underline-offset-2">
          Gå til Min side
        </a>
      </p>
    </div>
  );
}
