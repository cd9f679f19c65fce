import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import type {
  ApiBlogCategory,
  ApiBlogCategoryPosts,
  ApiBlogPost,
  ApiPaginated,
  ApiPoll,
  ApiPollAnswer,
  ApiPollAnswerConflict,
  ApiPollScore,
  ApiQuestionScore,
  ApiSettings,
  ApiTenant,
} from '../../contract/index.ts';
import { CATALOGUE_CACHE } from '../http/cache.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiHttpError, notFound, validationError } from '../http/errors.ts';
import { pageMeta } from '../http/paginate.ts';
import { optionalIntParam, parseIntParam } from '../http/params.ts';
import { ensureSession } from '../http/session.ts';

/** Posts per page of the blog lists when the shop does not ask for a size. */
export const BLOG_DEFAULT_PER_PAGE = 10;
/** Largest page of blog posts a client may ask for. */
export const BLOG_MAX_PER_PAGE = 50;
/** Tenant served when `?tenant=` is absent. */
export const DEFAULT_TENANT = 'toppfart';

const nbCollator = new Intl.Collator('nb-NO');

// ---------------------------------------------------------------- blog

interface BlogPostRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  featured_image: string | null;
  main_article_id: number | null;
  published_at: string;
  categories_json: string;
  related_json: string;
}

interface BlogCategoryRow {
  id: number;
  slug: string;
  name: string;
  posts_count: number;
}

// Categories and related articles come back as JSON arrays in the same row, so a page of
// posts is one query instead of one per post.
const selectPosts = `
  SELECT p.id, p.title, p.slug, p.excerpt, p.body, p.featured_image, p.main_article_id,
         p.published_at,
         (SELECT json_group_array(json_object('id', c.id, 'slug', c.slug, 'name', c.name) ORDER BY c.id)
            FROM blog_post_categories pc JOIN blog_categories c ON c.id = pc.category_id
           WHERE pc.post_id = p.id) AS categories_json,
         (SELECT json_group_array(a.article_id ORDER BY a.sort, a.article_id)
            FROM blog_post_articles a WHERE a.post_id = p.id) AS related_json
    FROM blog_posts p`;

// A post scheduled for later is not published yet: the CMS hides it until its date.
const isPublished = 'julianday(p.published_at) <= julianday(:now)';
const newestFirst = 'ORDER BY julianday(p.published_at) DESC, p.id DESC';

function toApiBlogPost(row: BlogPostRow): ApiBlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    body: row.body,
    featuredImage: row.featured_image,
    mainArticle: row.main_article_id,
    relatedArticles: JSON.parse(row.related_json) as number[],
    categories: JSON.parse(row.categories_json) as ApiBlogPost['categories'],
    published_at: row.published_at,
  };
}

function toApiBlogCategory(row: BlogCategoryRow): ApiBlogCategory {
  return { id: row.id, slug: row.slug, name: row.name, postsCount: row.posts_count };
}

interface PageRequest {
  page: number;
  perPage: number;
}

function readPage(query: (name: string) => string | undefined): PageRequest {
  return {
    page: optionalIntParam(query('page'), 'page', 1, { min: 1, max: 100_000 }),
    perPage: optionalIntParam(query('per_page'), 'per_page', BLOG_DEFAULT_PER_PAGE, {
      min: 1,
      max: BLOG_MAX_PER_PAGE,
    }),
  };
}

/** One page of published posts, newest first, optionally of one category. */
function postPage(
  db: DatabaseSync,
  now: Date,
  { page, perPage }: PageRequest,
  categoryId?: number,
): ApiPaginated<ApiBlogPost> {
  const inCategory =
    categoryId === undefined
      ? ''
      : 'AND EXISTS (SELECT 1 FROM blog_post_categories pc WHERE pc.post_id = p.id AND pc.category_id = :category)';
  const params = {
    now: now.toISOString(),
    ...(categoryId === undefined ? {} : { category: categoryId }),
  };
  const { total } = db
    .prepare(`SELECT count(*) AS total FROM blog_posts p WHERE ${isPublished} ${inCategory}`)
    .get(params) as { total: number };
  const rows = db
    .prepare(
      `${selectPosts} WHERE ${isPublished} ${inCategory} ${newestFirst} LIMIT :limit OFFSET :offset`,
    )
    .all({ ...params, limit: perPage, offset: (page - 1) * perPage }) as unknown as BlogPostRow[];
  return { data: rows.map(toApiBlogPost), meta: pageMeta(page, perPage, total, rows.length) };
}

function findPost(db: DatabaseSync, now: Date, where: string, value: string | number): ApiBlogPost {
  const row = db
    .prepare(`${selectPosts} WHERE ${where} AND ${isPublished}`)
    .get({ value, now: now.toISOString() }) as unknown as BlogPostRow | undefined;
  if (row === undefined) throw notFound('Blog post');
  return toApiBlogPost(row);
}

