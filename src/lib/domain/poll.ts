/**
 * Poll rules the pages and the poll island share: where polls live, what an answer's verdict
 * and the scores say in Norwegian, and what a failed answer tells the shopper. The spec shows no
 * poll texts, so these are the shop's own.
 */

import { formatPercent } from '../format/number.ts';
import type { PollAnswer, PollQuestion, PollScore, QuestionScore } from '../types.ts';

/** The active poll's page. */
export const POLL_PATH = '/avstemning';

/** The page of poll `id`. */
export function pollPath(id: number): string {
  return `${POLL_PATH}/${String(id)}`;
}

/**
 * The poll id of a poll page's path (`/avstemning/12`, a trailing slash allowed); null for
 * anything else, so the shell never asks the API for an id that is not one.
 */
export function pollIdFromPath(pathname: string): number | null {
  const match = /^\/avstemning\/([1-9]\d{0,9})\/?$/u.exec(pathname);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

/** What an answer says about right and wrong; null where the question has no right answer. */
export function answerVerdict(answer: PollAnswer): string | null {
  if (answer.correct === null) return null;
  return answer.correct ? 'Riktig svar!' : 'Feil svar.';
}

/** One option's part of a question's score. */
export interface OptionShare {
  optionId: number;
  text: string;
  count: number;
  /** count / total, 0 when nobody has answered. */
  share: number;
}

/**
 * Every option of `question` with its count and share of all answers, in the question's
 * order; an option the score does not name counts 0.
 */
export function optionShares(question: PollQuestion, score: QuestionScore): OptionShare[] {
  const counts = new Map(score.options.map((o) => [o.optionId, o.count]));
  const total = question.options.reduce((sum, o) => sum + (counts.get(o.id) ?? 0), 0);
  return question.options.map((o) => {
    const count = counts.get(o.id) ?? 0;
    return { optionId: o.id, text: o.text, count, share: total === 0 ? 0 : count / total };
  });
}

/** How many answered the question, over every option. */
export function answersInTotal(shares: readonly OptionShare[]): number {
  return shares.reduce((sum, s) => sum + s.count, 0);
}

/**
 * The session's score in words: `Du har svart på 2 av 4 spørsmål.`, and where its answers are
 * right or wrong (a quiz), `50 % av svarene dine er riktige.`
 */
export function pollScoreText(score: PollScore, questionCount: number): string {
  const answered = `Du har svart på ${String(score.answers)} av ${String(questionCount)} spørsmål.`;
  return score.correctShare === null
    ? answered
    : `${answered} ${formatPercent(score.correctShare)} av svarene dine er riktige.`;
}

/**
 * What the live region says after an answer: the verdict (where there is one) and the
 * chosen option; for an answer given before (409), that it was given before.
 */
export function answerAnnouncement(
  answer: PollAnswer,
  question: PollQuestion,
  isNew: boolean,
): string {
  const option = question.options.find((o) => o.id === answer.optionId)?.text ?? '';
  const verdict = answerVerdict(answer);
  return [
    isNew ? 'Svaret ditt er lagret.' : 'Du har allerede svart på dette spørsmålet.',
    `Du svarte «${option}».`,
    verdict ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A chosen option is needed before answering. */
export const CHOOSE_FIRST = 'Velg et svar før du sender.';

/**
 * What the shopper is told when an answer could not be given, by HTTP status (0: no answer
 * from the server).
 */
export function answerErrorMessage(status: number): string {
  switch (status) {
    case 404:
      return 'Spørsmålet finnes ikke lenger. Last siden på nytt.';
    case 419:
      return 'Økten din er utløpt. Last siden på nytt og svar igjen.';
    case 422:
      return 'Svaret passer ikke til spørsmålet. Last siden på nytt og prøv igjen.';
    case 429:
      return 'Du har sendt mange svar på kort tid. Vent litt og prøv igjen.';
    default:
      return 'Vi kunne ikke lagre svaret ditt akkurat nå. Prøv igjen om litt.';
  }
}
