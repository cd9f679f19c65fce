import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
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
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { TestClient } from '../test-support/client.ts';
import { createTestApp, expectNoServerErrors } from '../test-support/harness.ts';
import { defaultSeedNow, seedDatabase } from '../seed/seed.ts';
import { contentRoutes, DEFAULT_TENANT } from './content.ts';

const NOW = new Date('2025-06-15T12:00:00.000Z');
const UNSAFE_BODY = '<p>Varm og tørr</p><script>alert(1)</script><img src=x onerror=alert(2)>';

function seedBlog(db: DatabaseSync): void {
  const category = db.prepare('INSERT INTO blog_categories (id, slug, name) VALUES (?, ?, ?)');
  category.run(1, 'turtips', 'Turtips');
  category.run(2, 'aktuelt', 'Aktuelt');
  category.run(3, 'aarstider', 'Årstider');
  const post = db.prepare(
    `INSERT INTO blog_posts (id, title, slug, excerpt, body, featured_image, main_article_id, published_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Ids and dates disagree on purpose so that the order must come from the dates.
  post.run(
    1,
    'Hvordan kle barna',
    'hvordan-kle-barna',
    'Lag på lag',
    UNSAFE_BODY,
    '/img/1.jpg',
    17,
    '2025-03-01T08:00:00.000Z',
  );
  post.run(
    2,
    'Barnehagestart',
    'barnehagestart',
    'Sjekkliste',
    '<p>Liste</p>',
    null,
    null,
    '2025-05-20T08:00:00.000Z',
  );
  post.run(
    3,
    'Fjelltur i juni',
    'fjelltur-i-juni',
    'Tips',
    '<p>Tur</p>',
    null,
    null,
    '2025-01-10T08:00:00.000Z',
  );
  post.run(
    4,
    'Nytt i butikk',
    'nytt-i-butikk',
    'Nyheter',
    '<p>Nytt</p>',
    null,
    null,
    '2025-06-01T08:00:00.000Z',
  );
  // A slug that collides with a fixed route, and a post scheduled after NOW.
  post.run(
    5,
    'Posts',
    'posts',
    'Kollisjon',
    '<p>Posts</p>',
    null,
    null,
    '2024-12-01T08:00:00.000Z',
  );
  post.run(
    6,
    'Kommer snart',
    'kommer-snart',
    'Hemmelig',
    '<p>Snart</p>',
    null,
    null,
    '2025-07-01T08:00:00.000Z',
  );
  const link = db.prepare('INSERT INTO blog_post_categories (post_id, category_id) VALUES (?, ?)');
  link.run(1, 1);
  link.run(1, 3);
  link.run(2, 2);
  link.run(3, 1);
  link.run(6, 1);
  const article = db.prepare(
    'INSERT INTO blog_post_articles (post_id, article_id, sort) VALUES (?, ?, ?)',
  );
  article.run(1, 40, 2);
  article.run(1, 30, 1);
  article.run(1, 50, 3);
}

function seedPolls(db: DatabaseSync): void {
  const poll = db.prepare(
    'INSERT INTO polls (id, name, description, banner_desktop, banner_mobile, active) VALUES (?, ?, ?, ?, ?, ?)',
  );
  poll.run(1, 'Vinterquiz', 'Gammel quiz', null, null, 0);
  poll.run(2, 'Sommerquiz', 'Svar og vinn', '/img/d.jpg', '/img/m.jpg', 1);
  const question = db.prepare(
    'INSERT INTO poll_questions (id, poll_id, question, sort) VALUES (?, ?, ?, ?)',
  );
  question.run(10, 2, 'Hvor høy er Galdhøpiggen?', 2);
  question.run(11, 2, 'Hva er vannsøyle?', 1);
  question.run(12, 1, 'Hva er ull?', 1);
  question.run(13, 1, 'Hvilken årstid liker du best?', 2);
  const option = db.prepare(
    'INSERT INTO poll_options (id, question_id, text, correct, sort) VALUES (?, ?, ?, ?, ?)',
  );
  option.run(100, 10, '2469 moh', 1, 1);
  option.run(101, 10, '1999 moh', 0, 2);
  option.run(102, 10, '3001 moh', 0, 0);
  option.run(110, 11, 'Et mål på vanntetthet', 1, 1);
  option.run(111, 11, 'En foss', 0, 2);
  option.run(120, 12, 'Fiber fra sau', 1, 1);
  // An opinion question: no option is correct.
  option.run(130, 13, 'Vinter', 0, 1);
  option.run(131, 13, 'Sommer', 0, 2);
}

const toppfartTenant: ApiTenant = {
  id: 'toppfart',
  chainId: 1,
  name: 'Toppfart',
  domain: 'toppfart.no',
  supportEmail: 'kundeservice@toppfart.no',
  company: 'Nordfjell Handel AS',
  orgNo: '918745327',
  companyAddress: { street: 'Fjellvegen 14', postalCode: '2609', city: 'Lillehammer' },
  menuCategories: [1, 2, 3],
  menuGenders: [1, 2, 11, 4, 10],
  flags: {
    maintenance: true,
    info: true,
    about: true,
    support: true,
    supportLink: true,
    singleLineHeader: false,
    search: 'full',
    childrenPages: false,
  },
  assortment: null,
};
const toppfartSettings: ApiSettings = {
  tenant: 'toppfart',
  home: [{ type: 'grid', title: 'Utvalgte', ids: [1, 2, 3], link: null, image: null }],
  previews: { jul: [] },
};

function seedTenants(db: DatabaseSync): void {
  const tenant = db.prepare('INSERT INTO tenants (id, tenant, settings) VALUES (?, ?, ?)');
  tenant.run('toppfart', JSON.stringify(toppfartTenant), JSON.stringify(toppfartSettings));
  tenant.run(
    'smaatroll',
    JSON.stringify({ ...toppfartTenant, id: 'smaatroll', name: 'Småtroll' }),
    JSON.stringify({ ...toppfartSettings, tenant: 'smaatroll' }),
  );
}

describe('content routes', () => {
  let db: DatabaseSync;
  let app: ReturnType<typeof createTestApp>;
  const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const res = await app.request(`/api/v1/${path}`);
    return { status: res.status, body: (await res.json()) as T };
  };

  beforeEach(() => {
    db = openDatabase(':memory:');
    seedBlog(db);
    seedPolls(db);
    seedTenants(db);
    app = createTestApp({ db, now: () => NOW, sessionId: 'session-a' }, [
      { path: '/api/v1', routes: contentRoutes },
    ]);
  });

  describe('blog', () => {
    it('pages published posts newest first', async () => {
      const { status, body } = await get<ApiPaginated<ApiBlogPost>>('blog/posts');
      expect(status).toBe(200);
      expect(body.data.map((p) => p.id)).toEqual([4, 2, 1, 3, 5]);
      expect(body.meta).toEqual({
        current_page: 1,
        last_page: 1,
        per_page: 10,
        total: 5,
        from: 1,
        to: 5,
      });
    });

    it('answers the exact post shape, with the body as stored', async () => {
      const { body } = await get<ApiBlogPost>('blog/hvordan-kle-barna');
      expect(body).toEqual({
        id: 1,
        title: 'Hvordan kle barna',
        slug: 'hvordan-kle-barna',
        excerpt: 'Lag på lag',
        body: UNSAFE_BODY,
        featuredImage: '/img/1.jpg',
        mainArticle: 17,
        relatedArticles: [30, 40, 50],
        categories: [
          { id: 1, slug: 'turtips', name: 'Turtips' },
          { id: 3, slug: 'aarstider', name: 'Årstider' },
        ],
        published_at: '2025-03-01T08:00:00.000Z',
      } satisfies ApiBlogPost);
    });

    it('honours page and per_page', async () => {
      const { body } = await get<ApiPaginated<ApiBlogPost>>('blog/posts?page=2&per_page=2');
      expect(body.data.map((p) => p.id)).toEqual([1, 3]);
      expect(body.meta).toEqual({
        current_page: 2,
        last_page: 3,
        per_page: 2,
        total: 5,
        from: 3,
        to: 4,
      });
      const past = await get<ApiPaginated<ApiBlogPost>>('blog/posts?page=9&per_page=2');
      expect(past.status).toBe(200);
      expect(past.body.data).toEqual([]);
      expect(past.body.meta).toMatchObject({ from: null, to: null, last_page: 3 });
    });

    it.each([
      ['per_page=51', 'per_page'],
      ['per_page=0', 'per_page'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['per_page=1e1', 'per_page'],
    ])('rejects %s with 422', async (query, field) => {
      const { status, body } = await get<{ errors: Record<string, string[]> }>(
        `blog/posts?${query}`,
      );
      expect(status).toBe(422);
      expect(Object.keys(body.errors)).toEqual([field]);
    });

    it('lets the fixed paths win over blog/{slug}', async () => {
      const list = await get<ApiPaginated<ApiBlogPost>>('blog/posts');
      expect(list.body).toHaveProperty('meta');
      const categories = await get<ApiBlogCategory[]>('blog/categories');
      expect(Array.isArray(categories.body)).toBe(true);
      const byId = await get<ApiBlogPost>('blog/post/5');
      expect(byId.body.slug).toBe('posts');
    });

    it('finds a post by id and validates the id', async () => {
      expect((await get<ApiBlogPost>('blog/post/2')).body.slug).toBe('barnehagestart');
      const bad = await get<{ errors: Record<string, string[]> }>('blog/post/abc');
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ id: ['The id field must be an integer.'] });
      expect((await get('blog/post/0')).status).toBe(422);
      expect(await get('blog/post/999')).toEqual({
        status: 404,
        body: { message: 'Blog post not found.' },
      });
    });

    it('hides posts scheduled after now', async () => {
      expect((await get('blog/post/6')).status).toBe(404);
      expect((await get('blog/kommer-snart')).status).toBe(404);
      const later = createTestApp({ db, now: () => new Date('2025-07-02T00:00:00Z') }, [
        { path: '/api/v1', routes: contentRoutes },
      ]);
      expect((await later.request('/api/v1/blog/kommer-snart')).status).toBe(200);
    });

    it('answers 404 for an unknown slug', async () => {
      expect(await get('blog/finnes-ikke')).toEqual({
        status: 404,
        body: { message: 'Blog post not found.' },
      });
    });

    it('lists categories by Norwegian name with published post counts', async () => {
      const { status, body } = await get<ApiBlogCategory[]>('blog/categories');
      expect(status).toBe(200);
      expect(body).toEqual([
        { id: 2, slug: 'aktuelt', name: 'Aktuelt', postsCount: 1 },
        { id: 1, slug: 'turtips', name: 'Turtips', postsCount: 2 },
        { id: 3, slug: 'aarstider', name: 'Årstider', postsCount: 1 },
      ] satisfies ApiBlogCategory[]);
    });

    it('pages the posts of one category', async () => {
      const { status, body } = await get<ApiBlogCategoryPosts>(
        'blog/category/turtips?per_page=1&page=2',
      );
      expect(status).toBe(200);
      expect(body.category).toEqual({ id: 1, slug: 'turtips', name: 'Turtips', postsCount: 2 });
      expect(body.data.map((p) => p.id)).toEqual([3]);
      expect(body.meta).toEqual({
        current_page: 2,
        last_page: 2,
        per_page: 1,
        total: 2,
        from: 2,
        to: 2,
      });
      expect((await get('blog/category/finnes-ikke')).status).toBe(404);
      expect((await get('blog/category/turtips?per_page=500')).status).toBe(422);
    });

    it('rejects an overlong slug with 422', async () => {
      expect((await get(`blog/${'a'.repeat(201)}`)).status).toBe(422);
      expect((await get(`blog/category/${'a'.repeat(201)}`)).status).toBe(422);
    });
  });

  describe('polls', () => {
    const answer = (questionId: number | string, body: unknown, on = app): Promise<Response> =>
      Promise.resolve(
        on.request(`/api/v1/polls/questions/${questionId}/answers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      );

    it('answers the active poll with questions and options in order, hiding which is correct', async () => {
      const res = await app.request('/api/v1/polls/active');
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain('correct');
      expect(JSON.parse(text)).toEqual({
        id: 2,
        name: 'Sommerquiz',
        description: 'Svar og vinn',
        bannerDesktop: '/img/d.jpg',
        bannerMobile: '/img/m.jpg',
        questions: [
          {
            id: 11,
            question: 'Hva er vannsøyle?',
            options: [
              { id: 110, text: 'Et mål på vanntetthet' },
              { id: 111, text: 'En foss' },
            ],
          },
          {
            id: 10,
            question: 'Hvor høy er Galdhøpiggen?',
            options: [
              { id: 102, text: '3001 moh' },
              { id: 100, text: '2469 moh' },
              { id: 101, text: '1999 moh' },
            ],
          },
        ],
      } satisfies ApiPoll);
    });

    it('answers 404 when no poll is active', async () => {
      db.exec('UPDATE polls SET active = 0');
      expect(await get('polls/active')).toEqual({
        status: 404,
        body: { message: 'Poll not found.' },
      });
    });

    it('answers any poll by id and validates the id', async () => {
      const { body } = await get<ApiPoll>('polls/1');
      expect(body.name).toBe('Vinterquiz');
      expect(body.questions).toEqual([
        { id: 12, question: 'Hva er ull?', options: [{ id: 120, text: 'Fiber fra sau' }] },
        {
          id: 13,
          question: 'Hvilken årstid liker du best?',
          options: [
            { id: 130, text: 'Vinter' },
            { id: 131, text: 'Sommer' },
          ],
        },
      ]);
      expect((await get('polls/x')).status).toBe(422);
      expect((await get('polls/999')).status).toBe(404);
      expect((await get('polls/999/score')).status).toBe(404);
      expect((await get('polls/999/answers')).status).toBe(404);
      expect((await get('polls/questions/999/score')).status).toBe(404);
      expect((await get('polls/questions/999/answers')).status).toBe(404);
      expect((await get('polls/questions/x/answers')).status).toBe(422);
    });

    it('stores one answer per session and question, and scores it', async () => {
      expect(await get('polls/2/score')).toEqual({
        status: 200,
        body: { pollId: 2, answers: 0, correctShare: null },
      });

      const first = await answer(10, { optionId: 100 });
      expect(first.status).toBe(201);
      expect(await first.json()).toEqual({ questionId: 10, optionId: 100, correct: true });

      // A second answer is refused with the first one, which stands.
      const again = await answer(10, { optionId: 101 });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({
        message: 'Question already answered.',
        answer: { questionId: 10, optionId: 100, correct: true },
      } satisfies ApiPollAnswerConflict);

      const wrong = await answer(11, { optionId: 111 });
      expect(await wrong.json()).toEqual({ questionId: 11, optionId: 111, correct: false });

      expect((await get<ApiPollAnswer[]>('polls/questions/10/answers')).body).toEqual([
        { questionId: 10, optionId: 100, correct: true },
      ]);
      // In question order (question 11 sorts first).
      expect((await get<ApiPollAnswer[]>('polls/2/answers')).body).toEqual([
        { questionId: 11, optionId: 111, correct: false },
        { questionId: 10, optionId: 100, correct: true },
      ]);
      expect((await get('polls/2/score')).body).toEqual({
        pollId: 2,
        answers: 2,
        correctShare: 0.5,
      });
      expect((await get('polls/1/score')).body).toEqual({
        pollId: 1,
        answers: 0,
        correctShare: null,
      });
    });

    it('counts each answer in its question score at once, and a refused one not', async () => {
      const score = async () =>
        (await get<ApiQuestionScore>('polls/questions/10/score')).body.options;
      expect(await score()).toEqual([
        { optionId: 102, count: 0 },
        { optionId: 100, count: 0 },
        { optionId: 101, count: 0 },
      ]);
      expect((await answer(10, { optionId: 101 })).status).toBe(201);
      expect(await score()).toEqual([
        { optionId: 102, count: 0 },
        { optionId: 100, count: 0 },
        { optionId: 101, count: 1 },
      ]);
      expect((await answer(10, { optionId: 102 })).status).toBe(409);
      expect((await answer(10, { optionId: 110 })).status).toBe(422);
      expect(await score()).toEqual([
        { optionId: 102, count: 0 },
        { optionId: 100, count: 0 },
        { optionId: 101, count: 1 },
      ]);
    });

    it('grades no answer to an opinion question, and leaves it out of the correct share', async () => {
      const opinion = await answer(13, { optionId: 131 });
      expect(opinion.status).toBe(201);
      expect(await opinion.json()).toEqual({ questionId: 13, optionId: 131, correct: null });
      expect((await get('polls/1/score')).body).toEqual({
        pollId: 1,
        answers: 1,
        correctShare: null,
      });
      expect((await answer(12, { optionId: 120 })).status).toBe(201);
      expect((await get<ApiPollAnswer[]>('polls/1/answers')).body).toEqual([
        { questionId: 12, optionId: 120, correct: true },
        { questionId: 13, optionId: 131, correct: null },
      ]);
      expect((await get('polls/1/score')).body).toEqual({ pollId: 1, answers: 2, correctShare: 1 });
      const again = await answer(13, { optionId: 130 });
      expect(again.status).toBe(409);
      expect(((await again.json()) as ApiPollAnswerConflict).answer).toEqual({
        questionId: 13,
        optionId: 131,
        correct: null,
      });
    });

    it('keeps sessions apart, while question scores count every session', async () => {
      const other = createTestApp({ db, now: () => NOW, sessionId: 'session-b' }, [
        { path: '/api/v1', routes: contentRoutes },
      ]);
      expect((await answer(10, { optionId: 100 })).status).toBe(201);
      expect((await answer(10, { optionId: 101 }, other)).status).toBe(201);
      expect((await answer(10, { optionId: 101 }, other)).status).toBe(409);
      expect(await (await other.request('/api/v1/polls/questions/10/answers')).json()).toEqual([
        { questionId: 10, optionId: 101, correct: false },
      ]);
      expect((await get('polls/questions/10/score')).body).toEqual({
        questionId: 10,
        options: [
          { optionId: 102, count: 0 },
          { optionId: 100, count: 1 },
          { optionId: 101, count: 1 },
        ],
      });
    });

    it('rejects an option of another question with 422', async () => {
      const res = await answer(10, { optionId: 110 });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        message: 'The selected option id is invalid.',
        errors: { optionId: ['The selected option id is invalid.'] },
      });
      expect((await get<ApiPollAnswer[]>('polls/2/answers')).body).toEqual([]);
    });

    it.each([
      ['no body', ''],
      ['broken JSON', '{"optionId":'],
      ['no optionId', {}],
      ['null', null],
      ['a string id', { optionId: '100' }],
      ['a fraction', { optionId: 100.5 }],
      ['a negative id', { optionId: -1 }],
      ['an array', [100]],
    ])('rejects %s with 422', async (_name, body) => {
      const res = await answer(10, body);
      expect(res.status).toBe(422);
      expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(['optionId']);
    });

    it('answers 404 for an unknown question and 422 for a malformed one', async () => {
      expect((await answer(999, { optionId: 100 })).status).toBe(404);
      expect((await answer('abc', { optionId: 100 })).status).toBe(422);
    });
  });

  describe('tenants', () => {
    it('answers the default tenant settings without ?tenant=', async () => {
      expect(await get('settings')).toEqual({ status: 200, body: toppfartSettings });
      expect(await get('settings?tenant=')).toEqual({ status: 200, body: toppfartSettings });
      expect(await get('tenant/get')).toEqual({ status: 200, body: toppfartTenant });
    });

    it('answers the asked tenant', async () => {
      expect((await get<ApiSettings>('settings?tenant=smaatroll')).body.tenant).toBe('smaatroll');
      expect((await get<ApiTenant>('tenant/get?tenant=smaatroll')).body.name).toBe('Småtroll');
    });

    it('answers 404 for an unknown tenant and 422 for a malformed one', async () => {
      expect(await get('settings?tenant=ukjent')).toEqual({
        status: 404,
        body: { message: 'Tenant not found.' },
      });
      expect((await get('tenant/get?tenant=ukjent')).status).toBe(404);
      expect((await get('settings?tenant=..%2Fetc')).status).toBe(422);
      expect((await get(`tenant/get?tenant=${'a'.repeat(65)}`)).status).toBe(422);
    });
  });

  it('never answers 500, whatever the path, query or body', async () => {
    await expectNoServerErrors(
      app,
      [
        '/api/v1/blog/',
        '/api/v1/blog/post/',
        '/api/v1/blog/category/',
        '/api/v1/polls/',
        '/api/v1/polls/questions/',
        '/api/v1/polls/questions/10/',
        '/api/v1/settings',
        '/api/v1/tenant/',
      ],
      600,
    );
  });
});

