import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import type {
  ApiPoll,
  ApiPollAnswer,
  ApiPollAnswerConflict,
  ApiPollScore,
  ApiQuestionScore,
} from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError, notFound, validationError } from '../http/errors.ts';
import { parseIntParam } from '../http/params.ts';
import { ensureSession } from '../http/session.ts';

interface PollRow {
  id: number;
  name: string;
  description: string;
  banner_desktop: string | null;
  banner_mobile: string | null;
}

interface QuestionRow {
  id: number;
  question: string;
}

interface OptionRow {
  id: number;
  question_id: number;
  text: string;
}

interface AnswerRow {
  question_id: number;
  option_id: number;
  /** 1 or 0; null when the question has no correct option (an opinion question). */
  correct: number | null;
}

// An answer is right or wrong only where its question has a correct option at all.
const gradedCorrect = (option: string) => `CASE WHEN EXISTS (
    SELECT 1 FROM poll_options k WHERE k.question_id = ${option}.question_id AND k.correct = 1
  ) THEN ${option}.correct END AS correct`;

function loadPoll(db: DatabaseSync, id: number): ApiPoll {
  const poll = db
    .prepare('SELECT id, name, description, banner_desktop, banner_mobile FROM polls WHERE id = ?')
    .get(id) as unknown as PollRow | undefined;
  if (poll === undefined) throw notFound('Poll');
  const questions = db
    .prepare('SELECT id, question FROM poll_questions WHERE poll_id = ? ORDER BY sort, id')
    .all(id) as unknown as QuestionRow[];
  // `correct` is deliberately not selected: the poll must not give its answers away.
  const options = db
    .prepare(
      `SELECT o.id, o.question_id, o.text FROM poll_options o
         JOIN poll_questions q ON q.id = o.question_id
        WHERE q.poll_id = ? ORDER BY o.sort, o.id`,
    )
    .all(id) as unknown as OptionRow[];
  return {
    id: poll.id,
    name: poll.name,
    description: poll.description,
    bannerDesktop: poll.banner_desktop,
    bannerMobile: poll.banner_mobile,
    questions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      options: options
        .filter((o) => o.question_id === q.id)
        .map((o) => ({ id: o.id, text: o.text })),
    })),
  };
}

function requirePoll(db: DatabaseSync, id: number): void {
  if (db.prepare('SELECT 1 FROM polls WHERE id = ?').get(id) === undefined) throw notFound('Poll');
}

function requireQuestion(db: DatabaseSync, id: number): void {
  if (db.prepare('SELECT 1 FROM poll_questions WHERE id = ?').get(id) === undefined) {
    throw notFound('Question');
  }
}

const toApiPollAnswer = (row: AnswerRow): ApiPollAnswer => ({
  questionId: row.question_id,
  optionId: row.option_id,
  correct: row.correct === null ? null : row.correct === 1,
});

// A request without a session has answered nothing.
function sessionAnswers(
  db: DatabaseSync,
  sessionId: string | null,
  pollId: number,
): ApiPollAnswer[] {
  if (sessionId === null) return [];
  const rows = db
    .prepare(
      `SELECT a.question_id, a.option_id, ${gradedCorrect('o')} FROM poll_answers a
         JOIN poll_questions q ON q.id = a.question_id
         JOIN poll_options o ON o.id = a.option_id
        WHERE q.poll_id = ? AND a.session_id = ? ORDER BY q.sort, q.id`,
    )
    .all(pollId, sessionId) as unknown as AnswerRow[];
  return rows.map(toApiPollAnswer);
}

/** This session's answer to one question, as a list of at most one. */
function questionAnswers(
  db: DatabaseSync,
  sessionId: string | null,
  questionId: number,
): ApiPollAnswer[] {
  if (sessionId === null) return [];
  const rows = db
    .prepare(
      `SELECT a.question_id, a.option_id, ${gradedCorrect('o')} FROM poll_answers a
         JOIN poll_options o ON o.id = a.option_id
        WHERE a.question_id = ? AND a.session_id = ?`,
    )
    .all(questionId, sessionId) as unknown as AnswerRow[];
  return rows.map(toApiPollAnswer);
}

