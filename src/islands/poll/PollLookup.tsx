import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { POLL_PATH, pollIdFromPath } from '../../lib/domain/poll.ts';
import { $pollLookup, lookUpPoll } from '../../stores/poll.ts';
import { PollHeader } from './PollHeader.tsx';
import PollQuestions from './PollQuestions.tsx';

/**
 * The shell's island: the host rewrites `/avstemning/{id}` paths the build did not know to
 * the shell, and this looks the id up and shows that poll, or says it was not found.
 */
export default function PollLookup() {
  const lookup = useStore($pollLookup);
  useEffect(() => {
    void lookUpPoll(pollIdFromPath(location.pathname));
  }, []);
  useEffect(() => {
    if (lookup.state === 'found') document.title = lookup.poll.name;
  }, [lookup]);

  if (lookup.state === 'found') {
    return (
      <div className="grid gap-8">
        <PollHeader poll={lookup.poll} />
        <PollQuestions poll={lookup.poll} />
      </div>
    );
  }
  if (lookup.state === 'loading') {
    return (
      <h1 className="text-3xl font-bold" aria-busy="true">
        Laster avstemningen …
      </h1>
    );
  }
  return (
    <div className="grid gap-4" role={lookup.state === 'error' ? 'alert' : undefined}>
      <h1 className="text-3xl font-bold">
        {lookup.state === 'missing' ? 'Fant ikke avstemningen' : 'Noe gikk galt'}
      </h1>
      <p>
        {lookup.state === 'missing'
          ? 'Avstemningen finnes ikke, eller lenken er feil.'
          : 'Vi kunne ikke hente avstemningen akkurat nå. Prøv igjen om litt.'}
      </p>
      <p>
        <a href={POLL_PATH} className="text-brand font-semibold underline underline-offset-2">
          Se avstemningen som pågår nå
        </a>
      </p>
    </div>
  );
}
