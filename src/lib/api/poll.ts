/**
 * Polls (docs/spec.md §7 and contract/README.md, "Polls"): the active poll and polls by id, which the
 * build pre-renders; this session's answers and the scores, which the poll page reads in the
 * browser; and answering a question. The client comes last (default client).
 */

import type {
  ApiPoll,
  ApiPollAnswer,
  ApiPollAnswerConflict,
  ApiPollAnswerRequest,
  ApiPollScore,
  ApiQuestionScore,
} from '../../../contract/index.ts';
import { isRecord } from '../../../contract/guards.ts';
import { mapList } from '../mappers/common.ts';
import { toPoll, toPollAnswer, toPollScore, toQuestionScore } from '../mappers/poll.ts';
import type { Poll, PollAnswer, PollScore, QuestionScore } from '../types.ts';
import { ApiRequestError, defaultClient, orNullOn404, type ApiClient } from './client.ts';

/** The active poll; null when none is running. */
export async function getActivePoll(client: ApiClient = defaultClient()): Promise<Poll | null> {
  const wire = await orNullOn404(client.get<ApiPoll>('polls/active'));
  return wire && toPoll(wire);
}

/** A poll by id; null when there is none. */
export async function getPoll(
  id: number,
  client: ApiClient = defaultClient(),
): Promise<Poll | null> {
  const wire = await orNullOn404(client.get<ApiPoll>(`polls/${id}`));
  return wire && toPoll(wire);
}

/** This session's answers to a poll, in question order. */
export async function getPollAnswers(
  id: number,
  client: ApiClient = defaultClient(),
): Promise<PollAnswer[]> {
  return mapList(await client.get<ApiPollAnswer[]>(`polls/${id}/answers`), toPollAnswer);
}

/** This session's score in a poll; null when the answer lacks it. */
export async function getPollScore(
  id: number,
  client: ApiClient = defaultClient(),
): Promise<PollScore | null> {
  return toPollScore(await client.get<ApiPollScore>(`polls/${id}/score`));
}

/** Answers per option of one question, over every shopper; null when the answer lacks it. */
export async function getQuestionScore(
  questionId: number,
  client: ApiClient = defaultClient(),
): Promise<QuestionScore | null> {
  return toQuestionScore(await client.get<ApiQuestionScore>(`polls/questions/${questionId}/score`));
}

/** What answering a question gave: the answer that stands, and whether it is the one sent. */
export interface GivenAnswer {
  answer: PollAnswer;
  /** False when the session had answered before (409): `answer` is that earlier answer. */
  isNew: boolean;
}

function storedAnswer(error: ApiRequestError): PollAnswer | null {
  const data = error.data as Partial<ApiPollAnswerConflict> | null;
  return isRecord(data) && isRecord(data.answer) ? toPollAnswer(data.answer) : null;
}

/**
 * Answers a question with one of its options (`POST polls/questions/{id}/answers`). A 409
 * gives the answer the session stored before; other failures throw an {@link ApiRequestError}.
 */
export async function answerQuestion(
  questionId: number,
  optionId: number,
  client: ApiClient = defaultClient(),
): Promise<GivenAnswer> {
  const body: ApiPollAnswerRequest = { optionId };
  try {
    const answer = toPollAnswer(
      await client.post<ApiPollAnswer>(`polls/questions/${questionId}/answers`, { ...body }),
    );
    if (answer === null) throw new ApiRequestError(500, 'The answer lacks its ids.');
    return { answer, isNew: true };
  } catch (error) {
    const earlier = error instanceof ApiRequestError && error.status === 409 && storedAnswer(error);
    if (earlier) return { answer: earlier, isNew: false };
    throw error;
  }
}
