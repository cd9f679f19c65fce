import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CACHE } from './cache.ts';
import type { AppEnv } from './env.ts';
import {
  SESSION_COOKIE,
  SESSION_LIFETIME_MS,
  XSRF_COOKIE,
  ensureSession,
  purgeExpiredSessions,
  sessionMiddleware,
} from './session.ts';
import { TEST_NOW, type TestCatalogue, createTestCatalogue } from '../test-support/catalogue.ts';
import { TestClient } from '../test-support/client.ts';

let t: TestCatalogue;
const sessionCount = () => t.rows<{ n: number }>('SELECT count(*) AS n FROM sessions')[0]?.n;

beforeAll(() => {
  t = createTestCatalogue(60);
});
afterAll(() => {
  t.db.close();
});

describe('sessions start only when a request needs one', () => {
  it('a flood of cookieless catalogue and image reads leaves the session table unchanged', async () => {
    const [article] = t.rows<{ id: number; color: number }>(
      'SELECT a.id, v.color_id AS color FROM articles a JOIN variants v ON v.article_id = a.id LIMIT 1',
    );
    if (article === undefined) throw new Error('no article');
    const paths = [
      '/api/v1/categories',
      '/api/v1/genders',
      `/api/v1/articles/${String(article.id)}`,
      `/api/v1/articles/bundle?articles=${String(article.id)}`,
      `/api/v1/articles/availability/${String(article.id)}`,
      '/api/v1/shops',
      `/images/articles/${String(article.id)}/${String(article.color)}-front.jpg`,
      '/images/campaigns/1.jpg',
      '/api/v1/nope',
    ];
    const before = sessionCount();
    for (let round = 0; round < 50; round++) {
      const answers = await Promise.all(paths.map((path) => t.app.request(path)));
      for (const res of answers) {
        expect(res.status).toBeLessThan(500);
        expect(res.headers.getSetCookie()).toEqual([]);
        await res.arrayBuffer();
      }
    }
    expect(sessionCount()).toBe(before);
  });

  it('keeps the public caching of catalogue and image answers without a session', async () => {
    const catalogue = await t.app.request('/api/v1/genders');
    expect(catalogue.headers.get('Cache-Control')).toBe(CATALOGUE_CACHE);
    const image = await t.app.request('/images/campaigns/1-mobile.jpg');
    expect(image.headers.get('Cache-Control')).toMatch(/^public, /);
  });

  it('starts none for a cookie naming an unknown session on a read', async () => {
    const before = sessionCount();
    const res = await t.app.request('/api/v1/genders', {
      headers: { Cookie: `${SESSION_COOKIE}=gone` },
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(sessionCount()).toBe(before);
  });

  it('starts one for an unsafe request without a session, which still gets 419', async () => {
    const before = sessionCount();
    const res = await t.app.request('/api/v1/reservations', { method: 'POST', body: '{}' });
    expect(res.status).toBe(419);
    expect(res.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([
      SESSION_COOKIE,
      XSRF_COOKIE,
    ]);
    expect(sessionCount()).toBe((before ?? 0) + 1);
  });

  it('starts one for the XSRF handshake, after which unsafe requests pass', async () => {
    const client = new TestClient(t.app);
    await client.request('/sanctum/csrf-cookie');
    const res = await client.post('/api/v1/articles/search', { query: 'jakke', take: 1 });
    expect(res.status).toBe(200);
  });

  it('starts none for the providers’ notifications, which carry no session', async () => {
    const before = sessionCount();
    const res = await t.app.request('/api/v1/checkout/first/push?checkout.order.id=nope', {
      method: 'POST',
    });
    expect(res.status).toBe(404);
    expect(sessionCount()).toBe(before);
  });

  it('answers a poll read without a session as no answers, without starting one', async () => {
    const [poll] = t.rows<{ id: number }>('SELECT id FROM polls LIMIT 1');
    if (poll === undefined) throw new Error('no poll');
    const before = sessionCount();
    const res = await t.app.request(`/api/v1/polls/${String(poll.id)}/answers`);
    expect(await res.json()).toEqual([]);
    expect(sessionCount()).toBe(before);
  });

  it('sends a public answer that starts a session private, with the cookies', async () => {
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('db', t.db);
      c.set('now', () => TEST_NOW);
      c.set('https', false);
      await next();
    });
    app.use(sessionMiddleware);
    app.get('/public-with-session', (c) => {
      ensureSession(c);
      c.header('Cache-Control', CATALOGUE_CACHE);
      return c.json({});
    });
    const res = await app.request('/public-with-session');
    expect(res.headers.get('Cache-Control')).toBe('private, max-age=60');
    expect(res.headers.getSetCookie()).toHaveLength(2);
  });
});

describe('purgeExpiredSessions', () => {
  it('deletes sessions idle past their lifetime through the last_seen index', () => {
    const at = (ms: number) => new Date(TEST_NOW.getTime() - ms).toISOString();
    const insert = t.db.prepare(
      'INSERT INTO sessions (id, xsrf_token, last_seen) VALUES (?, ?, ?)',
    );
    insert.run('purge-old', 'x', at(SESSION_LIFETIME_MS + 1000));
    insert.run('purge-fresh', 'x', at(SESSION_LIFETIME_MS - 1000));
    expect(purgeExpiredSessions(t.db, TEST_NOW)).toBeGreaterThanOrEqual(1);
    const left = t.rows<{ id: string }>("SELECT id FROM sessions WHERE id LIKE 'purge-%'");
    expect(left.map((r) => r.id)).toEqual(['purge-fresh']);
    const plan = t.rows<{ detail: string }>(
      'EXPLAIN QUERY PLAN DELETE FROM sessions WHERE last_seen < ?',
      TEST_NOW.toISOString(),
    );
    expect(plan.map((p) => p.detail).join('\n')).toMatch(
      /USING (COVERING )?INDEX sessions_last_seen/,
    );
  });
});
