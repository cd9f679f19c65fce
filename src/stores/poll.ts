/**
 * The poll on the poll page: this session's answers (read on load, so a poll answered earlier
 * shows answered), answering a question once, the scores after each answer, and what the live
 * region announces. The shell for poll ids the build did not know looks the poll up first.
 */

import { atom } from 'nanostores';
import { ApiRequestError, NO_RESPONSE } from '../lib/api/client.ts';
import {
  answerQuestion,
  getPoll,
  getPollAnswers,
  getPollScore,
  getQuestionScore,
} from '../lib/api/poll.ts';
import { readXsrfToken } from '../lib/api/xsrf.ts';
import { answerAnnouncement, answerErrorMessage, CHOOSE_FIRST } from '../lib/domain/poll.ts';
import type { Poll, PollAnswer, PollScore, QuestionScore } from '../lib/types.ts';

/** One question of the poll on the page. */
export interface QuestionState {
  /** `open` until answered; `sending` while the answer is on its way. */
  status: 'open' | 'sending' | 'answered';
  /** The answer that stands, once there is one. */
  answer: PollAnswer | null;
  /** Answers per option over every shopper, read after answering; null until then. */
  score: QuestionScore | null;
  /** Why the last answer or score read failed, in Norwegian; null when nothing failed. */
  error: string | null;
}

/** The poll on the page and where answering it stands. */
export interface PollState {
  poll: Poll | null;
  /** `loading` while this session's earlier answers are read. */
  status: 'idle' | 'loading' | 'ready';
  questions: Readonly<Record<number, QuestionState>>;
  /** This session's score; null until it has answered something. */
  score: PollScore | null;
  /** The latest news for the live region. */
  announcement: string;
}

/** A question nobody has answered in this session. */
export const OPEN_QUESTION: QuestionState = {
  status: 'open',
  answer: null,
  score: null,
  error: null,
};

const SCORE_FAILED = 'Resultatene kunne ikke hentes akkurat nå.';

/** The poll on the page. */
export const $poll = atom<PollState>({
  poll: null,
  status: 'idle',
  questions: {},
  score: null,
  announcement: '',
});

/** The state of question `id`: open when the poll has not heard of it. */
export function questionState(state: PollState, id: number): QuestionState {
  return state.questions[id] ?? OPEN_QUESTION;
}

function setQuestion(id: number, change: Partial<QuestionState>): void {
  const state = $poll.get();
  $poll.set({
    ...state,
    questions: { ...state.questions, [id]: { ...questionState(state, id), ...change } },
  });
}

/** Reads the scores of `questionIds` and of the poll, each where it is answered. */
async function loadScores(pollId: number, questionIds: readonly number[]): Promise<void> {
  const [pollScore, ...scores] = await Promise.allSettled([
    getPollScore(pollId),
    ...questionIds.map((id) => getQuestionScore(id)),
  ]);
  if ($poll.get().poll?.id !== pollId) return;
  questionIds.forEach((id, i) => {
    const result = scores[i];
    const score = result?.status === 'fulfilled' ? result.value : null;
    setQuestion(id, score ? { score, error: null } : { error: SCORE_FAILED });
  });
  if (pollScore?.status === 'fulfilled' && pollScore.value) {
    $poll.set({ ...$poll.get(), score: pollScore.value });
  }
}

/**
 * Shows `poll` on the page with this session's earlier answers and their scores. Without an
 * API session (no `XSRF-TOKEN` cookie) nothing was answered, so nothing is asked. Never
 * rejects: answers that cannot be read leave the questions open (a second answer then gets
 * the stored one back).
 */
export async function showPoll(poll: Poll): Promise<void> {
  $poll.set({ poll, status: 'loading', questions: {}, score: null, announcement: '' });
  let answers: PollAnswer[] = [];
  if (readXsrfToken() !== null) {
    try {
      answers = await getPollAnswers(poll.id);
    } catch (error) {
      console.warn('Could not read the poll answers', error);
    }
  }
  if ($poll.get().poll?.id !== poll.id) return;
  const asked = new Set(poll.questions.map((q) => q.id));
  const answered = answers.filter((a) => asked.has(a.questionId));
  $poll.set({
    ...$poll.get(),
    status: 'ready',
    questions: Object.fromEntries(
      answered.map((answer) => [
        answer.questionId,
        { ...OPEN_QUESTION, status: 'answered', answer },
      ]),
    ),
  });
  if (answered.length > 0) {
    await loadScores(
      poll.id,
      answered.map((a) => a.questionId),
    );
  }
}

/**
 * Answers question `questionId` of the poll on the page with `optionId` (null: none chosen,
 * which is only told to choose first), then reads the scores again. A question answered before (in another tab) shows the answer that stands.
 * Nothing is sent before the earlier answers are read, or for a question not open. Never
 * rejects; a failure sets the question's Norwegian error and leaves it open.
 */
export async function answerPollQuestion(
  questionId: number,
  optionId: number | null,
): Promise<void> {
  const state = $poll.get();
  const { poll } = state;
  const question = poll?.questions.find((q) => q.id === questionId);
  // Until the earlier answers are read, a question may not be open at all.
  if (!poll || !question || state.status !== 'ready') return;
  if (questionState(state, questionId).status !== 'open') return;
  if (optionId === null) {
    setQuestion(questionId, { error: CHOOSE_FIRST });
    return;
  }
  setQuestion(questionId, { status: 'sending', error: null });
  try {
    const { answer, isNew } = await answerQuestion(questionId, optionId);
    if ($poll.get().poll?.id !== poll.id) return;
    setQuestion(questionId, { status: 'answered', answer });
    $poll.set({ ...$poll.get(), announcement: answerAnnouncement(answer, question, isNew) });
    await loadScores(poll.id, [questionId]);
  } catch (error) {
    const status = error instanceof ApiRequestError ? error.status : NO_RESPONSE;
    if (status === NO_RESPONSE || status >= 500) console.error('Could not answer', error);
    setQuestion(questionId, { status: 'open', error: answerErrorMessage(status) });
  }
}

/** The poll a shell page looks up by the id in its URL. */
export type PollLookup =
  { state: 'loading' } | { state: 'found'; poll: Poll } | { state: 'missing' } | { state: 'error' };

/** The shell's lookup. */
export const $pollLookup = atom<PollLookup>({ state: 'loading' });

/**
 * Looks up poll `id` (null: the URL names none) and, when found, shows it. Never rejects;
 * a 404 or no id is `missing`, any other failure `error`.
 */
export async function lookUpPoll(id: number | null): Promise<void> {
  if (id === null) {
    $pollLookup.set({ state: 'missing' });
    return;
  }
  $pollLookup.set({ state: 'loading' });
  try {
    const poll = await getPoll(id);
    $pollLookup.set(poll ? { state: 'found', poll } : { state: 'missing' });
    if (poll) await showPoll(poll);
  } catch (error) {
    console.warn('Could not look up the poll', error);
    $pollLookup.set({ state: 'error' });
  }
}
