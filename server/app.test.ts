import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { MAX_BODY_BYTES } from './http/body.ts';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, XSRF_COOKIE } from './http/session.ts';
import { TestClient } from './test-support/client.ts';

const NOW = new Date('2025-03-10T12:00:00.000Z');

function setCookieLines(res: Response): Map<string, string> {
  const byName = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) byName.set(line.slice(0, line.indexOf('=')), line);
  return byName;
}

describe('createApp middleware', () => {
  let db: DatabaseSync;
  let clock: Date;
  let app: ReturnType<typeof createApp>;

  beforeEach(() => {
    db = openDatabase(':memory:');
    clock = NOW;
    app = createApp({ db, now: () => clock });
  });
  afterEach(() => {
    db.close();
  });

  describe('session cookies', () => {
    it('issues an HttpOnly session cookie and a script-readable XSRF-TOKEN cookie', async () => {
      const res = await app.request('/sanctum/csrf-cookie');
      const cookies = setCookieLines(res);
      const session = cookies.get(SESSION_COOKIE) ?? '';
      const xsrf = cookies.get(XSRF_COOKIE) ?? '';
      expect(session).toMatch(/; HttpOnly/);
      expect(session).toMatch(/; SameSite=Lax/);
      expect(session).toMatch(/; Path=\//);
      expect(xsrf).not.toMatch(/HttpOnly/);
      expect(xsrf).toMatch(/; SameSite=Lax/);
      expect(xsrf).toMatch(/; Path=\//);
      expect(session).not.toMatch(/Secure/);
    });

    it('stores the session with a 40-character id and its token', async () => {
      const client = new TestClient(app);
      await client.request('/sanctum/csrf-cookie');
      const id = client.sessionId ?? '';
      expect(id).toHaveLength(40);
      const row = db.prepare('SELECT xsrf_token FROM sessions WHERE id = ?').get(id) as
        { xsrf_token: string } | undefined;
      expect(row?.xsrf_token).toBe(decodeURIComponent(client.cookie(XSRF_COOKIE) ?? ''));
    });

    it('keeps the same session for a client that sends its cookie back', async () => {
      const client = new TestClient(app);
      await client.request('/sanctum/csrf-cookie');
      const first = client.sessionId;
      const res = await client.request('/sanctum/csrf-cookie');
      expect(setCookieLines(res).get(SESSION_COOKIE)).toContain(
        `${SESSION_COOKIE}=${String(first)}`,
      );
      expect(db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 1 });
    });

    it('starts a new session when the cookie names no session or an expired one', async () => {
      const unknown = await app.request('/sanctum/csrf-cookie', {
        headers: { Cookie: `${SESSION_COOKIE}=nope` },
      });
      expect(setCookieLines(unknown).get(SESSION_COOKIE)).not.toContain(`${SESSION_COOKIE}=nope;`);

      const client = new TestClient(app);
      await client.request('/sanctum/csrf-cookie');
      const first = client.sessionId;
      clock = new Date(NOW.getTime() + SESSION_LIFETIME_MS + 1000);
      await client.request('/sanctum/csrf-cookie');
      expect(client.sessionId).not.toBe(first);
    });

    it('answers GET /sanctum/csrf-cookie with 204 and both cookies', async () => {
      const res = await app.request('/sanctum/csrf-cookie');
      expect(res.status).toBe(204);
      expect([...setCookieLines(res).keys()].sort()).toEqual([XSRF_COOKIE, SESSION_COOKIE].sort());
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    });
  });

  describe('the 419 rule', () => {
    const search = { query: '', take: 1, page: 0 };

    it('rejects a POST without a token', async () => {
      const res = await app.request('/api/v1/articles/search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(search),
      });
      expect(res.status).toBe(419);
      expect(await res.json()).toEqual({ message: 'CSRF token mismatch.' });
      // The shop reloads after a 419, so the answer already carries fresh cookies.
      expect(setCookieLines(res).has(XSRF_COOKIE)).toBe(true);
    });

    it('rejects a token of another session and a wrong token', async () => {
      const a = new TestClient(app);
      const b = new TestClient(app);
      await a.request('/sanctum/csrf-cookie');
      await b.request('/sanctum/csrf-cookie');
      const res = await a.request('/api/v1/articles/search', {
        method: 'POST',
        headers: { 'X-XSRF-TOKEN': decodeURIComponent(b.cookie(XSRF_COOKIE) ?? '') },
        body: JSON.stringify(search),
      });
      expect(res.status).toBe(419);
      const wrong = await a.request('/api/v1/articles/search', {
        method: 'DELETE',
        headers: { 'X-XSRF-TOKEN': 'x' },
      });
      expect(wrong.status).toBe(419);
    });

    it('passes with the session cookie and the token, decoded or not', async () => {
      const client = new TestClient(app);
      await client.request('/sanctum/csrf-cookie');
      const decoded = await client.post('/api/v1/articles/search', search);
      expect(decoded.status).toBe(200);
      const raw = await client.request('/api/v1/articles/searchids', {
        method: 'POST',
        headers: { 'X-XSRF-TOKEN': client.cookie(XSRF_COOKIE) ?? '' },
        body: JSON.stringify(search),
      });
      expect(raw.status).toBe(200);
    });

    it('lets GET, HEAD and OPTIONS through without a token', async () => {
      for (const method of ['GET', 'HEAD', 'OPTIONS']) {
        const res = await app.request('/api/v1/genders', { method });
        expect(res.status).not.toBe(419);
      }
    });
  });

  describe('errors', () => {
    it('answers 404 JSON for unknown paths, inside and outside /api/v1', async () => {
      for (const path of ['/nope', '/api/v1/nope', '/api/v1/articles/1/nope', '/images/x.png']) {
        const res = await app.request(path);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Not Found' });
      }
    });

    it('answers 400 for a malformed JSON body', async () => {
      const client = new TestClient(app);
      await client.request('/sanctum/csrf-cookie');
      const res = await client.post('/api/v1/articles/search', '{"query": ');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Malformed JSON body.' });
    });

    it('answers 422 for a JSON body that is not an object', async () => {
      const client = new TestClient(app);
      await client.request('/sanctum/csrf-cookie');
      for (const body of ['[1,2]', '"text"', 'null', '42']) {
        const res = await client.post<{ message: string; errors: Record<string, string[]> }>(
          '/api/v1/articles/search',
          body,
        );
        expect(res.status).toBe(422);
        expect(Object.keys(res.body.errors)).toEqual(['body']);
      }
    });

    it('answers 413 JSON for a body above the limit, declared or streamed', async () => {
      const client = new TestClient(app);
      await client.request('/sanctum/csrf-cookie');
      const big = JSON.stringify({ query: 'x'.repeat(MAX_BODY_BYTES) });
      const streamed = await client.post<{ message: string }>('/api/v1/articles/search', big);
      expect(streamed.status).toBe(413);
      expect(streamed.body.message).toEqual(expect.any(String));
      const declared = await client.request('/api/v1/articles/search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) },
        body: big,
      });
      expect(declared.status).toBe(413);
    });

    it('answers 500 {message: "Server Error"} for an unexpected failure and logs it', async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      db.exec('DROP TABLE genders');
      const res = await app.request('/api/v1/genders');
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Server Error' });
      expect(log).toHaveBeenCalledOnce();
      log.mockRestore();
    });
  });

  describe('Cache-Control', () => {
    it('makes catalogue reads public for a client that holds a session, without Set-Cookie', async () => {
      const client = new TestClient(app);
      await client.request('/sanctum/csrf-cookie');
      const res = await client.request('/api/v1/genders');
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
      expect(res.headers.getSetCookie()).toEqual([]);
    });

    it('keeps a catalogue read public and cookieless for a client without a session', async () => {
      const res = await app.request('/api/v1/genders');
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
      expect(res.headers.getSetCookie()).toEqual([]);
    });

    it('marks errors and session-bound answers no-store', async () => {
      const res = await app.request('/api/v1/nope');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    });
  });

  it('logs one line per request only when asked to', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await app.request('/api/v1/genders');
    expect(log).not.toHaveBeenCalled();
    const logged = createApp({ db, logRequests: true });
    await logged.request('/api/v1/genders');
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toMatch(/^GET \/api\/v1\/genders 200 \d+\.\dms$/);
    log.mockRestore();
  });
});
