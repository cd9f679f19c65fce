import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pollScoreText } from '../../lib/domain/poll.ts';
import type { Poll } from '../../lib/types.ts';
import {
  $poll,
  answerPollQuestion,
  OPEN_QUESTION,
  questionState,
  showPoll,
} from '../../stores/poll.ts';
import { PollQuestion } from './PollQuestion.tsx';

/**
 * The poll's questions, answered one at a time, with this session's score below them and a
 * live region that reads out what each answer gave.
 */
export default function PollQuestions({ poll }: { poll: Poll }) {
  const state = useStore($poll);
  useEffect(() => {
    void showPoll(poll);
  }, [poll]);
  // Until the island has shown this poll, the built HTML's open questions stand.
  const shown = state.poll?.id === poll.id ? state : null;
  const score = shown?.score;
  return (
    <div className="grid gap-6">
      <ol className="grid gap-6">
        {poll.questions.map((question, i) => (
          <PollQuestion
            key={question.id}
            question={question}
            number={i + 1}
            state={shown ? questionState(shown, question.id) : OPEN_QUESTION}
            ready={shown?.status === 'ready'}
            onAnswer={(optionId) => void answerPollQuestion(question.id, optionId)}
          />
        ))}
      </ol>
      <p role="status" className="sr-only" data-poll-announcement>
        {shown?.announcement}
      </p>
      {score && score.answers > 0 && (
        <section
          aria-labelledby="poll-poengsum"
          className="bg-surface rounded-lg p-4 sm:p-6"
          data-poll-score
        >
          <h2 id="poll-poengsum" className="text-xl font-bold">
            Din poengsum
          </h2>
          <p>{pollScoreText(score, poll.questions.length)}</p>
        </section>
      )}
    </div>
  );
}
