import * as crypto from 'node:crypto';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEARER_REFUSED, requireBearerToken } from './bearer-auth.ts';
import type { AppEnv } from './env.ts';
import { ApiHttpError } from './errors.ts';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const TOKEN = 'hemmelig-token';

function app(token: string | null): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use(requireBearerToken(token));
  routes.get('/', (c) => c.json({ ok: true }));
  routes.onError((error, c) =>
    error instanceof ApiHttpError
      ? c.json(error.body, error.status, error.headers)
      : c.text('', 500),
  );
  return routes;
}

afterEach(() => {
  vi.mocked(crypto.timingSafeEqual).mockClear();
});

describe('requireBearerToken', () => {
  it('lets the right token through, in any case of the scheme', async () => {
    for (const header of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `Bearer  ${TOKEN} `]) {
      const res = await app(TOKEN).request('/', { headers: { Authorization: header } });
      expect(res.status, header).toBe(200);
    }
    expect(vi.mocked(crypto.timingSafeEqual)).toHaveBeenCalledTimes(3);
  });

  it('answers 401 with WWW-Authenticate: Bearer to a wrong or missing token', async () => {
    for (const headers of [
      {},
      { Authorization: 'Bearer' },
      { Authorization: 'Bearer feil' },
      { Authorization: `Token ${TOKEN}` },
      { Authorization: `Bearer ${TOKEN} ekstra` },
    ]) {
      const res = await app(TOKEN).request('/', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({ message: BEARER_REFUSED });
    }
  });

  it('refuses everything without a configured token', async () => {
    for (const token of [null, '']) {
      const res = await app(token).request('/', { headers: { Authorization: 'Bearer ' } });
      expect(res.status).toBe(401);
    }
  });
});
