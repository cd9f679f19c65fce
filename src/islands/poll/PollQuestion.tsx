import type { FormEvent } from 'react';
import { answersInTotal, answerVerdict, optionShares } from '../../lib/domain/poll.ts';
import { formatAnswerCount } from '../../lib/format/count.ts';
import { formatPercent } from '../../lib/format/number.ts';
import type { PollQuestion as Question } from '../../lib/types.ts';
import type { QuestionState } from '../../stores/poll.ts';

interface Props {
  question: Question;
  /** Its place in the poll, from 1. */
  number: number;
  state: QuestionState;
  /** Whether answering can start (the session's earlier answers are read). */
  ready: boolean;
  onAnswer: (optionId: number | null) => void;
}

/**
 * One question: a radio group in a fieldset named by its legend, and a button that answers
 * it. Once answered, the choice stays checked, the verdict shows where the question has a
 * right answer, and the answers per option follow as text and as bars.
 */
export function PollQuestion({ question, number, state, ready, onAnswer }: Props) {
  const { answer, score, error } = state;
  const answered = state.status === 'answered';
  const ids = `sporsmal-${String(question.id)}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get('svar');
    onAnswer(typeof chosen === 'string' ? Number(chosen) : null);
  }

  const verdict = answer && answerVerdict(answer);
  const shares = score && optionShares(question, score);
  return (
    <li className="rounded-lg border border-gray-300 p-4 sm:p-6" data-poll-question={question.id}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {/* Keyed by the answer, so the stored choice is the checked one once known. */}
        <fieldset key={answer?.optionId ?? 'open'} className="grid gap-2">
          <legend className="mb-2 text-lg font-semibold">
            {number}. {question.question}
          </legend>
          {question.options.map((option) => (
            <label
              key={option.id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-black/5 has-disabled:cursor-default"
            >
              <input
                type="radio"
                name="svar"
                value={option.id}
                defaultChecked={answer?.optionId === option.id}
                disabled={answered}
                className="size-5 accent-current"
              />
              {option.text}
            </label>
          ))}
        </fieldset>
        {/* It stays when answered (aria-disabled), so keyboard focus is never lost. */}
        <button
          type="submit"
          disabled={!ready && !answered}
          aria-disabled={answered || state.status === 'sending' ? true : undefined}
          aria-describedby={error ? `${ids}-feil` : undefined}
          className="bg-brand text-brand-ink inline-flex min-h-11 items-center justify-self-start rounded-md px-5 font-semibold hover:underline disabled:opacity-60 aria-disabled:opacity-60 aria-disabled:hover:no-underline"
        >
          {answered ? 'Besvart' : state.status === 'sending' ? 'Sender …' : 'Svar'}
        </button>
        {error && (
          <p
            id={`${ids}-feil`}
            role="alert"
            className="rounded-md border-l-4 border-red-800 bg-red-50 p-3 font-semibold text-red-900"
          >
            {error}
          </p>
        )}
      </form>
      {answer && (
        <div className="mt-4 grid gap-3" data-poll-result>
          <p>
            {verdict && (
              <strong className={answer.correct ? 'text-green-800' : 'text-red-800'}>
                {verdict}{' '}
              </strong>
            )}
            Du svarte «{question.options.find((o) => o.id === answer.optionId)?.text}».
          </p>
          {shares && (
            <>
              <p id={`${ids}-svar`} className="font-semibold">
                Slik har alle svart ({formatAnswerCount(answersInTotal(shares))}):
              </p>
              <ul className="grid gap-3" aria-labelledby={`${ids}-svar`}>
                {shares.map((s) => (
                  <li key={s.optionId} className="grid gap-1" data-poll-share={s.optionId}>
                    <span className="flex flex-wrap justify-between gap-x-4">
                      <span id={`${ids}-valg-${String(s.optionId)}`}>
                        {s.text}
                        {s.optionId === answer.optionId && ' (ditt svar)'}
                      </span>
                      <span>
                        {formatAnswerCount(s.count)} · {formatPercent(s.share)}
                      </span>
                    </span>
                    <meter
                      min={0}
                      max={1}
                      value={s.share}
                      aria-labelledby={`${ids}-valg-${String(s.optionId)}`}
                      className="h-3 w-full [&::-webkit-meter-bar]:rounded-full [&::-webkit-meter-bar]:border-0 [&::-webkit-meter-bar]:bg-gray-200 [&::-webkit-meter-optimum-value]:rounded-full [&::-webkit-meter-optimum-value]:bg-current"
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </li>
  );
}
