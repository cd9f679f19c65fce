/**
 * Mappers for polls, their answers and scores. They run at build time (the pre-rendered poll
 * pages) and in the browser (the poll page's island and the shell for poll ids the build did
 * not know), so their checks are the light ones of common.ts.
 */

import type {
  ApiPoll,
  ApiPollAnswer,
  ApiPollOption,
  ApiPollQuestion,
  ApiPollScore,
  ApiQuestionScore,
} from '../../../contract/index.ts';
import type { Poll, PollAnswer, PollQuestion, PollScore, QuestionScore } from '../types.ts';
import { isNumber } from '../../../contract/guards.ts';
import { hasFields, mapList, missingData } from './common.ts';
import { picture } from './picture.ts';

const toOption = (wire: ApiPollOption): ApiPollOption | null =>
  hasFields(wire, ['id'], ['text']) ? { id: wire.id, text: wire.text } : null;

/** Maps a question; needs id and text and at least one option with id and text. */
function toQuestion(wire: ApiPollQuestion): PollQuestion | null {
  if (!hasFields(wire, ['id'], ['question'])) return missingData('poll question', wire);
  const options = mapList(wire.options, toOption);
  if (options.length === 0) return missingData('poll question', wire, 'no options');
  return { id: wire.id, question: wire.question, options };
}

/**
 * Maps a poll; needs id and name. Questions without id, text or options are left out; a banner
 * the brand's picture policy refuses becomes null (and is counted as 'Missing data').
 */
export function toPoll(wire: ApiPoll): Poll | null {
  if (!hasFields(wire, ['id'], ['name'])) return missingData('poll', wire);
  return {
    id: wire.id,
    name: wire.name,
    description: typeof wire.description === 'string' ? wire.description : '',
    bannerDesktop: picture('poll', wire, 'bannerDesktop', wire.bannerDesktop),
    bannerMobile: picture('poll', wire, 'bannerMobile', wire.bannerMobile),
    questions: mapList(wire.questions, toQuestion),
  };
}

/** Maps an answer; needs question and option ids. `correct` other than a boolean is null. */
export function toPollAnswer(wire: ApiPollAnswer): PollAnswer | null {
  if (!hasFields(wire, ['questionId', 'optionId'])) return missingData('poll answer', wire);
  return {
    questionId: wire.questionId,
    optionId: wire.optionId,
    correct: typeof wire.correct === 'boolean' ? wire.correct : null,
  };
}

/** Maps a question's score; options without an id or a count are left out. */
export function toQuestionScore(wire: ApiQuestionScore): QuestionScore | null {
  if (!hasFields(wire, ['questionId'])) return missingData('question score', wire);
  return {
    questionId: wire.questionId,
    options: mapList(wire.options, (o) =>
      hasFields(o, ['optionId', 'count']) ? { optionId: o.optionId, count: o.count } : null,
    ),
  };
}

/** Maps a poll score; a share outside 0..1 (or none) is null. */
export function toPollScore(wire: ApiPollScore): PollScore | null {
  if (!hasFields(wire, ['pollId', 'answers'])) return missingData('poll score', wire);
  const share = wire.correctShare;
  return {
    pollId: wire.pollId,
    answers: wire.answers,
    correctShare: isNumber(share) && share >= 0 && share <= 1 ? share : null,
  };
}
