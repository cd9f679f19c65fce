import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db/database.ts';
import { scheduleSweeps, startApiServer } from './main.ts';

describe('startApiServer', () => {
  it('serves the app on a free port over real HTTP and stops on close()', async () => {
    const db = openDatabase(':memory:');
    db.prepare("INSERT INTO genders (id, name) VALUES (1, 'Herre')").run();
    const server = await startApiServer({ port: 0, db });
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${String(server.port)}/api/v1`);
    expect(server.origin).toBe(`http://127.0.0.1:${String(server.port)}`);

    const res = await fetch(`${server.url}/genders`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1, name: 'Herre' }]);
    // A catalogue read starts no session; the XSRF handshake does.
    expect(res.headers.getSetCookie()).toEqual([]);
    const handshake = await fetch(`${server.origin}/sanctum/csrf-cookie`);
    expect(handshake.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([
      'storefront_session',
      'XSRF-TOKEN',
    ]);

    await server.close();
    await expect(fetch(`${server.url}/genders`)).rejects.toThrow();
    // The caller's database stays open.
    expect(db.prepare('SELECT COUNT(*) AS n FROM genders').get()).toEqual({ n: 1 });
    db.close();
  });

  it('counts requests by the socket’s address over real HTTP', async () => {
    const db = openDatabase(':memory:');
    const server = await startApiServer({
      port: 0,
      db,
      rateLimits: { search: null, unsafe: { requests: 2, seconds: 60 } },
    });
    const post = () => fetch(`${server.url}/reservations`, { method: 'POST', body: '{}' });
    expect((await post()).status).toBe(419);
    expect((await post()).status).toBe(419);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    await server.close();
    db.close();
  });
});

describe('scheduleSweeps', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes up payments left half-way at once and every minute, one round at a time', async () => {
    vi.useFakeTimers();
    const db = openDatabase(':memory:');
    let finish = (): void => undefined;
    const resume = vi.fn(
      () =>
        new Promise<number>((resolve) => {
          finish = () => resolve(0);
        }),
    );
    const stop = scheduleSweeps(db, resume);
    // A process that starts finishes what the one before it was killed in.
    expect(resume).toHaveBeenCalledTimes(1);
    // A round that outlasts the minute is not started twice over.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(resume).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(resume).toHaveBeenCalledTimes(2);
    // A round that fails is tried again on the next minute.
    resume.mockRejectedValueOnce(new Error('provider down'));
    finish();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(warn).toHaveBeenCalledWith('payment sweep: Error: provider down');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(resume).toHaveBeenCalledTimes(4);
    stop();
    finish();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(resume).toHaveBeenCalledTimes(4);
    warn.mockRestore();
    db.close();
  });
});
