import { useId, useState, type FormEvent } from 'react';
import { submitReview } from '../../stores/account-history.ts';
import { FormMessage, PRIMARY_BUTTON } from './FormMessage.tsx';

/** A review of an article the customer bought: stars, text, fit, and whether to be named. */
export function ReviewForm({
  article,
  onDone,
}: {
  article: { id: number; name: string };
  onDone: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [trueToSize, setTrueToSize] = useState(true);
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === 0 || content.trim() === '') {
      setError('Velg antall stjerner og skriv noen ord om varen.');
      return;
    }
    setBusy(true);
    const result = await submitReview({
      articleId: article.id,
      rating,
      content: content.trim(),
      trueToSize,
      anonymous,
    });
    setBusy(false);
    if (result.ok) onDone();
    else setError(result.message);
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid max-w-xl gap-3 rounded-md border border-gray-200 p-4"
      aria-label={`Anmeldelse av ${article.name}`}
      noValidate
      data-review-form={article.id}
    >
      <FormMessage message={error} kind="error" />
      <fieldset className="flex flex-wrap gap-3">
        <legend className="mb-1 font-semibold">Vurdering</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
              className="h-5 w-5"
            />
            {n} {n === 1 ? 'stjerne' : 'stjerner'}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-text`} className="font-semibold">
        Hva synes du om varen?
      </label>
      <textarea
        id={`${id}-text`}
        name="content"
        rows={4}
        maxLength={2000}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        className="rounded-md border border-black/40 p-3"
      />
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          checked={trueToSize}
          onChange={(e) => setTrueToSize(e.target.checked)}
          className="h-5 w-5"
        />
        Størrelsen stemmer
      </label>
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          checked={anonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
          className="h-5 w-5"
        />
        Publiser uten navnet mitt
      </label>
      <p>
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy} aria-busy={busy}>
          Send anmeldelsen
        </button>
      </p>
    </form>
  );
}