/** Reads `{optionId}` from a JSON body, or throws 422. */
async function readOptionId(read: () => Promise<unknown>): Promise<number> {
  let body: unknown;
  try {
    body = await read();
  } catch {
    throw validationError({ optionId: ['The option id field is required.'] });
  }
  const optionId =
    typeof body === 'object' && body !== null && 'optionId' in body ? body.optionId : undefined;
  if (optionId === undefined || optionId === null) {
    throw validationError({ optionId: ['The option id field is required.'] });
  }
  if (typeof optionId !== 'number' || !Number.isSafeInteger(optionId) || optionId < 1) {
    throw validationError({ optionId: ['The option id field must be an integer.'] });
  }
  return optionId;
}

/**
 * The polls: the active one, one by id, a session's answers and score, and how every
 * session answered a question; mounted under /api/v1.
 */
export const pollRoutes = new Hono<AppEnv>();

// `polls/active` before `polls/:id`: Hono runs the first match, and `:id` would take "active".
pollRoutes.get('/polls/active', (c) => {
  const db = c.get('db');
  const row = db.prepare('SELECT id FROM polls WHERE active = 1 ORDER BY id DESC LIMIT 1').get() as
    { id: number } | undefined;
  if (row === undefined) throw notFound('Poll');
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiPoll>(loadPoll(db, row.id));
});

pollRoutes.get('/polls/questions/:id/score', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  const db = c.get('db');
  requireQuestion(db, id);
  // Counts over every session: the shop shows how other shoppers answered.
  const options = db
    .prepare(
      `SELECT o.id AS optionId, count(a.id) AS count FROM poll_options o
         LEFT JOIN poll_answers a ON a.option_id = o.id
        WHERE o.question_id = ? GROUP BY o.id ORDER BY o.sort, o.id`,
    )
    .all(id) as unknown as ApiQuestionScore['options'];
  return c.json<ApiQuestionScore>({ questionId: id, options });
});

pollRoutes.get('/polls/questions/:id/answers', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  const db = c.get('db');
  requireQuestion(db, id);
  return c.json<ApiPollAnswer[]>(questionAnswers(db, c.get('sessionId'), id));
});

pollRoutes.post('/polls/questions/:id/answers', async (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  const db = c.get('db');
  requireQuestion(db, id);
  const optionId = await readOptionId(() => c.req.json());
  const option = db
    .prepare(
      `SELECT question_id, id AS option_id, ${gradedCorrect('o')} FROM poll_options o
        WHERE o.id = ? AND o.question_id = ?`,
    )
    .get(optionId, id) as AnswerRow | undefined;
  if (option === undefined) {
    throw validationError({ optionId: ['The selected option id is invalid.'] });
  }
  const sessionId = ensureSession(c);
  // The UNIQUE (question_id, session_id) constraint decides a race between two tabs.
  const { changes } = db
    .prepare(
      `INSERT INTO poll_answers (question_id, option_id, session_id, created_at)
       VALUES (?, ?, ?, ?) ON CONFLICT (question_id, session_id) DO NOTHING`,
    )
    .run(id, optionId, sessionId, c.get('now')().toISOString());
  if (changes === 0) {
    // The first answer stands; the shop shows it instead of the one just sent.
    const [stored] = questionAnswers(db, sessionId, id);
    if (stored === undefined)
      throw new ApiHttpError(409, { message: 'Question already answered.' });
    return c.json<ApiPollAnswerConflict>(
      { message: 'Question already answered.', answer: stored },
      409,
    );
  }
  return c.json<ApiPollAnswer>(toApiPollAnswer(option), 201);
});

pollRoutes.get('/polls/:id/score', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  const db = c.get('db');
  requirePoll(db, id);
  const answers = sessionAnswers(db, c.get('sessionId'), id);
  const graded = answers.filter((a) => a.correct !== null);
  const correct = graded.filter((a) => a.correct === true).length;
  return c.json<ApiPollScore>({
    pollId: id,
    answers: answers.length,
    correctShare: graded.length === 0 ? null : correct / graded.length,
  });
});

pollRoutes.get('/polls/:id/answers', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  const db = c.get('db');
  requirePoll(db, id);
  return c.json<ApiPollAnswer[]>(sessionAnswers(db, c.get('sessionId'), id));
});

pollRoutes.get('/polls/:id', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiPoll>(loadPoll(c.get('db'), id));
});