describe('content routes through createApp with the seeded database', () => {
  const db = openDatabase(':memory:');
  seedDatabase(db, { articles: 200, now: defaultSeedNow });
  const app = createApp({ db, now: () => defaultSeedNow });

  it('pages every seeded post newest first, each readable by slug and id', async () => {
    const client = new TestClient(app);
    const { status, body, res } = await client.get<ApiPaginated<ApiBlogPost>>(
      '/api/v1/blog/posts?per_page=50',
    );
    expect(status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=60/);
    const count = db.prepare('SELECT count(*) AS n FROM blog_posts').get() as { n: number };
    expect(body.meta.total).toBe(count.n);
    const dates = body.data.map((p) => Date.parse(p.published_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const post of body.data) {
      expect((await client.get<ApiBlogPost>(`/api/v1/blog/${post.slug}`)).body).toEqual(post);
      expect((await client.get<ApiBlogPost>(`/api/v1/blog/post/${post.id}`)).body).toEqual(post);
    }
  });

  it('counts the posts of each category as its page does', async () => {
    const client = new TestClient(app);
    const { body } = await client.get<ApiBlogCategory[]>('/api/v1/blog/categories');
    expect(body.length).toBeGreaterThan(0);
    for (const category of body) {
      const page = await client.get<ApiBlogCategoryPosts>(`/api/v1/blog/category/${category.slug}`);
      expect(page.body.category).toEqual(category);
      expect(page.body.meta.total).toBe(category.postsCount);
      for (const post of page.body.data)
        expect(post.categories).toContainEqual({
          id: category.id,
          slug: category.slug,
          name: category.name,
        });
    }
  });

  it('refuses an answer without the XSRF token with 419 and stores nothing', async () => {
    const client = new TestClient(app);
    const poll = await client.get<ApiPoll>('/api/v1/polls/active');
    const question = poll.body.questions[0];
    if (question === undefined) throw new Error('the seeded poll has no questions');
    const path = `/api/v1/polls/questions/${question.id}/answers`;
    const optionId = question.options[0]?.id;
    const refused = await client.post(path, { optionId });
    expect(refused.status).toBe(419);
    // The 419 started a session and gave its token: the retry goes through, once.
    expect((await client.get<ApiPollAnswer[]>(path)).body).toEqual([]);
    expect((await client.post(path, { optionId })).status).toBe(201);
  });

  it('runs the poll flow with real session and XSRF cookies', async () => {
    const client = new TestClient(app);
    await client.request('/sanctum/csrf-cookie');
    const poll = await client.get<ApiPoll>('/api/v1/polls/active');
    expect(poll.status).toBe(200);
    expect(JSON.stringify(poll.body)).not.toContain('correct');
    const correctIds = new Set(
      (
        db.prepare('SELECT id FROM poll_options WHERE correct = 1').all() as Array<{ id: number }>
      ).map((r) => r.id),
    );
    let correct = 0;
    for (const question of poll.body.questions) {
      const option = question.options[0];
      if (option === undefined) throw new Error('a seeded question without options');
      const answered = await client.post<ApiPollAnswer>(
        `/api/v1/polls/questions/${question.id}/answers`,
        { optionId: option.id },
      );
      expect(answered.status).toBe(201);
      expect(answered.body.correct).toBe(correctIds.has(option.id));
      if (answered.body.correct) correct++;
      const again = await client.post(`/api/v1/polls/questions/${question.id}/answers`, {
        optionId: option.id,
      });
      expect(again.status).toBe(409);
    }
    const score = await client.get<ApiPollScore>(`/api/v1/polls/${poll.body.id}/score`);
    expect(score.res.headers.get('Cache-Control')).toBe('no-store');
    expect(score.body).toEqual({
      pollId: poll.body.id,
      answers: poll.body.questions.length,
      correctShare: correct / poll.body.questions.length,
    });
    // A second shopper has a session of their own.
    const other = new TestClient(app);
    expect(
      (await other.get<ApiPollScore>(`/api/v1/polls/${poll.body.id}/score`)).body.answers,
    ).toBe(0);
  });

  it('never answers 500 through the whole app, on any of these routes', async () => {
    await expectNoServerErrors(app, [
      '/api/v1/shops/',
      '/api/v1/postalcodes/',
      '/api/v1/promocodes/check/',
      '/api/v1/blog/',
      '/api/v1/polls/',
      '/api/v1/polls/questions/1/',
      '/api/v1/settings',
      '/osrm/table/v1/car/',
      '/address/',
      '/social/getPosts',
    ]);
  });

  it('answers the settings and tenant of every seeded brand', async () => {
    const client = new TestClient(app);
    const ids = (db.prepare('SELECT id FROM tenants').all() as Array<{ id: string }>).map(
      (r) => r.id,
    );
    expect(ids).toContain(DEFAULT_TENANT);
    for (const id of ids) {
      expect((await client.get<ApiSettings>(`/api/v1/settings?tenant=${id}`)).body.tenant).toBe(id);
      expect((await client.get<ApiTenant>(`/api/v1/tenant/get?tenant=${id}`)).body.id).toBe(id);
    }
  });
});
