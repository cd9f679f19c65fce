/**
 * Tenant settings and poll reads of SPEC 7; the client comes last (default client). The
 * blog's reads are in blog.ts.
 */

import type {
  ApiPoll,
  ApiPollAnswer,
  ApiPollScore,
  ApiQuestionScore,
  ApiSettings,
  ApiTenant,
} from '../../../contract/index.ts';
import { toPoll, toSettings, toTenant } from '../mappers/content.ts';
import type { Poll, PollAnswer, PollScore, QuestionScore, Settings, Tenant } from '../types.ts';
import { ApiRequestError, defaultClient, type ApiClient } from './client.ts';

async function orNullOn404<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** Settings of a brand (`GET tenant/get?tenant=`). */
export async function getTenant(
  tenant: string,
  client: ApiClient = defaultClient(),
): Promise<Tenant | null> {
  return toTenant(await client.get<ApiTenant>('tenant/get', { tenant }));
}

/** Home layout settings of a brand (`GET settings?tenant=`). */
export async function getSettings(
  tenant: string,
  client: ApiClient = defaultClient(),
): Promise<Settings | null> {
  return toSettings(await client.get<ApiSettings>('settings', { tenant }));
}

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

/** Score of a whole poll. */
export async function getPollScore(
  id: number,
  client: ApiClient = defaultClient(),
): Promise<PollScore> {
  return client.get<ApiPollScore>(`polls/${id}/score`);
}

/** Answers per option of one question. */
export async function getQuestionScore(
  questionId: number,
  client: ApiClient = defaultClient(),
): Promise<QuestionScore> {
  return client.get<ApiQuestionScore>(`polls/questions/${questionId}/score`);
}

/** This session's answers to a poll. */
export async function getPollAnswers(
  id: number,
  client: ApiClient = defaultClient(),
): Promise<PollAnswer[]> {
  return client.get<ApiPollAnswer[]>(`polls/${id}/answers`);
}

/** This session's answers to one question. */
export async function getQuestionAnswers(
  questionId: number,
  client: ApiClient = defaultClient(),
): Promise<PollAnswer[]> {
  return client.get<ApiPollAnswer[]>(`polls/questions/${questionId}/answers`);
}