const selectCategories = `
  SELECT c.id, c.slug, c.name,
         (SELECT count(*) FROM blog_post_categories pc JOIN blog_posts p ON p.id = pc.post_id
           WHERE pc.category_id = c.id AND ${isPublished}) AS posts_count
    FROM blog_categories c`;

/** Slugs are short ASCII-ish words; anything empty or essay-long is a malformed request. */
function readSlug(value: string): string {
  if (value.length === 0 || value.length > 200) {
    throw validationError({ slug: ['The slug field must be 1 to 200 characters.'] });
  }
  return value;
}

// ---------------------------------------------------------------- polls

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

// ---------------------------------------------------------------- tenants

function readTenant(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_TENANT;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw validationError({ tenant: ['The tenant field format is invalid.'] });
  }
  return value;
}

function tenantDocument(db: DatabaseSync, tenant: string, column: 'tenant' | 'settings'): unknown {
  const row = db.prepare(`SELECT ${column} AS doc FROM tenants WHERE id = ?`).get(tenant) as
    { doc: string } | undefined;
  if (row === undefined) throw notFound('Tenant');
  return JSON.parse(row.doc);
}

// ---------------------------------------------------------------- routes

/** Blog, polls and tenant settings of SPEC section 7; mounted under /api/v1. */
export const contentRoutes = new Hono<AppEnv>();

// Fixed blog paths are registered before `blog/:slug`: Hono runs the first match, so this
// order keeps a post slugged "posts" or "categories" from shadowing the lists.
contentRoutes.get('/blog/posts', (c) => {
  const page = readPage((name) => c.req.query(name));
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiPaginated<ApiBlogPost>>(postPage(c.get('db'), c.get('now')(), page));
});

contentRoutes.get('/blog/categories', (c) => {
  const rows = c
    .get('db')
    .prepare(selectCategories)
    .all({ now: c.get('now')().toISOString() }) as unknown as BlogCategoryRow[];
  rows.sort((a, b) => nbCollator.compare(a.name, b.name) || a.id - b.id);
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiBlogCategory[]>(rows.map(toApiBlogCategory));
});

contentRoutes.get('/blog/category/:slug', (c) => {
  const slug = readSlug(c.req.param('slug'));
  const page = readPage((name) => c.req.query(name));
  const db = c.get('db');
  const now = c.get('now')();
  const row = db
    .prepare(`${selectCategories} WHERE c.slug = :slug`)
    .get({ slug, now: now.toISOString() }) as unknown as BlogCategoryRow | undefined;
  if (row === undefined) throw notFound('Blog category');
  const posts = postPage(db, now, page, row.id);
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiBlogCategoryPosts>({ category: toApiBlogCategory(row), ...posts });
});

contentRoutes.get('/blog/post/:id', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiBlogPost>(findPost(c.get('db'), c.get('now')(), 'p.id = :value', id));
});

contentRoutes.get('/blog/:slug', (c) => {
  const slug = readSlug(c.req.param('slug'));
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiBlogPost>(findPost(c.get('db'), c.get('now')(), 'p.slug = :value', slug));
});

// `polls/active` before `polls/:id`, for the same reason as the blog paths.
contentRoutes.get('/polls/active', (c) => {
  const db = c.get('db');
  const row = db.prepare('SELECT id FROM polls WHERE active = 1 ORDER BY id DESC LIMIT 1').get() as
    { id: number } | undefined;
  if (row === undefined) throw notFound('Poll');
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiPoll>(loadPoll(db, row.id));
});

contentRoutes.get('/polls/questions/:id/score', (c) => {
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

contentRoutes.get('/polls/questions/:id/answers', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  const db = c.get('db');
  requireQuestion(db, id);
  return c.json<ApiPollAnswer[]>(questionAnswers(db, c.get('sessionId'), id));
});

contentRoutes.post('/polls/questions/:id/answers', async (c) => {
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

contentRoutes.get('/polls/:id/score', (c) => {
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

contentRoutes.get('/polls/:id/answers', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  const db = c.get('db');
  requirePoll(db, id);
  return c.json<ApiPollAnswer[]>(sessionAnswers(db, c.get('sessionId'), id));
});

contentRoutes.get('/polls/:id', (c) => {
  const id = parseIntParam(c.req.param('id'), 'id');
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json<ApiPoll>(loadPoll(c.get('db'), id));
});

contentRoutes.get('/settings', (c) => {
  const tenant = readTenant(c.req.query('tenant'));
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json(tenantDocument(c.get('db'), tenant, 'settings') as ApiSettings);
});

contentRoutes.get('/tenant/get', (c) => {
  const tenant = readTenant(c.req.query('tenant'));
  c.header('Cache-Control', CATALOGUE_CACHE);
  return c.json(tenantDocument(c.get('db'), tenant, 'tenant') as ApiTenant);
});
